/**
 * Conform's useForm wired to one of the shared zod schemas (app/schemas/), with
 * the app's one validation rhythm: a field is checked when it loses focus (so
 * nobody is told off mid-word), then again on every keystroke once it has a
 * message (so the message goes away as soon as it is fixed). The server parses
 * the same schema, so page and API give the same words.
 *
 *   const [form, fields] = useSchemaForm<ReviewFormValue, ReviewInput>(reviewSchema, {
 *     id: 'review-form', lastResult: actionData, defaultValue: { review: '', paws: '' },
 *   })
 *
 * `validateOn: 'onInput'` checks from the first keystroke instead (the booking
 * form: a message appearing on blur would move it under the pointer mid-click).
 */
import {
  useForm,
  type DefaultValue,
  type Submission,
  type SubmissionResult,
} from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { $ZodType } from 'zod/v4/core'

export function useSchemaForm<
  // The form's field values as strings (Conform's view); the parsed output.
  Shape extends Record<string, unknown> = Record<string, unknown>,
  Output = Shape,
>(
  schema: $ZodType,
  {
    validateOn = 'onBlur',
    ...options
  }: {
    id: string
    lastResult?: SubmissionResult<string[]> | null
    defaultValue?: DefaultValue<Shape>
    validateOn?: 'onBlur' | 'onInput'
  },
) {
  return useForm<Shape, Output>({
    ...options,
    shouldValidate: validateOn,
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) =>
      // As the server parses it (http/form.server.ts parseForm): the schema reads the text itself.
      parseWithZod(formData, { schema, disableAutoCoercion: true }) as unknown as Submission<
        Shape,
        string[],
        Output
      >,
  })
}
