/**
 * The Sign Up form, shared by the /signup page and the Sign Up dialog that
 * the profile menu opens with JavaScript. Posts to /signup (plain POST without
 * JS, a fetcher with JS). Field names are the API's; every rule's message shows
 * under its field, server errors under email / username / password and as a
 * general message.
 *
 *   <SignupForm lastResult={actionData} redirectTo="/" />
 *   <SignupForm redirectTo={here} onSwitchToLogin={() => setModal('login')} />
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useFetcher } from 'react-router'
import { Link } from './link'
import { ERROR_SUMMARY_ID, FormErrors, InputField } from './form-field'
import { ContactFields } from './contact-fields'
import { NewPasswordFields } from './new-password-fields'
import { loadAuthSchemas, withRedirect } from './login-form'
import { SubmitButton } from './submit-button'
import { lazySchema, useSchemaForm } from './use-schema-form'

export const SIGNUP_FORM_ID = 'signup-form'

export function SignupForm({
  lastResult,
  redirectTo,
  onSwitchToLogin,
}: {
  lastResult?: SubmissionResult<string[]> | null
  redirectTo?: string
  onSwitchToLogin?: () => void
}) {
  const fetcher = useFetcher<SubmissionResult<string[]>>()
  const [form, fields] = useSchemaForm(
    lazySchema(loadAuthSchemas, (schemas) => schemas.signupFormSchema),
    {
      id: SIGNUP_FORM_ID,
      lastResult: fetcher.data ?? lastResult,
    },
  )
  const loginHref = withRedirect('/login', redirectTo)

  return (
    // The address keeps the way back, so a refused post (no JavaScript) still has it.
    <fetcher.Form
      method="post"
      action={`${withRedirect('/signup', redirectTo)}#${ERROR_SUMMARY_ID}`}
      {...getFormProps(form)}
      className="form"
    >
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormErrors form={form} />
      <p className="muted text-sm">All fields are required.</p>
      <div className="form-grid">
        <InputField meta={fields.fname} label="First name" autoComplete="given-name" />
        <InputField meta={fields.lname} label="Last name" autoComplete="family-name" />
        <InputField meta={fields.username} label="Username" autoComplete="username" />
        <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <NewPasswordFields password={fields.password} confirm={fields.confirm_password} />
        <ContactFields fields={fields} />
      </div>
      <SubmitButton
        state={fetcher.state}
        className="btn btn-primary btn-block btn-lg"
        pendingText="Creating your account…"
      >
        Sign Up
      </SubmitButton>
      <p className="auth-switch">
        Already have an account?{' '}
        <Link
          to={loginHref}
          onClick={(event) => {
            if (!onSwitchToLogin) return
            event.preventDefault()
            onSwitchToLogin()
          }}
        >
          Log in
        </Link>
      </p>
    </fetcher.Form>
  )
}
