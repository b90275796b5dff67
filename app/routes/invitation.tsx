import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { data, Form, redirect } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/invitation'
import { AuthCard } from '~/components/auth-card'
import { FormErrors, InputField, useErrorSummaryAction } from '~/components/form-field'
import { ContactFields } from '~/components/contact-fields'
import { NewPasswordFields } from '~/components/new-password-fields'
import { SubmitButton } from '~/components/submit-button'
import { lazySchema, useSchemaForm } from '~/components/use-schema-form'
import { isAppError } from '~/domain/errors'
import { HOTEL_NAME, pageMeta } from '~/domain/hotel'
import { startSession } from '~/http/auth.server'
import { attempt, pageHandler, parseForm, replyWithError } from '~/http/form.server'
import { readFormData } from '~/http/request-body.server'
import { acceptInvitation, readInvitation, STAFF_MESSAGES } from '~/models/user-admin.server'
import { acceptInvitationSchema, type AcceptInvitationInput } from '~/schemas/staff'

// /invitation?token=… — the page an invitation mail links to. GET only shows
// the form (mail scanners follow links; nothing changes until a person
// submits). The POST creates the staff account with the invited email and
// position, uses the token up, logs the new staff member in and takes them
// to today's day sheet. A used, expired or unknown link gets a page that
// says so.

const HIDDEN = ['password', 'confirm_password']
const TOKEN_REFUSALS: string[] = [
  STAFF_MESSAGES.invitationUnknown,
  STAFF_MESSAGES.invitationUsed,
  STAFF_MESSAGES.invitationExpired,
]

async function open(token: string) {
  try {
    return { ok: true as const, invitation: await readInvitation({ token }) }
  } catch (error) {
    if (isAppError(error))
      return { ok: false as const, message: error.message, status: error.status }
    throw error
  }
}

export const loader = pageHandler(async ({ url }: Route.LoaderArgs) => {
  const token = (url.searchParams.get('token') ?? '').slice(0, 200)
  const opened = await open(token)
  if (!opened.ok)
    return data({ token, invitation: null, refusal: opened.message }, { status: opened.status })
  return { token, invitation: opened.invitation, refusal: null }
})

export const action = pageHandler(async ({ request }: Route.ActionArgs) => {
  const formData = await readFormData(request)
  const submission = parseForm(formData, acceptInvitationSchema)
  if (submission.status !== 'success')
    return data(submission.reply({ hideFields: HIDDEN }), { status: 400 })
  const { confirm_password: _confirm, ...input } = submission.value
  const created = await attempt(() => acceptInvitation({ input }))
  if (!created.ok) {
    // A link that died meanwhile: the loader's page says why.
    if (TOKEN_REFUSALS.includes(created.error.message))
      return data(null, { status: created.error.status })
    return data(replyWithError(submission, created.error, { hideFields: HIDDEN }), {
      status: created.error.status,
    })
  }
  throw redirect('/bookingsByDate', { headers: await startSession(request, created.value) })
})

export default function InvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, invitation, refusal } = loaderData
  if (!invitation)
    return (
      <AuthCard title="Invitation not valid" lead={refusal ?? ''}>
        <p>
          <Link to="/login">Log in</Link> if you already have an account, or go to the{' '}
          <Link to="/">home page</Link>.
        </p>
      </AuthCard>
    )
  return (
    <AuthCard
      title="Join the staff"
      lead={`You're invited to join ${HOTEL_NAME} as ${invitation.position === 'Employee' ? 'an Employee' : 'a Manager'}. Choose a username and password to set up your account.`}
      wide
    >
      <AcceptForm token={token} invitation={invitation} lastResult={actionData ?? undefined} />
    </AuthCard>
  )
}

const loadStaffSchemas = () => import('~/schemas/staff')

function AcceptForm({
  token,
  invitation,
  lastResult,
}: {
  token: string
  invitation: { email: string; fname: string; lname: string }
  lastResult?: SubmissionResult<string[]>
}) {
  const [form, fields] = useSchemaForm<Partial<Record<keyof AcceptInvitationInput, string>>>(
    lazySchema(loadStaffSchemas, (schemas) => schemas.acceptInvitationSchema),
    {
      id: 'invitation-form',
      lastResult,
      defaultValue: { fname: invitation.fname, lname: invitation.lname },
    },
  )
  const summaryAction = useErrorSummaryAction(`/invitation?token=${encodeURIComponent(token)}`)
  return (
    <Form method="post" action={summaryAction} {...getFormProps(form)} className="form">
      <input type="hidden" name="token" value={token} />
      <FormErrors form={form} />
      <div className="field">
        <label className="field-label" htmlFor="invitation-email">
          Email
        </label>
        <input
          id="invitation-email"
          className="field-control"
          type="email"
          value={invitation.email}
          readOnly
          aria-describedby="invitation-email-hint"
        />
        <p id="invitation-email-hint" className="field-hint">
          The address you were invited at.
        </p>
      </div>
      <p className="muted text-sm">All fields are required.</p>
      <div className="form-grid">
        <InputField meta={fields.fname} label="First name" autoComplete="given-name" />
        <InputField meta={fields.lname} label="Last name" autoComplete="family-name" />
        <InputField meta={fields.username} label="Username" autoComplete="username" />
        <NewPasswordFields password={fields.password} confirm={fields.confirm_password} />
        <ContactFields fields={fields} />
      </div>
      <SubmitButton className="btn btn-primary btn-block btn-lg" pendingText="Setting up…">
        Set up my account
      </SubmitButton>
    </Form>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Join the staff', `Set up your ${HOTEL_NAME} staff account.`)

export { headers } from '~/http/route-headers'
