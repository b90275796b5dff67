import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useEffect, useRef } from 'react'
import { Form } from 'react-router'
import { Link } from './link'
import { FormErrors, InputField, SelectField, useErrorSummaryAction } from '~/components/form-field'
import { FormPanel } from '~/components/list-page'
import { SubmitButton } from '~/components/submit-button'
import { lazySchema, useSchemaForm } from '~/components/use-schema-form'
import { canInviteStaff } from '~/domain/permissions'
import { STAFF_POSITIONS, USER_SEARCH_MAX } from '~/domain/staff'
import type { Position } from '~/domain/user'

// The forms of the staff's users page: find an account, add a client who
// phones or walks in, invite a staff member. Each is a plain form that posts
// (or, for the search, GETs) without JavaScript, validated as you type with it.

/** The person using the page, as the forms need them. */
export type Viewer = { id: number; staff: boolean; position?: Position }

/** Find an account by name or email: a GET form, so the results have a URL. */
export function UserSearch({ search }: { search: string }) {
  // The field follows the URL when it changes in the browser (Clear, Back).
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (field.current) field.current.value = search
  }, [search])
  return (
    <Form method="get" role="search" className="list-search" aria-label="Users">
      <label className="field-label" htmlFor="user-search">
        Name or email
      </label>
      <div className="list-search-row">
        <input
          ref={field}
          id="user-search"
          className="field-control"
          type="search"
          name="q"
          defaultValue={search}
          maxLength={USER_SEARCH_MAX}
          autoComplete="off"
        />
        <button type="submit" className="btn btn-secondary">
          Search
        </button>
        {search ? (
          <Link className="btn btn-ghost" to="/users">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

const loadStaffSchemas = () => import('~/schemas/staff')

type LastResult = SubmissionResult<string[]> | undefined

// Both forms are the same for every request that did not just submit one, so
// the server writes each once (FormPanel's memoKey) and anew when it shows a
// submission's result.

/** A client who phones or walks in: an account at once, their password chosen from a mailed link. */
export function ClientForm({ lastResult }: { lastResult: LastResult }) {
  return (
    <FormPanel
      id="add-client"
      title="Add a client"
      memoKey="client"
      renderAnew={lastResult !== undefined}
    >
      {() => <ClientFormBody lastResult={lastResult} />}
    </FormPanel>
  )
}

function ClientFormBody({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useSchemaForm(
    lazySchema(loadStaffSchemas, (schemas) => schemas.clientAccountSchema),
    { id: 'client-form', lastResult },
  )
  const summaryAction = useErrorSummaryAction()
  return (
    <>
      <p className="muted text-sm">
        For someone who phones or walks in. They get an email with their username and a link, valid
        7 days, to choose a password.
      </p>
      <Form method="post" action={summaryAction} {...getFormProps(form)} className="form">
        <FormErrors form={form} />
        <div className="form-grid">
          <InputField meta={fields.fname} label="First name" autoComplete="off" />
          <InputField meta={fields.lname} label="Last name" autoComplete="off" />
          <InputField meta={fields.email} label="Email" type="email" autoComplete="off" />
          <InputField meta={fields.phone_num} label="Phone" type="tel" autoComplete="off" />
          <InputField meta={fields.address} label="Address" autoComplete="off" />
          <InputField meta={fields.city} label="City" autoComplete="off" />
          <InputField meta={fields.state} label="State" autoComplete="off" />
          <InputField meta={fields.zip} label="Zip" autoComplete="off" />
        </div>
        <div className="form-actions cluster">
          <SubmitButton name="intent" value="add-client" pendingText="Creating…">
            Create account
          </SubmitButton>
        </div>
      </Form>
    </>
  )
}

export function InviteForm({ actor, lastResult }: { actor: Viewer; lastResult: LastResult }) {
  const positions = STAFF_POSITIONS.filter((p) => canInviteStaff(actor, p))
  return (
    <FormPanel
      id="invite"
      title="Invite a staff member"
      memoKey={`invite ${positions.join(',')}`}
      renderAnew={lastResult !== undefined}
    >
      {() => <InviteFormBody positions={positions} lastResult={lastResult} />}
    </FormPanel>
  )
}

function InviteFormBody({
  positions,
  lastResult,
}: {
  positions: Position[]
  lastResult: LastResult
}) {
  const [form, fields] = useSchemaForm(
    lazySchema(loadStaffSchemas, (schemas) => schemas.invitationSchema),
    { id: 'invite-form', lastResult },
  )
  const summaryAction = useErrorSummaryAction()
  return (
    <>
      <p className="muted text-sm">
        They get an email with a link, valid 7 days, to choose their username and password.
      </p>
      <Form method="post" action={summaryAction} {...getFormProps(form)} className="form">
        <FormErrors form={form} />
        <div className="form-grid">
          <InputField meta={fields.fname} label="First name" autoComplete="off" />
          <InputField meta={fields.lname} label="Last name" autoComplete="off" />
          <InputField meta={fields.email} label="Email" type="email" autoComplete="off" />
          <SelectField
            meta={fields.position}
            label="Position"
            options={positions.map((p) => ({ value: p, label: p }))}
          />
        </div>
        <div className="form-actions cluster">
          <SubmitButton name="intent" value="invite" pendingText="Sending…">
            Send invitation
          </SubmitButton>
        </div>
      </Form>
    </>
  )
}
