import type { FieldMetadata } from '@conform-to/react'
import { InputField } from './form-field'

/**
 * A new password and its confirmation, as signup, an invitation and a
 * password reset ask for them (the signup rules; the password manager offers
 * a strong one):
 *   <NewPasswordFields password={fields.password} confirm={fields.confirm_password} />
 */
export function NewPasswordFields<Schema>({
  password,
  confirm,
  label = 'Password',
}: {
  password: FieldMetadata<Schema>
  confirm: FieldMetadata<Schema>
  label?: string
}) {
  return (
    <>
      <InputField
        meta={password}
        label={label}
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
      />
      <InputField
        meta={confirm}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
      />
    </>
  )
}

/**
 * Under a new password: whether the person's API tokens (scripts and
 * integrations) end too. Unticked, they keep working.
 */
export function RevokeTokensChoice({ count }: { count?: number }) {
  return (
    <label className="choice">
      <input type="checkbox" name="revoke_tokens" />
      {count === undefined
        ? 'Also revoke my API tokens, if I made any (scripts that use them stop working)'
        : `Also revoke my ${count === 1 ? 'API token' : `${count} API tokens`} (scripts that use ${count === 1 ? 'it' : 'them'} stop working)`}
    </label>
  )
}
