/**
 * The Vaccinations section of a pet's page: the records (newest expiry
 * first) with what the hotel requires of the species and what is missing or
 * has run out, a form to add a record, and Delete — and, for staff, Verify
 * (a record checked against its certificate). Every control is a form post
 * that works without JavaScript; with it, the add form checks the shared
 * schema as you type.
 *
 *   <PetVaccinations petId={pet.id} petName={pet.name} records={…} required={…}
 *     gaps={…} canVerify={staff} today="2026-11-23" lastResult={actionData?.result} />
 */
import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { ConfirmDialog } from './confirm-dialog'
import { formatPetDate } from './pet-bookings'
import { InputField } from './form-field'
import { IntentForm } from './intent-form'
import { Notice } from './notice'
import { SubmitButton } from './submit-button'
import { lazySchema, useSchemaForm } from './use-schema-form'
import { gapMessage, type VaccinationGap, type VaccinationRecord } from '~/domain/vaccination'
import type { VaccinationInput } from '~/schemas/vaccination'

const loadVaccinationSchemas = () => import('~/schemas/vaccination')

type VaccinationFormValue = {
  vaccine: string
  given_on: string
  expires_on: string
  certificate?: File
}

export function PetVaccinations({
  petId,
  petName,
  records,
  required,
  gaps,
  canVerify,
  today,
  lastResult,
}: {
  petId: number
  petName: string
  records: VaccinationRecord[]
  /** The vaccines the hotel requires of this pet's species. */
  required: string[]
  /** The required vaccines missing or run out as of today. */
  gaps: VaccinationGap[]
  canVerify: boolean
  today: string
  lastResult?: SubmissionResult<string[]> | null
}) {
  return (
    <section className="section stack" id="vaccinations" aria-labelledby="vaccinations-title">
      <h2 id="vaccinations-title" className="section-title">
        Vaccinations
      </h2>
      <p className="muted">
        {required.length
          ? `We need ${required.join(', ')} to be valid through the last day of every stay.`
          : 'The hotel requires no vaccines of this species.'}
      </p>
      {gaps.length ? (
        <Notice tone="warning">
          {petName} cannot be checked in until these are recorded: {gaps.map(gapMessage).join('; ')}
          .
        </Notice>
      ) : null}
      {records.length ? (
        <div className="table-wrap">
          <table className="table table-stack">
            <caption className="visually-hidden">Vaccinations of {petName}</caption>
            <thead>
              <tr>
                <th scope="col">Vaccine</th>
                <th scope="col">Given</th>
                <th scope="col">Expires</th>
                <th scope="col">Verified</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((r) => (
                <tr key={r.id}>
                  <th scope="row" data-label="Vaccine">
                    {r.vaccine}
                  </th>
                  <td data-label="Given">
                    <time dateTime={r.given_on}>{formatPetDate(r.given_on)}</time>
                  </td>
                  {/* One element per cell: on a phone the cell is a two-column grid (label, value). */}
                  <td data-label="Expires">
                    <span>
                      <time dateTime={r.expires_on}>{formatPetDate(r.expires_on)}</time>
                      {r.expires_on < today ? (
                        <>
                          {' '}
                          <span className="badge badge-danger">Expired</span>
                        </>
                      ) : null}
                    </span>
                  </td>
                  <td data-label="Verified">
                    <span>
                      {r.verified ? 'Verified' : <span className="badge badge-muted">Not yet</span>}
                    </span>
                  </td>
                  <td data-label="Actions">
                    <div className="cluster">
                      {r.certificate_url ? (
                        <a className="btn btn-ghost btn-sm" href={r.certificate_url}>
                          Certificate<span className="visually-hidden">{` of ${r.vaccine}`}</span>
                        </a>
                      ) : null}
                      {canVerify && !r.verified ? (
                        <RecordButton
                          petId={petId}
                          id={r.id}
                          intent="verify-vaccination"
                          label="Verify"
                          pendingText="Verifying…"
                          describe={`${r.vaccine} of ${petName}`}
                        />
                      ) : null}
                      <ConfirmDialog
                        confirmId={`delete-vaccination-${r.id}`}
                        question={`Delete the ${r.vaccine} record of ${petName}?`}
                        fields={{ intent: 'delete-vaccination', id: String(r.id) }}
                        action={`/pets/${petId}`}
                        hash="#vaccinations"
                        triggerClassName="btn btn-danger btn-sm"
                        icon={false}
                        triggerLabel={
                          <>
                            Delete<span className="visually-hidden">{` ${r.vaccine}`}</span>
                          </>
                        }
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No vaccinations on record yet.</p>
      )}
      <div className="panel stack">
        <h3>Add a vaccination</h3>
        {/* A new form (empty fields) once a record is added or deleted. */}
        <VaccinationForm
          key={records.map((r) => r.id).join()}
          required={required}
          today={today}
          lastResult={lastResult}
        />
      </div>
    </section>
  )
}

function RecordButton({
  petId,
  id,
  intent,
  label,
  pendingText,
  describe,
}: {
  petId: number
  id: number
  intent: string
  label: string
  pendingText: string
  describe: string
}) {
  return (
    <Form method="post" action={`/pets/${petId}#vaccinations`} preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <SubmitButton
        name="intent"
        value={intent}
        pendingText={pendingText}
        className="btn btn-secondary btn-sm"
        aria-label={`${label} ${describe}`}
      >
        {label}
      </SubmitButton>
    </Form>
  )
}

function VaccinationForm({
  required,
  today,
  lastResult,
}: {
  required: string[]
  today: string
  lastResult?: SubmissionResult<string[]> | null
}) {
  const [form, fields] = useSchemaForm<VaccinationFormValue, VaccinationInput>(
    lazySchema(loadVaccinationSchemas, (schemas) => schemas.vaccinationSchema(today)),
    {
      id: 'vaccination-form',
      lastResult,
      defaultValue: { vaccine: '', given_on: '', expires_on: '' },
    },
  )
  return (
    <IntentForm
      form={form}
      intent="create"
      submitLabel="Add vaccination"
      pendingText="Adding…"
      encType="multipart/form-data"
    >
      <div className="form-grid">
        <InputField
          meta={fields.vaccine}
          label="Vaccine"
          list="required-vaccines"
          autoComplete="off"
          maxLength={60}
        />
        <datalist id="required-vaccines">
          {required.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <InputField meta={fields.given_on} label="Date given" type="date" max={today} />
        <InputField meta={fields.expires_on} label="Expiry date" type="date" />
        <InputField
          meta={fields.certificate}
          label="Photo of the certificate (optional)"
          type="file"
          accept="image/*"
          hint="Only you and our staff can see it. JPEG, PNG, WebP, HEIC or GIF, up to 10 MB."
        />
      </div>
    </IntentForm>
  )
}
