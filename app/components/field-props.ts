/**
 * The props of a form control from its Conform field: the attributes
 * Conform's getInputProps, getSelectProps, getTextareaProps and
 * getCollectionProps give (in their order), reading each of the field's
 * properties once.
 *
 * In Conform 1.x every read of a field's property builds a fresh Proxy over a
 * fresh metadata object and copies the form's subscription; its helpers read
 * about twenty per control, nine of them HTML constraints (required,
 * maxLength…) this app never sets: every form validates with its zod schema
 * (useSchemaForm passes Conform no `constraint`) and the server checks the
 * same rules. On the server that was ~13% of the time to render /users (12
 * fields). Reading a property during render still subscribes the control to
 * it (the form's id, the field's errors and initial value), as Conform's
 * helpers do. field-props.test.ts holds these props equal to
 * Conform's own for every kind of control and state.
 */
import type { FieldMetadata, FormMetadata } from '@conform-to/react'

/** The properties of a field a control is rendered from, each read once. */
export type FieldView = {
  id: string
  name: string
  formId: string
  errorId: string
  descriptionId: string
  errors: string[] | undefined
  initialValue: unknown
}

// Conform's FieldMetadata is generic in the field's value; the props need none of it.
type AnyField = Pick<
  FieldMetadata<unknown>,
  'id' | 'name' | 'formId' | 'errorId' | 'descriptionId' | 'errors' | 'initialValue'
>

/**
 * Four reads: the field's three ids are made from the form's id and the
 * field's name as Conform makes them (`{form}-{name}`, `-error`,
 * `-description`), and reading any of them subscribes only to the form's id,
 * as reading `formId` does. field-props.test.ts holds the view equal to the
 * seven properties read from Conform for any form id and field name.
 */
export function viewOf(meta: AnyField): FieldView {
  const name = meta.name
  const formId = meta.formId
  const id = `${formId}-${name}`
  return {
    id,
    name,
    formId,
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    errors: meta.errors,
    initialValue: meta.initialValue,
  }
}

// A field at the top of the form ('fname', not 'vaccinations[0].date'):
// its initial value is the form's value's own property of that name.
const TOP_LEVEL_NAME = /^[A-Za-z_$][\w$]*$/

/**
 * A form's fields for the server's one render: each top-level field is a
 * ServerField, carrying its view (the seven properties viewOf reads) taken
 * from the form's errors and initial value read once, and asking Conform's
 * own field for anything else (key, value, getFieldList…) only when a
 * render reads it. Conform builds a field by making a Proxy over a fresh
 * metadata object and copying the form's subscription (what the control
 * re-renders for): four reads a control were ~5% of the server's time for
 * /users. A field read twice in a render is the same object. On the server
 * nothing re-renders, so nothing needs the subscription; in the browser the
 * fields stay Conform's own (useSchemaForm). field-props.test.ts holds every
 * field's properties equal to Conform's for any form and state.
 */
export function fieldsReadOnce<Fields extends object>(
  form: Pick<FormMetadata, 'id' | 'allErrors' | 'initialValue'>,
  fields: Fields,
): Fields {
  askConformForTheRest()
  const formId = form.id
  const errors = form.allErrors
  const initial = form.initialValue as unknown
  const made = new Map<string, ServerField>()
  return new Proxy(fields, {
    get(target, key, receiver) {
      // A name an object inherits ('constructor') Conform may look up differently.
      if (typeof key !== 'string' || !TOP_LEVEL_NAME.test(key) || key in Object.prototype)
        return Reflect.get(target, key, receiver)
      let field = made.get(key)
      if (!field) {
        field = new ServerField(
          formId,
          key,
          errors[key],
          // As Conform looks a name up in the value: an own property only.
          initial != null && Object.prototype.hasOwnProperty.call(initial, key)
            ? (initial as Record<string, unknown>)[key]
            : undefined,
          () => Reflect.get(target, key, receiver) as Record<string, unknown>,
        )
        made.set(key, field)
      }
      return field
    },
  })
}

/**
 * A form's metadata for the server's one render: each of its properties read
 * from Conform once, the same value given to every later read. Conform makes
 * a form property by building the whole metadata of the form (a Proxy over a
 * fresh object of getters) on each read; a page reads its form's id, errors
 * and initial value several times (the fields, the <form>'s props, the
 * error summary): ~3% of the server's main thread for /users (two forms) in
 * a profile, 0.6–2.3% of its CPU side by side (decision 054). Nothing
 * re-renders on the server, so no value can change between reads.
 * field-props.test.ts holds every property equal to Conform's.
 */
export function formReadOnce<Form extends object>(form: Form): Form {
  const read = new Map<PropertyKey, unknown>()
  return new Proxy(form, {
    get(target, key, receiver) {
      if (read.has(key)) return read.get(key)
      const value: unknown = Reflect.get(target, key, receiver)
      read.set(key, value)
      return value
    },
  })
}

const conformField = Symbol('Conform’s field')

/**
 * A field's view as plain properties of one shape (a class, not an object
 * made on a fresh prototype per field: V8 sets up each new prototype, which
 * cost more than the view), and Conform's field, made when first asked.
 */
