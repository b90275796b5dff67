import { getFormProps, type FormMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { FormErrors } from './form-field'
import { SubmitButton } from './submit-button'

/**
 * A create-or-update form of a list page (reviews, services): it posts its
 * `intent` and, for an update, the `id` of the item, shows the form's own
 * errors on top, its fields, and Submit (with Cancel when editing).
 *
 *   <IntentForm form={form} intent="update" itemId={review.id} submitLabel="Save"
 *     pendingText="Saving…" cancel={<Link to="/reviews">Cancel</Link>}>…fields…</IntentForm>
 */
export function IntentForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  itemId,
  submitLabel,
  pendingText,
  cancel,
  children,
}: {
  form: FormMetadata<Schema, string[]>
  intent: 'create' | 'update'
  itemId?: number
  submitLabel: string
  pendingText: string
  cancel?: ReactNode
  children: ReactNode
}) {
  return (
    <Form method="post" {...getFormProps(form)} className="form">
      <input type="hidden" name="intent" value={intent} />
      {itemId !== undefined ? <input type="hidden" name="id" value={itemId} /> : null}
      <FormErrors form={form} />
      {children}
      <div className="form-actions cluster">
        <SubmitButton name="intent" value={intent} pendingText={pendingText}>
          {submitLabel}
        </SubmitButton>
        {cancel}
      </div>
    </Form>
  )
}

/** The panel at the foot of a list page that holds its create form. */
export function FormPanel({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <section className="section panel stack" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  )
}

/** This page's address without some of its query parameters (?edit, ?confirm…). */
export function pathWithout(location: { pathname: string; search: string }, names: string[]) {
  const params = new URLSearchParams(location.search)
  for (const name of names) params.delete(name)
  const rest = params.toString()
  return `${location.pathname}${rest ? `?${rest}` : ''}`
}
