/**
 * The review form of /reviews: add a review, or edit one in place (Save /
 * Cancel). Field names are the API's (review, paws); the rules are the shared
 * schema's, checked as you type with JavaScript and on the server always.
 */
import type { SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { TextareaField } from './form-field'
import { IntentForm } from './intent-form'
import { PawsInput } from './paws'
import { REVIEW_MAX, reviewSchema, type ReviewInput } from '~/schemas/review'
import { useSchemaForm } from './use-schema-form'

export type ReviewFormValue = { review: string; paws: string }

export function ReviewForm({
  id,
  intent,
  reviewId,
  defaultValue,
  lastResult,
  submitLabel,
  pendingText,
  reviewLabel = 'Your review',
  cancel,
  autoFocus,
}: {
  /** Unique on the page: the form's id and its fields' id prefix. */
  id: string
  intent: 'create' | 'update'
  reviewId?: number
  defaultValue?: ReviewFormValue
  lastResult?: SubmissionResult<string[]> | null
  submitLabel: string
  pendingText: string
  reviewLabel?: string
  cancel?: ReactNode
  /** Focus the text when the form appears (entering edit mode). */
  autoFocus?: boolean
}) {
  const [form, fields] = useSchemaForm<ReviewFormValue, ReviewInput>(reviewSchema, {
    id,
    lastResult,
    defaultValue,
  })
  return (
    <IntentForm
      form={form}
      intent={intent}
      itemId={reviewId}
      submitLabel={submitLabel}
      pendingText={pendingText}
      cancel={cancel}
    >
      <PawsInput meta={fields.paws} legend="Paws rating" />
      <TextareaField
        meta={fields.review}
        label={reviewLabel}
        hint={`Up to ${REVIEW_MAX.toLocaleString('en-US')} characters.`}
        rows={4}
        maxLength={REVIEW_MAX}
        autoFocus={autoFocus}
      />
    </IntentForm>
  )
}
