import { data } from 'react-router'
import type { Route } from './+types/signup'
import { AuthCard } from '~/components/auth-card'
import { SignupForm } from '~/components/signup-form'
import { HOTEL_NAME, pageMeta } from '~/domain/hotel'
import { authPageLoader, completeAuthForm } from '~/http/auth-page.server'
import { pageHandler, parseForm } from '~/http/form.server'
import { readFormData } from '~/http/request-body.server'
import { signUp } from '~/http/signup.server'
import { signupFormSchema } from '~/schemas/auth'

// /signup: the Sign Up "modal route" (a page without JavaScript, a dialog
// from the profile menu with it). Same schema as POST /api/auth/signup plus
// confirm_password.

const HIDDEN = ['password', 'confirm_password']

export const loader = pageHandler(authPageLoader)

export const action = pageHandler(async ({ request, context }: Route.ActionArgs) => {
  const formData = await readFormData(request)
  const submission = parseForm(formData, signupFormSchema)
  if (submission.status !== 'success')
    return data(submission.reply({ hideFields: HIDDEN }), { status: 400 })
  const { confirm_password: _confirm, ...input } = submission.value
  return completeAuthForm({
    formData,
    submission,
    hideFields: HIDDEN,
    run: () => signUp({ request, input, clientIp: context.clientIp }),
  })
})

export default function SignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const redirectTo = loaderData.redirectTo !== '/' ? loaderData.redirectTo : undefined
  return (
    <AuthCard title="Sign Up" lead="Create an account to book stays for your pets." wide>
      <SignupForm lastResult={actionData} redirectTo={redirectTo} />
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Sign Up',
    `Create a ${HOTEL_NAME} account to register your cats and dogs and book their stays.`,
  )

export { headers } from '~/http/route-headers'
