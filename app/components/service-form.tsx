/**
 * The service form of /services: Create a Service, and Update in place of a
 * service's card. Field names are the API's (service, price, staff, species,
 * description); the rules
 * are the shared schema's, checked as you type with JavaScript and again on the
 * server (which is all there is without JavaScript).
 */
import { SERVICE_DESCRIPTION_MAX, SERVICE_SPECIES, SERVICE_SPECIES_LABELS } from '~/domain/service'
import { CheckboxGroupField, InputField, SelectField, TextareaField } from './form-field'
import { IntentForm, type ItemFormProps } from './intent-form'
import type { ServiceInput } from '~/schemas/service'
import { lazySchema, useSchemaForm } from './use-schema-form'

const loadServiceSchemas = () => import('~/schemas/service')

/** What the form holds: text from the inputs, the staff ids of the ticked boxes. */
export type ServiceFormValue = {
  service: string
  price: string
  staff: string[]
  species: string
  description: string
}

export type StaffOption = { id: number; fname: string; lname: string; position?: string }

export function ServiceForm({
  staffOptions,
  ...props
}: ItemFormProps<ServiceFormValue> & { staffOptions: StaffOption[] }) {
  const [form, fields] = useSchemaForm<ServiceFormValue, ServiceInput>(
    lazySchema(loadServiceSchemas, (schemas) => schemas.serviceSchema),
    { id: props.id, lastResult: props.lastResult, defaultValue: props.defaultValue },
  )
  return (
    <IntentForm form={form} {...props}>
      <div className="form-grid">
        <InputField
          meta={fields.service}
          label="Service Name"
          hint="Up to 100 characters"
          autoComplete="off"
        />
        <InputField
          meta={fields.price}
          label="Price"
          hint="In dollars, e.g. 25 or 12.50"
          inputMode="decimal"
          autoComplete="off"
        />
        <SelectField
          meta={fields.species}
          label="For"
          options={SERVICE_SPECIES.map((value) => ({
            value,
            label: SERVICE_SPECIES_LABELS[value],
          }))}
        />
      </div>
      <TextareaField
        meta={fields.description}
        label="Description (optional)"
        hint={`What the pet gets, in a sentence or two (up to ${SERVICE_DESCRIPTION_MAX} characters)`}
        rows={2}
      />
      {staffOptions.length ? (
        <CheckboxGroupField
          meta={fields.staff}
          legend="Staff"
          options={staffOptions.map((s) => ({
            value: String(s.id),
            label: `${s.fname} ${s.lname}${s.position ? ` (${s.position})` : ''}`,
          }))}
        />
      ) : (
        <p className="muted">No staff members yet.</p>
      )}
    </IntentForm>
  )
}
