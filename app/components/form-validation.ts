/**
 * The browser's half of form validation, loaded with the first schema a form
 * needs (use-schema-form.ts), never with the page: Conform's zod adapter and,
 * through the schemas, zod itself.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import type { $ZodType } from 'zod/v4/core'

/** Reads the form as the server does (http/form.server.ts parseForm): the schema reads the text itself. */
export function validateForm(formData: FormData, schema: $ZodType) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true })
}
