import { invalid, tooLarge, unsupportedMediaType } from '~/domain/errors'
import {
  BODY_TOO_LARGE_ERROR,
  DEFAULT_BODY_LIMIT,
  isBodyTooLargeError,
  ONE_PHOTO_FORM_LIMIT,
  PHOTO_FORM_LIMIT,
  TOO_LARGE_MESSAGE,
} from './body-limits'

// The only way a route reads a body. Each reader counts bytes as they stream
// in and stops at its limit (a chunked body has no Content-Length to check
// up front), so nothing past the limit is ever buffered; a body that does not
// parse is a 400 and a body of the wrong type a 415 — never a 5xx.

class BodyTooLarge extends Error {
  constructor() {
    super('Request body is over its limit')
    this.name = BODY_TOO_LARGE_ERROR
  }
}

function declaredLength(request: Request): number | null {
  const header = request.headers.get('Content-Length')
  return header === null ? null : Number(header)
}

/** The body as a stream that fails once more than `limit` bytes have passed. */
function limitedBody(request: Request, limit: number): ReadableStream<Uint8Array> | null {
  if (!request.body) return null
  let seen = 0
  return request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > limit) controller.error(new BodyTooLarge())
        else controller.enqueue(chunk)
      },
    }),
    // The server decides what happens to the rest of a refused body (it reads
    // and discards it up to the limit, so the client still gets the answer).
    { preventCancel: true },
  )
}

/** The body as text, at most `limit` bytes (1 MB): 413 past it. */
export async function readBodyText(request: Request, limit = DEFAULT_BODY_LIMIT): Promise<string> {
  const length = declaredLength(request)
  if (length !== null && length > limit) throw tooLarge(TOO_LARGE_MESSAGE.json)
  const body = limitedBody(request, limit)
  if (!body) return ''
  try {
    return await new Response(body).text()
  } catch (error) {
    if (isBodyTooLargeError(error)) throw tooLarge(TOO_LARGE_MESSAGE.json)
    throw invalid('The request body could not be read')
  }
}

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded']

/**
 * A page's form post (urlencoded or multipart) as FormData, at most `limit`
 * bytes: 1 MB, 55 MB for the forms that carry pet photos (`{ photos: true }`),
 * 11 MB for a form with one photo — a certificate, a stay update's photo (`{ onePhoto: true }`).
 */
export async function readFormData(
  request: Request,
  { photos = false, onePhoto = false }: { photos?: boolean; onePhoto?: boolean } = {},
): Promise<FormData> {
  const type = request.headers.get('Content-Type') ?? ''
  const essence = type.split(';')[0].trim().toLowerCase()
  // One photo comes in a multipart body; any other form is held to 1 MB.
  const upload = photos
    ? 'photos'
    : onePhoto && essence === 'multipart/form-data'
      ? 'one-photo'
      : null
  const limit =
    upload === 'photos'
      ? PHOTO_FORM_LIMIT
      : upload === 'one-photo'
        ? ONE_PHOTO_FORM_LIMIT
        : DEFAULT_BODY_LIMIT
  const message = upload ? TOO_LARGE_MESSAGE[upload] : TOO_LARGE_MESSAGE.form
  const length = declaredLength(request)
  if (!request.body || length === 0) return new FormData()
  if (!FORM_TYPES.includes(essence))
    throw unsupportedMediaType(
      photos
        ? 'This form must be sent as multipart/form-data'
        : 'This form must be sent as application/x-www-form-urlencoded or multipart/form-data',
    )
  if (length !== null && length > limit) throw tooLarge(message)
  const copy = new Request(request.url, {
    method: request.method,
    headers: { 'Content-Type': type },
    body: limitedBody(request, limit),
    duplex: 'half',
  } as RequestInit)
  let form: FormData
  try {
    form = await copy.formData()
  } catch (error) {
    if (isBodyTooLargeError(error)) throw tooLarge(message)
    throw invalid('The form data could not be read (a malformed body)')
  }
  assertFormShape(form)
  return form
}

/**
 * The most fields a form may have, and the longest name. Our largest form
 * (a service with its staff checkboxes) has a few dozen fields; the bounds
 * are far above any real form and far below what makes parsing costly:
 * Conform reads "a.b[0]" as a path, so a thousands-deep name overflows its
 * recursion, and its handling of a repeated name grows with the square of
 * the repeats (60,000 fields in a 120 KB body took 20 s of one CPU).
 */
export const FORM_FIELDS_MAX = 1000
export const FORM_FIELD_NAME_MAX = 100

function assertFormShape(form: FormData) {
  let count = 0
  for (const name of form.keys()) {
    count += 1
    if (count > FORM_FIELDS_MAX)
      throw invalid(`The form has too many fields (at most ${FORM_FIELDS_MAX})`)
    if (name.length > FORM_FIELD_NAME_MAX)
      throw invalid(`A form field name is too long (at most ${FORM_FIELD_NAME_MAX} characters)`)
  }
}

/**
 * FormData as a plain object; repeated names become arrays
 * (`additional_images`). Built through a Map, so a field named "__proto__"
 * is a field like any other, never the object's prototype.
 */
export function formDataToObject(form: FormData): Record<string, unknown> {
  const fields = new Map<string, unknown>()
  for (const [key, value] of form.entries()) {
    const prev = fields.get(key)
    if (prev === undefined) fields.set(key, value)
    else if (Array.isArray(prev)) prev.push(value)
    else fields.set(key, [prev, value])
  }
  return Object.fromEntries(fields)
}
