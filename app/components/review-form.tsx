/**
 * The review form of /reviews: add a review, or edit one in place (Save /
 * Cancel). Field names are the API's (review, paws); the rules are the shared
 * schema's, checked as you type with JavaScript and on the server always.
 */
import { TextareaField } from './form-field'
import { IntentForm, type ItemFormProps } from './intent-form'
import { PawsInput } from './paws'
import { REVIEW_MAX } from '~/domain/review'
import type { ReviewInput } from '~/schemas/review'
import { lazySchema, useSchemaForm } from './use-schema-form'

const loadReviewSchemas = () => import('~/schemas/review')

const REVIEW_MAX_LABEL = REVIEW_MAX.toLocaleString('en-US')

export type ReviewFormValue = { review: string; paws: string }

export function ReviewForm({
  reviewLabel = 'Your review',
  autoFocus,
  ...props
}: ItemFormProps<ReviewFormValue> & {
  reviewLabel?: string
  /** Focus the text when the form appears (entering edit mode). */
  autoFocus?: boolean
}) {
  const [form, fields] = useSchemaForm<ReviewFormValue, ReviewInput>(
    lazySchema(loadReviewSchemas, (schemas) => schemas.reviewSchema),
    { id: props.id, lastResult: props.lastResult, defaultValue: props.defaultValue },
  )
  return (
    <IntentForm form={form} {...props}>
      <PawsInput meta={fields.paws} legend="Paws rating" />
      <TextareaField
        meta={fields.review}
        label={reviewLabel}
        hint={`Up to ${REVIEW_MAX_LABEL} characters.`}
        rows={4}
        maxLength={REVIEW_MAX}
        autoFocus={autoFocus}
      />
    </IntentForm>
  )
}
