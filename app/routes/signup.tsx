import { data, redirect } from 'react-router'
import type { Route } from './+types/signup'
import { Brand } from '~/components/brand'
import { pageTitle } from '~/domain/hotel'
import { SignupForm } from '~/components/signup-form'
import { getCurrentUser } from '~/http/auth.server'
import { attempt, pageHandler, parseForm, replyWithError } from '~/http/form.server'
import { readFormData } from '~/http/request-body.server'
import { safeRedirect } from '~/http/safe-redirect'
import { signUp } from '~/http/signup.server'
import { signupFormSchema } from '~/schemas/auth'

// /signup: the Sign Up "modal route" (a page without JavaScript, a dialog
// from the profile menu with it). Same schema as POST /api/auth/signup plus
// confirm_password.

const HIDDEN = ['password', 'confirm_password']

export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'))
  if (await getCurrentUser(request)) throw redirect(redirectTo)
  return { redirectTo }
})

export const action = pageHandler(async ({ request, context }: Route.ActionArgs) => {
  const formData = await readFormData(request)
  const submission = parseForm(formData, signupFormSchema)
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: HIDDEN }), { status: 400 })
  }
  const { confirm_password: _confirm, ...input } = submission.value
  const result = await attempt(() => signUp({ request, input, clientIp: context.clientIp }))
  if (!result.ok)
    return data(replyWithError(submission, result.error, { hideFields: HIDDEN }), {
      status: result.error.status,
    })
  throw redirect(safeRedirect(formData.get('redirectTo')), {
    headers: { 'Set-Cookie': result.value.setCookie },
  })
})

export default function SignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const redirectTo = loaderData.redirectTo
  return (
    <main id="main" className="auth-page">
      <div className="auth-brand">
        <Brand />
      </div>
      <div className="panel auth-card auth-card-wide">
        <h1>Sign Up</h1>
        <p className="muted">Create an account to book stays for your pets.</p>
        <div className="stack" style={{ marginTop: 'var(--space-5)' }}>
          <SignupForm
            lastResult={actionData}
            redirectTo={redirectTo !== '/' ? redirectTo : undefined}
          />
        </div>
      </div>
    </main>
  )
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Sign Up') }]

export { headers } from '~/http/route-headers'
