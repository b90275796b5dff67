// How many bytes a request body may have, by route. The server counts every
// body as it streams in (Content-Length or chunked alike) and stops at this
// limit with 413 (server/request-body.ts); the readers of app/http enforce
// the same numbers. Only the forms that carry photos take more than 1 MB.

export const MB = 1024 * 1024

/** JSON bodies and forms without files. */
export const DEFAULT_BODY_LIMIT = 1 * MB
/** One photo. */
export const PHOTO_LIMIT = 10 * MB
/** A whole pet form: five photos of 10 MB and its fields, with room for the multipart framing. */
export const PHOTO_FORM_LIMIT = 55 * MB
/** A form with one photo: a vaccination record with its certificate, a stay update with its photo. */
export const ONE_PHOTO_FORM_LIMIT = PHOTO_LIMIT + 1 * MB

// Pages post to their own URL (`/pets/new`) or, with JavaScript, to its data
// URL (`/pets/new.data`); both carry the same form.
const PHOTO_FORMS: { methods: string[]; path: RegExp }[] = [
  { methods: ['POST'], path: /^\/api\/pets\/?$/ },
  { methods: ['PUT'], path: /^\/api\/pets\/\d+\/?$/ },
  { methods: ['POST'], path: /^\/pets\/new(?:\.data)?\/?$/ },
  { methods: ['POST'], path: /^\/pets\/\d+\/edit(?:\.data)?\/?$/ },
]

// Forms that may carry one photo: a vaccination record (its certificate) and
// a stay update — the API's calls, and the pet page (whose Vaccinations and
// Stay updates sections post to the page itself). Only a multipart body can
// carry a file: any other is held to 1 MB.
const ONE_PHOTO_FORMS: { methods: string[]; path: RegExp }[] = [
  { methods: ['POST'], path: /^\/api\/pets\/\d+\/vaccinations\/?$/ },
  { methods: ['PUT'], path: /^\/api\/pets\/\d+\/vaccinations\/\d+\/?$/ },
  { methods: ['POST'], path: /^\/api\/bookings\/\d+\/updates\/?$/ },
  { methods: ['POST'], path: /^\/pets\/\d+(?:\.data)?\/?$/ },
]

/** What a request may upload: pet photos, one photo, or nothing. */
export function uploadKindFor(
  method: string,
  path: string,
  contentType?: string,
): 'photos' | 'one-photo' | null {
  const m = method.toUpperCase()
  const matches = (forms: typeof PHOTO_FORMS) =>
    forms.some((form) => form.methods.includes(m) && form.path.test(path))
  if (matches(PHOTO_FORMS)) return 'photos'
  const multipart = /^\s*multipart\/form-data\b/i.test(contentType ?? '')
  if (multipart && matches(ONE_PHOTO_FORMS)) return 'one-photo'
  return null
}

/** The most a request to `method path` with a body of `contentType` may send. */
export function bodyLimitFor(method: string, path: string, contentType?: string): number {
  const kind = uploadKindFor(method, path, contentType)
  return kind === 'photos'
    ? PHOTO_FORM_LIMIT
    : kind === 'one-photo'
      ? ONE_PHOTO_FORM_LIMIT
      : DEFAULT_BODY_LIMIT
}

export const TOO_LARGE_MESSAGE = {
  json: 'Request body is too large (1 MB at most)',
  form: 'The form is too large (1 MB at most)',
  photos: 'Upload is too large (10 MB per photo, five photos at most)',
  'one-photo': 'Upload is too large (one photo of 10 MB at most)',
} as const

/** The name of the error a body stream fails with when it passes its limit. */
export const BODY_TOO_LARGE_ERROR = 'BodyTooLargeError'

export function isBodyTooLargeError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    ((error as Error).name === BODY_TOO_LARGE_ERROR ||
      isBodyTooLargeError((error as { cause?: unknown }).cause))
  )
}
