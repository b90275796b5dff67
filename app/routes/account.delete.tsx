import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { data, Form, redirect } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/account.delete'
import { stayText } from '~/components/booking-summary'
import { PageErrorBoundary } from '~/components/error-view'
import { FormErrors, InputField, useErrorSummaryAction } from '~/components/form-field'
import { Notice } from '~/components/notice'
import { PageHeader } from '~/components/page-header'
import { SubmitButton } from '~/components/submit-button'
import { lazySchema, useSchemaForm } from '~/components/use-schema-form'
import { BOOKING_TYPE_LABELS } from '~/domain/booking-rules'
import { pageMeta } from '~/domain/hotel'
import { requireUser } from '~/http/auth.server'
import { attempt, pageHandler, parseForm, replyWithError } from '~/http/form.server'
import { readFormData } from '~/http/request-body.server'
import { clearSessionCookieHeader } from '~/infra/session-cookie.server'
import { ACCOUNT_MESSAGES, deleteOwnAccount, describeDeletion } from '~/models/account.server'
import { deleteAccountSchema } from '~/schemas/account'
import '~/styles/account.css'

// /account/delete — the confirmation step of deleting one's own account (a
// client's): what goes (pets, photos, the upcoming stays listed here, which
// are cancelled), what stays (past stays without a name, reviews as "a former
// guest"), and the current password to confirm. Refused while a pet is at
// the hotel. Then the browser's session ends and a goodbye page follows.

export const loader = pageHandler(async ({ request }: Route.LoaderArgs) => {
  const user = await requireUser(request)
  const plan = await describeDeletion({ actor: user })
  return {
    ...plan,
    cancels: plan.cancels.map((b) => ({
      id: b.id,
      pet: b.pet.name,
      type: BOOKING_TYPE_LABELS[b.booking_type],
      stay: stayText(b),
    })),
  }
})

export const action = pageHandler(async ({ request }: Route.ActionArgs) => {
  const user = await requireUser(request)
  const submission = parseForm(await readFormData(request), deleteAccountSchema)
  const hideFields = ['current_password']
  if (submission.status !== 'success')
    return data(submission.reply({ formErrors: [ACCOUNT_MESSAGES.deleteFailed], hideFields }), {
      status: 400,
    })
  const deleted = await attempt(() =>
    deleteOwnAccount({ actor: user, currentPassword: submission.value.current_password }),
  )
  if (!deleted.ok)
    return data(replyWithError(submission, deleted.error, { hideFields }), {
      status: deleted.error.status,
    })
  throw redirect('/account/deleted', {
    headers: { 'Set-Cookie': await clearSessionCookieHeader() },
  })
})

const loadAccountSchemas = () => import('~/schemas/account')

export default function DeleteAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { allowed, refusal, cancels, pets } = loaderData
  const [form, fields] = useSchemaForm<{ current_password: string }, { current_password: string }>(
    lazySchema(loadAccountSchemas, (schemas) => schemas.deleteAccountSchema),
    { id: 'delete-account-form', lastResult: actionData as SubmissionResult<string[]> | undefined },
  )
  const summaryAction = useErrorSummaryAction()
  return (
    <div className="container-narrow page">
      <PageHeader
        title="Delete your account"
        description="This can't be undone. Read what happens, then confirm with your password."
      />
      {refusal ? <Notice tone="warning">{refusal}</Notice> : null}
      <section className="section panel stack" aria-labelledby="what-goes">
        <h2 id="what-goes">What happens</h2>
        <ul className="stack-sm">
          <li>
            Your profile, {pets === 1 ? 'your pet' : `your ${pets} pets`} and their photos are
            deleted, and you are logged out everywhere.
          </li>
          {cancels.length ? (
            <li>
              These upcoming stays are cancelled:
              <ul>
                {cancels.map((b) => (
                  <li key={b.id}>{`${b.pet}, ${b.type.toLowerCase()}, ${b.stay}`}</li>
                ))}
              </ul>
            </li>
          ) : null}
          <li>
            The hotel keeps the dates and amounts of past stays for its accounts, without your name
            or your pets’.
          </li>
          <li>Your reviews stay on the site, signed “a former guest”.</li>
          <li>We mail you a last message to confirm.</li>
        </ul>
        <p>
          <Link to="/account#data">Download a copy of your data first</Link>
        </p>
      </section>
      {allowed ? (
        <Form
          method="post"
          action={summaryAction}
          {...getFormProps(form)}
          className="form panel section account-danger"
        >
          <FormErrors form={form} />
          <InputField
            meta={fields.current_password}
            label="Your current password"
            type="password"
            autoComplete="current-password"
          />
          <div className="form-actions cluster">
            <SubmitButton className="btn btn-danger" pendingText="Deleting…">
              Delete my account for good
            </SubmitButton>
            <Link className="btn btn-secondary" to="/account">
              Keep my account
            </Link>
          </div>
        </Form>
      ) : (
        <p>
          <Link className="btn btn-secondary" to="/account">
            Back to my account
          </Link>
        </p>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Delete your account', 'Delete your account, your pets and their photos.')

export function ErrorBoundary() {
  return <PageErrorBoundary heading="Delete your account" failure="This page could not be loaded" />
}

export { headers } from '~/http/route-headers'
