/**
 * Labelled form controls wired for Conform: visible <label>, error text under
 * the field (id = meta.errorId), aria-invalid and aria-describedby set only
 * while the field has an error, optional hint text (id = meta.descriptionId).
 * Names come from the Conform field, i.e. the API field names.
 *
 *   const [form, fields] = useSchemaForm(lazySchema(loadMySchemas, (s) => s.mySchema), {
 *     id: 'my-form', lastResult: actionData,
 *   })
 *   <Form method="post" {...getFormProps(form)} className="form">
 *     <FormErrors form={form} />                       // general / server message
 *     <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
 *     <SelectField meta={fields.type} label="Type" placeholder="Choose…"
 *                  options={[{ value: 'cat', label: 'Cat' }, { value: 'dog', label: 'Dog' }]} />
 *     <TextareaField meta={fields.review} label="Your review" rows={4} />
 *     <CheckboxGroupField meta={fields.staff} legend="Staff"
 *                         options={staff.map((s) => ({ value: String(s.id), label: `${s.fname} ${s.lname}` }))} />
 *     <RadioGroupField meta={fields.gender} legend="Gender" options={[...]} />
 *   </Form>
 *
 * Extra props (autoComplete, min, max, accept, multiple, onChange...) go to the
 * control. `className` goes to the wrapping .field (add "field-wide" to span
 * both columns of a .form-grid). Server-side errors arrive through
 * submission.reply({ fieldErrors, formErrors }) and show in the same places.
 */
import type { FieldMetadata, FormMetadata } from '@conform-to/react'
import { useFormAction } from 'react-router'
import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react'
import { choiceProps, inputProps, selectProps, textareaProps, viewOf } from './field-props'

type InputType =
  | 'text'
  | 'email'
  | 'password'
  | 'tel'
  | 'number'
  | 'date'
  | 'time'
  | 'datetime-local'
  | 'file'
  | 'url'
  | 'search'
  | 'month'

type Common<Schema> = {
  meta: FieldMetadata<Schema>
  label: ReactNode
  hint?: ReactNode
  className?: string
}

/** The error messages of a field (or of the whole form), one per line. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="field-error">
      {errors?.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  )
}

/** The id of the error summary: the fragment a refused form's page opens at. */
export const ERROR_SUMMARY_ID = 'error-summary'

/**
 * The form's `action` with `#error-summary`: a refused post without
 * JavaScript comes back at that address, so the browser scrolls to the
 * summary and focuses it (it has tabindex=-1). A POST's answer cannot set the
 * fragment itself; the address it was sent to can. `action` defaults to the
 * route's own, as a <Form> without one.
 *
 *   <Form method="post" action={useErrorSummaryAction()} {...getFormProps(form)}>
 */
export function useErrorSummaryAction(action?: string) {
  const formAction = useFormAction(action)
  return `${formAction.split('#')[0]}#${ERROR_SUMMARY_ID}`
}

type SummaryForm = Pick<FormMetadata, 'errorId' | 'errors'> &
  Partial<Pick<FormMetadata, 'id' | 'allErrors' | 'status'>>

/**
 * The top of every form: after a refused submit, the GOV.UK error summary —
 * "There is a problem", the form's own message, then a link to each field in
 * error (its message as the link text) — with the id the form's action
 * points at (useErrorSummaryAction). Announced when it appears.
 */
