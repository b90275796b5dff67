import { apiError } from './api.server'

// Reading a form body (multipart with photos, or urlencoded) without trusting
// it: the total is capped while it streams in (a chunked upload has no
// Content-Length for the server's own guard to check), and a body that does
// not parse is a 400, never a 5xx.

/** Five photos of 10 MB and the text fields, with room for multipart framing. */
export const MAX_FORM_BYTES = 55 * 1024 * 1024

export class FormBodyError extends Error {
  constructor(
    public status: 400 | 413,
    message: string,
  ) {
    super(message)
  }
}

/** Parses the request's form body; throws FormBodyError (400 malformed, 413 too large). */
export async function readFormBody(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase()
  if (
    !type.startsWith('multipart/form-data') &&
    !type.startsWith('application/x-www-form-urlencoded')
  )
    throw new FormBodyError(400, 'The body must be multipart/form-data')
  const declared = Number(request.headers.get('Content-Length') ?? '0')
  if (declared > maxBytes) throw new FormBodyError(413, 'Upload is too large')
  if (!request.body) return new FormData()

  let tooLarge = false
  let seen = 0
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > maxBytes) {
          tooLarge = true
          controller.error(new Error('too large'))
          return
        }
        controller.enqueue(chunk)
      },
    }),
    // Leave the request stream alone (cancelling it destroys the socket), so
    // the client still gets the 413 answer.
    { preventCancel: true },
  )
  const copy = new Request(request.url, {
    method: request.method,
    headers: { 'Content-Type': request.headers.get('Content-Type') ?? '' },
    body: limited,
    duplex: 'half',
  } as RequestInit)
  try {
    return await copy.formData()
  } catch {
    if (tooLarge) throw new FormBodyError(413, 'Upload is too large')
    throw new FormBodyError(400, 'The form data could not be read (malformed multipart body)')
  }
}

/** The same for /api routes: failures become JSON error responses. */
export async function readApiFormBody(request: Request, message: string): Promise<FormData> {
  try {
    return await readFormBody(request)
  } catch (error) {
    if (error instanceof FormBodyError)
      throw apiError(error.status, message, { form: error.message })
    throw error
  }
}

/** FormData as a plain object; repeated names become arrays (`additional_images`). */
export function formDataToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of form.entries()) {
    if (key in out) {
      const prev = out[key]
      out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value]
    } else out[key] = value
  }
  return out
}
