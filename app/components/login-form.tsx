/**
 * The Log In form, shared by the /login page and the Log In dialog that the
 * profile menu opens with JavaScript. It always posts to /login (a plain POST
 * without JS; a fetcher with JS, so the dialog stays over the current page
 * until the action redirects back to `redirectTo`).
 *
 *   <LoginForm lastResult={actionData} redirectTo="/pets" />
 *   <LoginForm redirectTo={here} onSwitchToSignup={() => setModal('signup')} />
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useFetcher } from 'react-router'
import { Link } from './link'
import { ERROR_SUMMARY_ID, FormErrors, InputField } from './form-field'
import { SubmitButton } from './submit-button'
import { lazySchema, useSchemaForm } from './use-schema-form'

export const LOGIN_FORM_ID = 'login-form'

/** The Log In and Sign Up rules, fetched when one of their forms is first touched. */
export const loadAuthSchemas = () => import('~/schemas/auth')

/** `/login?redirectTo=…` (or just `/login` when the way back is home). */
export function withRedirect(path: string, redirectTo: string | undefined) {
  return redirectTo && redirectTo !== '/'
    ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}`
    : path
}

export function LoginForm({
  lastResult,
  redirectTo,
  onSwitchToSignup,
}: {
  lastResult?: SubmissionResult<string[]> | null
  redirectTo?: string
  onSwitchToSignup?: () => void
}) {
  const fetcher = useFetcher<SubmissionResult<string[]>>()
  const [form, fields] = useSchemaForm(
    lazySchema(loadAuthSchemas, (schemas) => schemas.loginSchema),
    {
      id: LOGIN_FORM_ID,
      lastResult: fetcher.data ?? lastResult,
    },
  )
  const signupHref = withRedirect('/signup', redirectTo)

  return (
    // The address keeps the way back, so a refused post (no JavaScript) still has it.
    <fetcher.Form
      method="post"
      action={`${withRedirect('/login', redirectTo)}#${ERROR_SUMMARY_ID}`}
      {...getFormProps(form)}
      className="form"
    >
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormErrors form={form} />
      <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
      <InputField
        meta={fields.password}
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <p className="text-sm">
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <SubmitButton
        state={fetcher.state}
        className="btn btn-primary btn-block btn-lg"
        pendingText="Logging in…"
      >
        Log In
      </SubmitButton>
      <p className="auth-switch">
        New here?{' '}
        <Link
          to={signupHref}
          onClick={(event) => {
            if (!onSwitchToSignup) return
            event.preventDefault()
            onSwitchToSignup()
          }}
        >
          Create an account
        </Link>
      </p>
    </fetcher.Form>
  )
}