export function FormErrors({ form }: { form: SummaryForm }) {
  const fieldErrors = Object.entries(form.allErrors ?? {}).filter(
    ([name, messages]) => name !== '' && name !== form.id && messages.length,
  )
  const shown = form.status === 'error' && (fieldErrors.length > 0 || !!form.errors?.length)
  return (
    <div id={form.errorId} className="form-error" role="alert">
      {shown ? (
        <div
          id={ERROR_SUMMARY_ID}
          className="error-summary"
          tabIndex={-1}
          aria-labelledby={`${form.errorId}-title`}
        >
          <h2 id={`${form.errorId}-title`} className="error-summary-title">
            There is a problem
          </h2>
          {form.errors?.map((message) => (
            <p key={message}>{message}</p>
          ))}
          {fieldErrors.length ? (
            <ul className="error-summary-list">
              {fieldErrors.map(([name, messages]) => (
                <li key={name}>
                  <a href={`#${form.id}-${name}`}>{messages[0]}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        form.errors?.map((message) => <p key={message}>{message}</p>)
      )}
    </div>
  )
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null
  return (
    <p id={id} className="field-hint">
      {children}
    </p>
  )
}

export function InputField<Schema>({
  meta,
  label,
  hint,
  className,
  type = 'text',
  ...rest
}: Common<Schema> & { type?: InputType } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'name' | 'id' | 'type' | 'form'
  >) {
  const field = viewOf(meta)
  const props = inputProps(field, {
    type,
    ariaDescribedBy: hint ? field.descriptionId : undefined,
  })
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <input {...props} className="field-control" {...rest} />
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  )
}

export type Option = { value: string; label: ReactNode; disabled?: boolean }

export function SelectField<Schema>({
  meta,
  label,
  hint,
  className,
  options,
  placeholder,
  ...rest
}: Common<Schema> & { options: Option[]; placeholder?: string } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'name' | 'id' | 'form'
  >) {
  const field = viewOf(meta)
  const props = selectProps(field, { ariaDescribedBy: hint ? field.descriptionId : undefined })
  // A field posted twice comes back as a list; a single select shows the first.
  if (!rest.multiple && Array.isArray(props.defaultValue))
    props.defaultValue = props.defaultValue[0]
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <select {...props} className="field-control" {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  )
}

export function TextareaField<Schema>({
  meta,
  label,
  hint,
  className,
  ...rest
}: Common<Schema> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'form'>) {
  const field = viewOf(meta)
  const props = textareaProps(field, { ariaDescribedBy: hint ? field.descriptionId : undefined })
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <textarea {...props} className="field-control" {...rest} />
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  )
}

type GroupProps<Schema> = {
  meta: FieldMetadata<Schema>
  legend: ReactNode
  hint?: ReactNode
  options: Option[]
  className?: string
  /** Called with the input's change event (e.g. to recompute a live total). */
  onChange?: InputHTMLAttributes<HTMLInputElement>['onChange']
  disabled?: boolean
}

function ChoiceGroup<Schema>({
  meta,
  legend,
  hint,
  options,
  className,
  onChange,
  disabled,
  type,
}: GroupProps<Schema> & { type: 'checkbox' | 'radio' }) {
  const field = { ...viewOf(meta), key: meta.key }
  const describedBy = [
    field.errors ? field.errorId : undefined,
    hint ? field.descriptionId : undefined,
  ]
    .filter(Boolean)
    .join(' ')
  const inputs = choiceProps(field, { type, options: options.map((o) => o.value) })
  return (
    <fieldset
      className={['field choice-group', className].filter(Boolean).join(' ')}
      id={field.id}
      aria-describedby={describedBy || undefined}
    >
      <legend className="field-label">{legend}</legend>
      <Hint id={field.descriptionId}>{hint}</Hint>
      <div className="choice-options">
        {inputs.map(({ key, ...input }, i) => (
          <label key={key} className="choice" htmlFor={input.id}>
            <input
              {...input}
              aria-invalid={field.errors ? true : undefined}
              onChange={onChange}
              disabled={disabled || options[i].disabled}
            />
            <span>{options[i].label}</span>
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  )
}

/** Several checkboxes under one name (e.g. a service's staff, a booking's services). */
export function CheckboxGroupField<Schema>(props: GroupProps<Schema>) {
  return <ChoiceGroup {...props} type="checkbox" />
}

/** One choice among a few, as radio buttons (e.g. booking type, gender). */
export function RadioGroupField<Schema>(props: GroupProps<Schema>) {
  return <ChoiceGroup {...props} type="radio" />
}
