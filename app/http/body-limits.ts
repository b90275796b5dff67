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

// Pages post to their own URL (`/pets/new`) or, with JavaScript, to its data
// URL (`/pets/new.data`); both carry the same form.
const PHOTO_FORMS: { methods: string[]; path: RegExp }[] = [
  { methods: ['POST'], path: /^\/api\/pets\/?$/ },
  { methods: ['PUT'], path: /^\/api\/pets\/\d+\/?$/ },
  { methods: ['POST'], path: /^\/pets\/new(?:\.data)?\/?$/ },
  { methods: ['POST'], path: /^\/pets\/\d+\/edit(?:\.data)?\/?$/ },
]

/** The most a request to `method path` may send. */
export function bodyLimitFor(method: string, path: string): number {
  const m = method.toUpperCase()
  for (const form of PHOTO_FORMS)
    if (form.methods.includes(m) && form.path.test(path)) return PHOTO_FORM_LIMIT
  return DEFAULT_BODY_LIMIT
}

export const TOO_LARGE_MESSAGE = {
  json: 'Request body is too large (1 MB at most)',
  form: 'The form is too large (1 MB at most)',
  photos: 'Upload is too large (10 MB per photo, five photos at most)',
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
