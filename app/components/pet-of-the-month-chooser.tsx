/**
 * The landing page's Pet of the Month chooser (Owner and Managers): a pet and
 * a short note for this month, or back to the automatic choice (the most
 * booked pet of last month). A <details> that opens without JavaScript.
 *
 *   <PetOfTheMonthChooser chooser={{ pets, chosen }} lastResult={actionData} />
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { POTM_NOTE_MAX } from '~/domain/pet'
import { FormErrors, SelectField, TextareaField, useErrorSummaryAction } from './form-field'
import { ChevronDownIcon, EditIcon } from './icons'
import { SubmitButton } from './submit-button'
import { lazySchema, useSchemaForm } from './use-schema-form'

const loadPetOfTheMonthSchemas = () => import('~/schemas/pet-of-the-month')

/** A pet the Owner or a Manager may choose. */
export type PetChoice = { id: number; name: string; type: string; owner_username: string }

export function PetOfTheMonthChooser({
  chooser,
  lastResult,
}: {
  chooser: { pets: PetChoice[]; chosen: { pet_id: number; note: string } | null }
  lastResult?: SubmissionResult<string[]> | null
}) {
  const summaryAction = useErrorSummaryAction()
  const [form, fields] = useSchemaForm(
    lazySchema(loadPetOfTheMonthSchemas, (s) => s.petOfTheMonthSchema),
    {
      id: 'potm-form',
      lastResult,
      defaultValue: {
        pet_id: chooser.chosen ? String(chooser.chosen.pet_id) : '',
        note: chooser.chosen?.note ?? '',
      },
    },
  )
  return (
    // Keyed by the saved choice: after a save (a redirect back here) it closes, as it does without JS.
    <details
      className="potm-chooser"
      open={!!lastResult?.error}
      key={chooser.chosen ? `${chooser.chosen.pet_id}:${chooser.chosen.note}` : 'auto'}
    >
      <summary>
        <EditIcon />
        Choose this month’s pet
        <ChevronDownIcon className="dropdown-caret" />
      </summary>
      {chooser.pets.length ? (
        <>
          <Form method="post" action={summaryAction} {...getFormProps(form)} className="form panel">
            <FormErrors form={form} />
            <SelectField
              meta={fields.pet_id}
              label="Pet"
              placeholder="Choose a pet…"
              options={chooser.pets.map((p) => ({
                value: String(p.id),
                label: `${p.name} (${p.type}, ${p.owner_username})`,
              }))}
            />
            <TextareaField
              meta={fields.note}
              label="Note"
              rows={3}
              maxLength={POTM_NOTE_MAX}
              hint={`Optional, up to ${POTM_NOTE_MAX} characters.`}
            />
            <div className="form-actions">
              <SubmitButton name="intent" value="choose" pendingText="Saving…">
                Save Pet of the Month
              </SubmitButton>
            </div>
          </Form>
          {chooser.chosen ? (
            <Form method="post" className="form-actions">
              <SubmitButton
                name="intent"
                value="clear"
                className="btn btn-ghost btn-sm"
                pendingText="Resetting…"
              >
                Use the most booked pet instead
              </SubmitButton>
            </Form>
          ) : null}
        </>
      ) : (
        <p className="muted">No pets yet.</p>
      )}
    </details>
  )
}