class ServerField implements FieldView {
  readonly id: string
  readonly errorId: string
  readonly descriptionId: string
  readonly [conformField]: () => Record<string, unknown>
  constructor(
    readonly formId: string,
    readonly name: string,
    readonly errors: string[] | undefined,
    readonly initialValue: unknown,
    conform: () => Record<string, unknown>,
  ) {
    this.id = `${formId}-${name}`
    this.errorId = `${this.id}-error`
    this.descriptionId = `${this.id}-description`
    let field: Record<string, unknown> | undefined
    this[conformField] = () => (field ??= conform())
  }
}

// Every other property of a Conform field (its metadata, the HTML constraints
// and the sub-field getters), read from Conform's field. The type below fails
// to compile if Conform's FieldMetadata gains a property this list lacks.
export const ASKED_OF_CONFORM = [
  'key',
  'value',
  'defaultValue',
  'defaultOptions',
  'defaultChecked',
  'allErrors',
  'valid',
  'dirty',
  'required',
  'minLength',
  'maxLength',
  'min',
  'max',
  'step',
  'multiple',
  'pattern',
  'accept',
  'getFieldList',
  'getFieldset',
] as const
type ConformOnly = Exclude<
  keyof FieldMetadata<unknown> | 'getFieldList' | 'getFieldset',
  keyof FieldView
>
type Unlisted = Exclude<ConformOnly, (typeof ASKED_OF_CONFORM)[number]>
const everyPropertyListed: [Unlisted] extends [never] ? true : Unlisted = true
void everyPropertyListed

// Put on the class by the first server render rather than when the module
// loads: the browser's bundle takes this module for the props helpers below
// and drops what it never calls, which a loop run on load would keep in it
// (ServerField and this list were 0.4–0.6 KB gzipped of each public page).
let askingConform = false
function askConformForTheRest() {
  if (askingConform) return
  askingConform = true
  for (const key of ASKED_OF_CONFORM)
    Object.defineProperty(ServerField.prototype, key, {
      get(this: ServerField) {
        return this[conformField]()[key]
      },
    })
}

type Control = {
  id: string
  name: string
  form: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

/** id, name, form and, while the field has errors, aria-invalid and the error text in aria-describedby. */
function controlProps(field: FieldView, ariaDescribedBy: string | undefined): Control {
  const props: Control = { id: field.id, name: field.name, form: field.formId }
  if (field.errors !== undefined) {
    props['aria-invalid'] = true
    props['aria-describedby'] = `${field.errorId} ${ariaDescribedBy ?? ''}`.trim()
  } else if (ariaDescribedBy !== undefined) props['aria-describedby'] = ariaDescribedBy
  return props
}

/** An <input>'s props (getInputProps); a checkbox or radio gets its value and whether it starts checked. */
export function inputProps(
  field: FieldView,
  options: { type: string; ariaDescribedBy?: string; value?: string },
): Control & { type: string; value?: string; defaultChecked?: boolean; defaultValue?: string } {
  const props: ReturnType<typeof inputProps> = {
    ...controlProps(field, options.ariaDescribedBy),
    type: options.type,
  }
  const initial = field.initialValue
  // An empty `value` means none at all, as in Conform.
  if (options.value !== undefined && !options.value) return props
  if (options.type === 'checkbox' || options.type === 'radio') {
    props.value = options.value ?? 'on'
    props.defaultChecked = Array.isArray(initial)
      ? initial.includes(options.value)
      : initial === props.value
  } else if (typeof initial === 'string') props.defaultValue = initial
  return props
}

/** A <select>'s props (getSelectProps): a list posted twice comes back as a list of strings. */
export function selectProps(
  field: FieldView,
  options: { ariaDescribedBy?: string },
): Control & { defaultValue?: string | string[] } {
  const props: ReturnType<typeof selectProps> = controlProps(field, options.ariaDescribedBy)
  const initial = field.initialValue as unknown[] | { toString(): string } | null | undefined
  const value = Array.isArray(initial)
    ? initial.map((item) => `${item ?? ''}`)
    : initial?.toString()
  if (value !== undefined) props.defaultValue = value
  return props
}

/** A <textarea>'s props (getTextareaProps). */
export function textareaProps(
  field: FieldView,
  options: { ariaDescribedBy?: string },
): Control & { defaultValue?: string } {
  const props: ReturnType<typeof textareaProps> = controlProps(field, options.ariaDescribedBy)
  const value = (field.initialValue as { toString(): string } | null | undefined)?.toString()
  if (value !== undefined) props.defaultValue = value
  return props
}

/**
 * The inputs of a group of checkboxes or radio buttons under one name
 * (getCollectionProps with ariaAttributes off: the group's fieldset carries
 * them), one per option value, each with a key and an id of its own.
 */
export function choiceProps(
  field: FieldView & { key: string | undefined },
  options: { type: 'checkbox' | 'radio'; options: string[] },
) {
  const initial = field.initialValue
  return options.options.map((value) => ({
    id: `${field.id}-${value}`,
    name: field.name,
    form: field.formId,
    key: `${field.key ?? ''}${value}`,
    type: options.type,
    value,
    defaultChecked:
      options.type === 'checkbox' && Array.isArray(initial)
        ? initial.includes(value)
        : initial === value,
  }))
}
