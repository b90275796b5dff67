/**
 * The Add Pet / Edit Pet form. A plain multipart POST (it works without
 * JavaScript); with JavaScript Conform checks every field as you type with the
 * same schema the server uses. Field names are the API's.
 *
 *   <PetForm mode="add" today="2026-03-08" lastResult={actionData} submitLabel="Add Pet" />
 *   <PetForm mode="edit" today={today} defaultValue={values} additionalAllowed={2} … />
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import {
  BEHAVIORS,
  GENDERS,
  MAX_ADDITIONAL_IMAGES,
  MAX_CONTACT_NAME,
  MAX_PHOTO_MB,
  PET_SIZES,
  PET_TYPES,
  sizeLabel,
} from '~/domain/pet'
import type { PetFormInput, PetFormMode } from '~/schemas/pet'
import {
  FormErrors,
  InputField,
  RadioGroupField,
  SelectField,
  TextareaField,
  useErrorSummaryAction,
} from './form-field'
import { SubmitButton } from './submit-button'
import './pet.css'
import { lazySchema, useSchemaForm } from './use-schema-form'
import { capitalize } from '~/domain/text'

const loadPetSchemas = () => import('~/schemas/pet')

/** What the inputs hold (text), e.g. an existing pet's values for the edit form. */
export type PetFormValue = {
  name: string
  type: string
  breed: string
  age: string
  gender: string
  color: string
  weight: string
  dob: string
  size: string
  behavior: string
  medication_note: string
  dietary_note: string
  vet_name: string
  vet_phone: string
  emergency_contact_name: string
  emergency_contact_phone: string
}

export function PetForm({
  id,
  mode,
  today,
  defaultValue,
  additionalAllowed = MAX_ADDITIONAL_IMAGES,
  lastResult,
  submitLabel,
  pendingText,
  cancel,
  action,
  ownerId,
}: {
  id: string
  mode: PetFormMode
  /** The hotel's date: the latest possible date of birth. */
  today: string
  defaultValue?: PetFormValue
  additionalAllowed?: number
  lastResult?: SubmissionResult<string[]> | null
  submitLabel: string
  pendingText: string
  cancel?: ReactNode
  action?: string
  /** Staff adding a pet for a client: whose pet it is. */
  ownerId?: number
}) {
  const summaryAction = useErrorSummaryAction(action)
  const [form, fields] = useSchemaForm<
    PetFormValue & { preview_image?: File; additional_images?: File[] },
    PetFormInput
  >(
    lazySchema(loadPetSchemas, (schemas) =>
      schemas.petFormSchema({ mode, today, additionalAllowed }),
    ),
    {
      id,
      lastResult,
      defaultValue,
    },
  )
  const photoHint = `JPEG, PNG, WebP, HEIC or GIF, up to ${MAX_PHOTO_MB} MB.`

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={summaryAction}
      {...getFormProps(form)}
      className="form"
    >
      {ownerId !== undefined ? <input type="hidden" name="owner_id" value={ownerId} /> : null}
      <FormErrors form={form} />
      <div className="form-grid">
        <InputField
          meta={fields.name}
          label="Name"
          autoComplete="off"
          maxLength={50}
          hint="Starts with a capital letter."
        />
        <InputField meta={fields.breed} label="Breed" autoComplete="off" maxLength={60} />
        <RadioGroupField
          meta={fields.type}
          legend="Type"
          options={PET_TYPES.map((t) => ({ value: t, label: capitalize(t) }))}
        />
        <RadioGroupField
          meta={fields.gender}
          legend="Gender"
          options={GENDERS.map((g) => ({ value: g, label: capitalize(g) }))}
        />
        <InputField meta={fields.age} label="Age (years)" inputMode="decimal" autoComplete="off" />
        <InputField
          meta={fields.weight}
          label="Weight (lbs)"
          inputMode="decimal"
          autoComplete="off"
        />
        <InputField meta={fields.color} label="Color" autoComplete="off" maxLength={60} />
        <InputField meta={fields.dob} label="Date of birth (DOB)" type="date" max={today} />
        <SelectField
          meta={fields.size}
          label="Size"
          placeholder="Choose a size…"
          options={PET_SIZES.map((s) => ({ value: s, label: sizeLabel(s) }))}
        />
        <SelectField
          meta={fields.behavior}
          label="Behavior"
          placeholder="Choose a behavior…"
          options={BEHAVIORS.map((b) => ({ value: b, label: capitalize(b) }))}
        />
        <TextareaField
          meta={fields.medication_note}
          label="Medication note (optional)"
          rows={2}
          maxLength={1000}
          className="field-wide"
        />
        <TextareaField
          meta={fields.dietary_note}
          label="Dietary note (optional)"
          rows={2}
          maxLength={1000}
          className="field-wide"
        />
        <InputField
          meta={fields.vet_name}
          label="Vet (optional)"
          autoComplete="off"
          maxLength={MAX_CONTACT_NAME}
        />
        <InputField
          meta={fields.vet_phone}
          label="Vet’s phone (optional)"
          type="tel"
          autoComplete="off"
        />
        <InputField
          meta={fields.emergency_contact_name}
          label="Emergency contact (optional)"
          hint="Someone other than you we can call if we cannot reach you."
          autoComplete="off"
          maxLength={MAX_CONTACT_NAME}
        />
        <InputField
          meta={fields.emergency_contact_phone}
          label="Emergency contact’s phone (optional)"
          type="tel"
          autoComplete="off"
        />
        <InputField
          meta={fields.preview_image}
          label={mode === 'add' ? 'Main photo' : 'Replace main photo (optional)'}
          type="file"
          accept="image/*"
          hint={
            mode === 'add'
              ? `The photo on your pet's card. ${photoHint}`
              : `Leave empty to keep the current one. ${photoHint}`
          }
          className="field-wide"
        />
        {additionalAllowed > 0 ? (
          <InputField
            meta={fields.additional_images}
            label="Additional images (optional)"
            type="file"
            accept="image/*"
            multiple
            hint={`Up to ${additionalAllowed} more ${additionalAllowed === 1 ? 'photo' : 'photos'}. ${photoHint}`}
            className="field-wide"
          />
        ) : (
          <p className="field-wide muted text-sm pet-form-note">
            This pet has {MAX_ADDITIONAL_IMAGES} additional photos, the most it can have. Remove one
            to add another.
          </p>
        )}
      </div>
      <div className="form-actions cluster">
        <SubmitButton pendingText={pendingText} formAction={action}>
          {submitLabel}
        </SubmitButton>
        {cancel}
      </div>
    </Form>
  )
}
