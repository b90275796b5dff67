import { z } from 'zod'

// In the browser zod must not test whether it may compile code (`new Function`):
// the Content-Security-Policy forbids it, and the browser reports the refused
// test as a policy violation. Every schema imports this module before it builds
// anything, so this runs first. The server keeps zod's compiled fast path.
if (typeof document !== 'undefined') z.config({ jitless: true })

// Building blocks shared by every form schema. Conform turns an empty field
// into undefined while JSON keeps "", so both count as missing here and page
// and API give the same message.

export function blankToUndefined(value: unknown) {
  if (typeof value === 'string' && value.trim() === '') return undefined
  if (value === null) return undefined
  return value
}

/** A required piece of text, kept exactly as typed (never trimmed or escaped). */
export function requiredText(requiredMessage: string, max = 200) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: (iss) => (iss.input === undefined ? requiredMessage : 'Must be text') })
      .max(max, `Must be at most ${max} characters`)
      // PostgreSQL text cannot hold U+0000: refuse it rather than fail in the database.
      .refine((v) => !v.includes('\u0000'), 'Must not contain a null character'),
  )
}

export const startsWithCapital = (value: string) => /^\p{Lu}/u.test(value)

/** A whole number id, from a number or a numeric string. */
export const idSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: 'Must be an id' })
    .int('Must be an id')
    .positive('Must be an id')
    .max(2_147_483_647, 'Must be an id'),
)

/** Parses a URL id parameter; null when it is not a valid id. */
export function parseIdParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null
  const id = Number(value)
  return id > 0 && id <= 2_147_483_647 ? id : null
}

/** A positive number from a number or numeric string, with the given message. */
export function positiveNumber(message: string, requiredMessage: string, max = 10_000) {
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(v)
      if (typeof b === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(b)) return Number(b)
      return b
    },
    z
      .number({ error: (iss) => (iss.input === undefined ? requiredMessage : message) })
      .positive(message)
      .max(max, `Must be at most ${max}`),
  )
}

/** Flattens zod issues to { field: firstMessage }, the API's error shape. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'form'
    if (!(key in out)) out[key] = issue.message
  }
  return out
}

/** A yes/no field: a ticked checkbox on a page ("on"), a boolean (or "true"/"false") in JSON. */
export function checkbox(name: string) {
  return z.preprocess(
    (v) => (v === 'on' || v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: `${name} must be true or false` }),
  )
}
