import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { data, Form, redirect } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/reset-password'
import { AuthCard } from '~/components/auth-card'
import { LinkRefusedCard } from '~/components/link-refused-card'
import { FormErrors, useErrorSummaryAction } from '~/components/form-field'
import { NewPasswordFields, RevokeTokensChoice } from '~/components/new-password-fields'
import { SubmitButton } from '~/components/submit-button'
import { lazySchema, useSchemaForm } from '~/components/use-schema-form'
import { isAppError } from '~/domain/errors'
import { HOTEL_NAME, pageMeta } from '~/domain/hotel'
import { attempt, pageHandler, parseForm, replyWithError } from '~/http/form.server'
import { resetPasswordAndLogIn } from '~/http/password-reset.server'
import { readFormData } from '~/http/request-body.server'
import { checkResetToken, RESET_MESSAGES } from '~/models/password-reset.server'
import { RESET_TOKEN_MAX, resetPasswordSchema } from '~/schemas/password-reset'

// /reset-password?token=… — the page a reset mail links to. GET only checks
// the link and shows the form (mail scanners follow links: nothing changes
// until a person submits). The POST sets the new password (the signup
// rules), ends every session of the account, logs this browser in and goes
// home. An unknown, used or expired link gets a page that says so, with a way
// to ask for a new one.

const HIDDEN = ['password', 'confirm_password']
const LINK_REFUSALS: string[] = Object.values(RESET_MESSAGES)

async function refusalOf(token: string) {
  try {
    await checkResetToken({ token })
    return null
  } catch (error) {
    if (isAppError(error)) return error
    throw error
  }
}

export const loader = pageHandler(async ({ url }: Route.LoaderArgs) => {
  const token = (url.searchParams.get('token') ?? '').slice(0, RESET_TOKEN_MAX)
  const refused = await refusalOf(token)
  if (refused) return data({ token: '', refusal: refused.message }, { status: refused.status })
  return { token, refusal: null }
})

export const action = pageHandler(async ({ request }: Route.ActionArgs) => {
  const formData = await readFormData(request)
  const submission = parseForm(formData, resetPasswordSchema)
  if (submission.status !== 'success')
    return data({ refusal: null, reply: submission.reply({ hideFields: HIDDEN }) }, { status: 400 })
  const done = await attempt(() => resetPasswordAndLogIn({ request, input: submission.value }))
  if (!done.ok) {
    const { error } = done
    // A link that died meanwhile (used in another tab, expired): the page says why.
    if (LINK_REFUSALS.includes(error.message))
      return data({ refusal: error.message, reply: null }, { status: error.status })
    return data(
      { refusal: null, reply: replyWithError(submission, error, { hideFields: HIDDEN }) },
      { status: error.status },
    )
  }
  throw redirect('/', { headers: done.value.headers })
})

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData?.refusal ?? loaderData.refusal
  if (refusal)
    return (
      <LinkRefusedCard
        refusal={refusal}
        next={{ to: '/forgot-password', label: 'Send me a new link' }}
      >
        <p className="auth-switch">
          Remembered your password? <Link to="/login">Log in</Link>
        </p>
      </LinkRefusedCard>
    )
  return (
    <AuthCard
      title="Choose a new password"
      lead="After the change you are logged in here, and logged out everywhere else."
    >
      <ResetPasswordForm token={loaderData.token} lastResult={actionData?.reply ?? undefined} />
    </AuthCard>
  )
}

const loadResetSchemas = () => import('~/schemas/password-reset')

function ResetPasswordForm({
  token,
  lastResult,
}: {
  token: string
  lastResult?: SubmissionResult<string[]>
}) {
  const [form, fields] = useSchemaForm(
    lazySchema(loadResetSchemas, (schemas) => schemas.resetPasswordSchema),
    { id: 'reset-password-form', lastResult },
  )
  const summaryAction = useErrorSummaryAction(`/reset-password?token=${encodeURIComponent(token)}`)
  return (
    <Form method="post" action={summaryAction} {...getFormProps(form)} className="form">
      <input type="hidden" name="token" value={token} />
      <FormErrors form={form} />
      <NewPasswordFields
        password={fields.password}
        confirm={fields.confirm_password}
        label="New password"
      />
      <RevokeTokensChoice />
      <SubmitButton className="btn btn-primary btn-block btn-lg" pendingText="Saving…">
        Set my new password
      </SubmitButton>
    </Form>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Choose a new password', `Reset the password of your ${HOTEL_NAME} account.`)

export { headers } from '~/http/route-headers'
