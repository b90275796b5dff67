import type { Route } from './+types/users.me.password'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { getSession, requireApiUser } from '~/http/auth.server'
import { changePassword } from '~/models/user.server'
import { changePasswordSchema } from '~/schemas/account'
import { revokeAllApiTokens } from '~/models/api-token.server'

// PUT /api/users/me/password {current_password, password, confirm_password,
// revoke_tokens?} — a new password (the signup rules) after the current one;
// every other session of the account ends, the one asking stays; with
// revoke_tokens: true, every API token of the account too. 200 {"message"};
// a wrong current password is 400 under current_password.
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== 'PUT') return methodNotAllowed(['PUT'])
  const actor = await requireApiUser(request)
  const input = validate(
    changePasswordSchema,
    await readJsonObject(request),
    'Password was not changed',
  )
  const session = await getSession(request)
  await changePassword({
    actor,
    currentPassword: input.current_password,
    newPassword: input.password,
    sessionId: session?.sessionId,
  })
  if (input.revoke_tokens) await revokeAllApiTokens({ userId: actor.id })
  return ok({
    message: input.revoke_tokens
      ? 'Password changed. Every other session and every API token has ended.'
      : 'Password changed. Every other session has ended.',
  })
})

export function loader() {
  return methodNotAllowed(['PUT'])
}
