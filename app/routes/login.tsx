import { data, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/login'
import { DemoLoginButtons } from '~/components/demo-login-buttons'
import { AuthCard } from '~/components/auth-card'
import { LoginForm } from '~/components/login-form'
import { AppError, isAppError } from '~/domain/errors'
import { HOTEL_NAME, pageMeta } from '~/domain/hotel'
import { authPageLoader, completeAuthForm } from '~/http/auth-page.server'
import { pageHandler, parseForm } from '~/http/form.server'
import { landingAfterLogin } from '~/http/landing.server'
import { LOGIN_FAILED_MESSAGE, logIn } from '~/http/login.server'
import { readFormData } from '~/http/request-body.server'
import type { loader as rootLoader } from '~/root'
import { loginSchema } from '~/schemas/auth'

// /login: the Log In "modal route". Without JavaScript it is this page; with
// JavaScript the profile menu opens the same form (components/login-form.tsx)
// as a dialog over the current page, posting here either way.

const HIDDEN = ['password']

export const loader = pageHandler(authPageLoader)

export const action = pageHandler(async ({ request, context }: Route.ActionArgs) => {
  const formData = await readFormData(request)
  const submission = parseForm(formData, loginSchema)
  if (submission.status !== 'success')
    return data(submission.reply({ hideFields: HIDDEN }), { status: 400 })
  return completeAuthForm({
    formData,
    submission,
    hideFields: HIDDEN,
    run: () =>
      logIn({ request, fields: submission.value, clientIp: context.clientIp }).catch(
        oneLoginMessage,
      ),
    landing: ({ user }, redirectTo) => landingAfterLogin(user, redirectTo),
  })
})

/**
 * A wrong email or password is one message above the form, not the same words
 * under both fields as well (the JSON call keeps its field errors: its answer is the contract).
 */
function oneLoginMessage(error: unknown): never {
  if (isAppError(error) && error.kind === 'unauthenticated')
    throw new AppError('unauthenticated', LOGIN_FAILED_MESSAGE)
  throw error
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const redirectTo = loaderData.redirectTo !== '/' ? loaderData.redirectTo : undefined
  return (
    <AuthCard
      title="Log In"
      lead="Welcome back! Your pets missed you."
      footer={
        root?.demoMode ? (
          <div className="demo-hint stack-sm">
            <hr />
            <p className="muted text-sm">Just looking around? Log in with a demo account:</p>
            <DemoLoginButtons variant="buttons" redirectTo={redirectTo} />
          </div>
        ) : null
      }
    >
      <LoginForm lastResult={actionData} redirectTo={redirectTo} />
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Log In',
    `Log in to ${HOTEL_NAME} to book day care and boarding, manage your pets and write reviews.`,
  )

export { headers } from '~/http/route-headers'
