/**
 * Stay updates ("report cards") on a pet's page: the updates staff posted on
 * its stays, newest first (time, ticks, note, photo, who), and — for staff,
 * while the pet is checked in — a form to post one. The form is a multipart
 * post that works without JavaScript; with it, the shared schema checks it
 * as you type. `LatestStayUpdate` is the one-line summary the day sheet and
 * My bookings show.
 *
 *   <StayUpdates petName={pet.name} updates={…} here={checkedIn}
 *     postOn={staff ? checkedInBookingId : null} lastResult={actionData?.update} />
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { Link } from './link'
import type { StayUpdateSummary } from '~/domain/booking'
import { formatWallDateTime, formatWallTime } from '~/domain/hotel-time'
import {
  STAY_UPDATE_NOTE_MAX,
  STAY_UPDATE_TICKS,
  tickedLabels,
  type StayUpdate,
} from '~/domain/stay-update'
import type { StayUpdateInput } from '~/schemas/stay-update'
import { FormErrors, InputField, TextareaField, useErrorSummaryAction } from './form-field'
import { inputProps, viewOf } from './field-props'
import { SubmitButton } from './submit-button'
import { lazySchema, useSchemaForm } from './use-schema-form'

const loadStayUpdateSchemas = () => import('~/schemas/stay-update')

type StayUpdateFormValue = {
  note: string
  ate_well?: string
  played?: string
  medication_given?: string
  photo?: File
}

export function StayUpdates({
  petName,
  updates,
  here,
  postOn,
  lastResult,
}: {
  petName: string
  updates: StayUpdate[]
  /** The pet is checked in now (its owner is told updates will come). */
  here: boolean
  /** The checked-in booking staff may post on; null for owners, or when the pet is not here. */
  postOn: number | null
  lastResult?: SubmissionResult<string[]> | null
}) {
  if (!updates.length && !here) return null
  return (
    <section className="section stack" id="stay-updates" aria-labelledby="stay-updates-title">
      <h2 id="stay-updates-title" className="section-title">
        Stay updates
      </h2>
      {postOn !== null ? (
        <div className="panel stack">
          <h3>Post an update</h3>
          <p className="muted text-sm">
            {petName}’s owner sees it on this page at once, and in one summary mail this evening.
          </p>
          {/* A new, empty form once an update is posted. */}
          <StayUpdateForm key={updates[0]?.id ?? 0} bookingId={postOn} lastResult={lastResult} />
        </div>
      ) : null}
      {updates.length ? (
        <ol className="stay-updates" aria-label={`Updates on ${petName}’s stays, newest first`}>
          {updates.map((u) => (
            <li key={u.id} className="stay-update panel">
              <p className="stay-update-when">
                <time dateTime={u.created_at.replace(' ', 'T')}>
                  {formatWallDateTime(u.created_at)}
                </time>
                {u.author ? <span className="muted"> · {u.author}</span> : null}
              </p>
              {tickedLabels(u).length ? (
                <ul className="cluster stay-update-ticks" aria-label="Ticked">
                  {tickedLabels(u).map((label) => (
                    <li key={label} className="badge badge-primary">
                      {label}
                    </li>
                  ))}
                </ul>
              ) : null}
              {u.note ? <p className="stay-update-note">{u.note}</p> : null}
              {u.photo_url ? (
                <a href={u.photo_url} className="stay-update-photo">
                  <img
                    src={u.photo_url}
                    alt={`Photo of ${petName} from ${formatWallDateTime(u.created_at)} (opens full size)`}
                    width={240}
                    height={180}
                    loading="lazy"
                    decoding="async"
                  />
                </a>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">
          No updates yet: our staff post them during the day while {petName} is with us.
        </p>
      )}
    </section>
  )
}

function StayUpdateForm({
  bookingId,
  lastResult,
}: {
  bookingId: number
  lastResult?: SubmissionResult<string[]> | null
}) {
  const [form, fields] = useSchemaForm<StayUpdateFormValue, StayUpdateInput>(
    lazySchema(loadStayUpdateSchemas, (schemas) => schemas.stayUpdateSchema),
    { id: 'stay-update-form', lastResult, defaultValue: { note: '' } },
  )
  return (
    <Form
      method="post"
      action={useErrorSummaryAction()}
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="form"
    >
      <input type="hidden" name="id" value={bookingId} />
      <FormErrors form={form} />
      <fieldset className="field choice-group">
        <legend className="field-label">How is it going?</legend>
        <div className="choice-options">
          {STAY_UPDATE_TICKS.map(({ field, label }) => {
            const input = inputProps(viewOf(fields[field]), { type: 'checkbox', value: 'on' })
            return (
              <label key={field} className="choice" htmlFor={input.id}>
                <input {...input} />
                <span>{label}</span>
              </label>
            )
          })}
        </div>
      </fieldset>
      <TextareaField
        meta={fields.note}
        label="Note (optional)"
        rows={3}
        maxLength={STAY_UPDATE_NOTE_MAX}
        hint="What they did, how they ate, anything the owner would like to know."
      />
      <InputField
        meta={fields.photo}
        label="Photo (optional)"
        type="file"
        accept="image/*"
        hint="Only the owner and our staff can see it. Up to 10 MB."
      />
      <div className="form-actions cluster">
        <SubmitButton name="intent" value="post-update" pendingText="Posting…">
          Post update
        </SubmitButton>
      </div>
    </Form>
  )
}

/** One line for a stay with updates: how many, and the newest (day sheet, My bookings). */
export function LatestStayUpdate({
  summary,
  petId,
}: {
  summary: StayUpdateSummary
  petId: number
}) {
  const { count, latest } = summary
  const said = [...tickedLabels(latest), ...(latest.photo_url ? ['Photo'] : [])].join(' · ')
  const note = latest.note.length > 80 ? `${latest.note.slice(0, 79)}…` : latest.note
  return (
    <>
      {`${count} ${count === 1 ? 'update' : 'updates'} · latest ${formatWallTime(latest.created_at)}: `}
      {[said, note].filter(Boolean).join(' — ')}
      {' · '}
      <Link to={`/pets/${petId}#stay-updates`}>See updates</Link>
    </>
  )
}
