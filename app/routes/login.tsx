import { data, redirect, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/login'
import { DemoLoginButtons } from '~/components/account-controls'
import { Brand } from '~/components/brand'
import { pageTitle } from '~/domain/hotel'
import { LoginForm } from '~/components/login-form'
import type { loader as rootLoader } from '~/root'
import { loginSchema } from '~/schemas/auth'
import { getCurrentUser } from '~/http/auth.server'
import { attempt, pageHandler, parseForm, replyWithError } from '~/http/form.server'
import { logIn } from '~/http/login.server'
import { readFormData } from '~/http/request-body.server'
import { safeRedirect } from '~/http/safe-redirect'

// /login: the Log In "modal route". Without JavaScript it is this page; with
// JavaScript the profile menu opens the same form (components/login-form.tsx)
// as a dialog over the current page, posting here either way.

export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'))
  if (await getCurrentUser(request)) throw redirect(redirectTo)
  return { redirectTo }
})

export const action = pageHandler(async ({ request, context }: Route.ActionArgs) => {
  const formData = await readFormData(request)
  const submission = parseForm(formData, loginSchema)
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['password'] }), { status: 400 })
  }
  const result = await attempt(() =>
    logIn({ request, fields: submission.value, clientIp: context.clientIp }),
  )
  if (!result.ok) {
    const headers: HeadersInit = result.error.retryAfter
      ? { 'Retry-After': String(result.error.retryAfter) }
      : {}
    return data(replyWithError(submission, result.error, { hideFields: ['password'] }), {
      status: result.error.status,
      headers,
    })
  }
  throw redirect(safeRedirect(formData.get('redirectTo')), {
    headers: { 'Set-Cookie': result.value.setCookie },
  })
})

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const redirectTo = loaderData.redirectTo
  return (
    <main id="main" className="auth-page">
      <div className="auth-brand">
        <Brand />
      </div>
      <div className="panel auth-card">
        <h1>Log In</h1>
        <p className="muted">Welcome back! Your pets missed you.</p>
        <div className="stack" style={{ marginTop: 'var(--space-5)' }}>
          <LoginForm
            lastResult={actionData}
            redirectTo={redirectTo !== '/' ? redirectTo : undefined}
          />
        </div>
        {root?.demoMode ? (
          <div className="demo-hint stack-sm">
            <hr />
            <p className="muted text-sm">Just looking around? Log in with a demo account:</p>
            <DemoLoginButtons
              variant="buttons"
              redirectTo={redirectTo !== '/' ? redirectTo : undefined}
            />
          </div>
        ) : null}
      </div>
    </main>
  )
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Log In') }]

export { headers } from '~/http/route-headers'
