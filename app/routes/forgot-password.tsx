import { getFormProps } from '@conform-to/react'
import { data, Form, redirect } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/forgot-password'
import { AuthCard } from '~/components/auth-card'
import { FormErrors, InputField, useErrorSummaryAction } from '~/components/form-field'
import { Notice } from '~/components/notice'
import { SubmitButton } from '~/components/submit-button'
import { lazySchema, useSchemaForm } from '~/components/use-schema-form'
import { HOTEL_NAME, pageMeta } from '~/domain/hotel'
import { attempt, pageHandler, parseForm, replyWithError } from '~/http/form.server'
import { askForPasswordReset, FORGOT_PASSWORD_ANSWER } from '~/http/password-reset.server'
import { readFormData } from '~/http/request-body.server'
import { forgotPasswordSchema } from '~/schemas/password-reset'

// /forgot-password (linked from the Log In form): one email field. The answer
// is the same whether or not the address has an account — after the post the
// page comes back (?sent) with one message — so the form tells nobody who is a
// guest here. Throttled per address and per email (http/password-reset.server.ts).

export const loader = pageHandler(async ({ url }: Route.LoaderArgs) => {
  return { sent: url.searchParams.has('sent'), answer: FORGOT_PASSWORD_ANSWER }
})

export const action = pageHandler(async ({ request, context }: Route.ActionArgs) => {
  const formData = await readFormData(request)
  const submission = parseForm(formData, forgotPasswordSchema)
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const asked = await attempt(() =>
    askForPasswordReset({ request, input: submission.value, clientIp: context.clientIp }),
  )
  if (!asked.ok) {
    const { error } = asked
    const headers: HeadersInit = error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : {}
    return data(replyWithError(submission, error), { status: error.status, headers })
  }
  // Post, then redirect: a reload does not send a second mail.
  throw redirect('/forgot-password?sent')
})

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.sent)
    return (
      <AuthCard title="Check your email" lead={loaderData.answer}>
        <Notice tone="success" quiet>
          Didn't get it? Check your spam folder, or <Link to="/forgot-password">ask again</Link>.
        </Notice>
        <p>
          <Link to="/login">Back to Log In</Link>
        </p>
      </AuthCard>
    )
  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter the email address of your account and we'll send you a link to choose a new password."
    >
      <ForgotPasswordForm lastResult={actionData ?? undefined} />
      <p className="auth-switch">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </AuthCard>
  )
}

const loadResetSchemas = () => import('~/schemas/password-reset')

function ForgotPasswordForm({ lastResult }: { lastResult?: Route.ComponentProps['actionData'] }) {
  const [form, fields] = useSchemaForm(
    lazySchema(loadResetSchemas, (schemas) => schemas.forgotPasswordSchema),
    { id: 'forgot-password-form', lastResult },
  )
  const summaryAction = useErrorSummaryAction()
  return (
    <Form method="post" action={summaryAction} {...getFormProps(form)} className="form">
      <FormErrors form={form} />
      <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
      <SubmitButton className="btn btn-primary btn-block btn-lg" pendingText="Sending…">
        Send me a reset link
      </SubmitButton>
    </Form>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Forgot your password?', `Reset the password of your ${HOTEL_NAME} account.`)

export { headers } from '~/http/route-headers'
