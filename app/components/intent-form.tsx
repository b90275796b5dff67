import { getFormProps, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { FormErrors, useErrorSummaryAction } from './form-field'
import { SubmitButton } from './submit-button'

/** What every create-or-update form of a list page takes. */
export type ItemFormProps<Value> = {
  /** Unique on the page: the form's id and its fields' id prefix. */
  id: string
  intent: 'create' | 'update'
  /** The item an update changes. */
  itemId?: number
  defaultValue?: Value
  lastResult?: SubmissionResult<string[]> | null
  submitLabel: string
  pendingText: string
  cancel?: ReactNode
}

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
  encType,
  children,
}: Pick<ItemFormProps<unknown>, 'intent' | 'itemId' | 'submitLabel' | 'pendingText' | 'cancel'> & {
  form: FormMetadata<Schema, string[]>
  /** 'multipart/form-data' for a form with a file input. */
  encType?: 'multipart/form-data'
  children: ReactNode
}) {
  return (
    <Form
      method="post"
      action={useErrorSummaryAction()}
      encType={encType}
      {...getFormProps(form)}
      className="form"
    >
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
