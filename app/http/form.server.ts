import type { Submission, SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { z } from 'zod'
import { isAppError, type AppError, type FieldErrors } from '~/domain/errors'
import { parseIdParam } from '~/schemas/fields'

// Pages speak AppError too. A refusal that concerns the form (invalid input,
// a conflict, an upload too large, too many tries) comes back as the form's
// Conform reply, so its messages show under their fields with JavaScript on
// or off. Every other refusal (not logged in, not allowed, not found) is the
// page's error: `pageHandler` turns it into the route's error page.

/**
 * Parses a page's form with its shared schema exactly as the API parses JSON:
 * the schema reads every field from its text ("" counts as missing), with
 * none of Conform's own guessing (which would read "0x10" as 16). The browser
 * validates the same way (components/use-schema-form.ts).
 */
export function parseForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true })
}

/** Wraps a page loader or action: a thrown AppError becomes the error page for its status. */
export function pageHandler<A, R>(handler: (args: A) => Promise<R>) {
  return async (args: A): Promise<R> => {
    try {
      return await handler(args)
    } catch (error) {
      if (isAppError(error)) throw toRouteError(error)
      throw error
    }
  }
}

export function toRouteError(error: AppError) {
  const headers: Record<string, string> = {}
  if (error.retryAfter !== undefined) headers['Retry-After'] = String(error.retryAfter)
  return data(error.message, { status: error.status, headers })
}

/**
 * Runs a model call for a form: its value, or the refusal the form should
 * show (a wrong password included). What is not the form's business — not
 * allowed, or a real failure — is thrown on to the error page.
 */
export async function attempt<T>(
  fn: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> {
  try {
    return { ok: true, value: await fn() }
  } catch (error) {
    if (!isAppError(error) || error.kind === 'forbidden') throw error
    return { ok: false, error }
  }
}

/** `{field: message}` as Conform wants it: `{field: [message]}`. */
export function toConformErrors(errors: FieldErrors | undefined): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([k, v]) => [k, [v]]))
}

/**
 * The reply for a refused form: `formError` (or the refusal's own message)
 * above the form, each field's message under its field.
 */
export function replyWithError<Schema extends Record<string, unknown>>(
  submission: Submission<Schema, string[]>,
  error: AppError,
  { formError, hideFields }: { formError?: string; hideFields?: string[] } = {},
): SubmissionResult<string[]> {
  return submission.reply({
    formErrors: [formError ?? error.message],
    fieldErrors: toConformErrors(error.fieldErrors),
    hideFields,
  })
}

/**
 * What a list page's form asks for: its `intent` (one of `intents`, else 400)
 * and the `id` of the item it acts on (null when missing or no id).
 */
export function readIntent<Intent extends string>(
  formData: FormData,
  intents: readonly Intent[],
): { intent: Intent; id: number | null } {
  const intent = formData.get('intent')
  if (typeof intent !== 'string' || !(intents as readonly string[]).includes(intent))
    throw data('Unknown action', { status: 400 })
  return { intent: intent as Intent, id: parseIdParam(String(formData.get('id') ?? '')) }
}

/** A reply that carries one message for the whole form (no submission at hand). */
export function formMessage(message: string): SubmissionResult<string[]> {
  return { status: 'error', error: { '': [message] } }
}
