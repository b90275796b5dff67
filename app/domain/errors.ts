// One way to fail. Every refusal — bad input, a missing row, a rule that says
// no — is an AppError with a kind, a message a person can read, and (for
// input) the message of each field at fault. Models throw it; the request
// layer turns it into the JSON error body `{message, errors}` for /api
// (app/http/api.server.ts) or a form reply for pages (app/http/form.server.ts),
// so a route handler reads as its happy path.

export type ErrorKind =
  | 'invalid' // the input breaks a rule; fieldErrors say which
  | 'unauthenticated' // nobody is logged in
  | 'forbidden' // logged in, but not allowed
  | 'not_found'
  | 'conflict' // the state of things forbids it (taken, full, started…)
  | 'too_large' // a body or an upload over its limit
  | 'unsupported_media_type' // a body of a type the call does not take
  | 'rate_limited' // too many tries; retryAfter says when to try again
  | 'unavailable' // busy right now; retryAfter says when to try again

export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
}

export type FieldErrors = Record<string, string>

export class AppError extends Error {
  readonly kind: ErrorKind
  readonly fieldErrors?: FieldErrors
  /** Seconds until a retry may succeed (rate_limited, unavailable). */
  readonly retryAfter?: number
  /** A conflict a person can act on: 'full' — a night is fully booked (the waitlist may take the stay). */
  readonly reason?: 'full'
  // A brand rather than instanceof: the server bundle and the test runner
  // may each load their own copy of this module.
  readonly isAppError = true

  constructor(
    kind: ErrorKind,
    message: string,
    options: { fieldErrors?: FieldErrors; retryAfter?: number; reason?: 'full' } = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.kind = kind
    if (options.fieldErrors && Object.keys(options.fieldErrors).length)
      this.fieldErrors = options.fieldErrors
    if (options.reason) this.reason = options.reason
    if (options.retryAfter !== undefined)
      this.retryAfter = Math.max(1, Math.ceil(options.retryAfter))
  }

  get status(): number {
    return STATUS_OF_KIND[this.kind]
  }
}

export function isAppError(error: unknown): error is AppError {
  return typeof error === 'object' && error !== null && (error as AppError).isAppError === true
}

// Short constructors, so a refusal reads as a sentence: `throw notFound('Pet not found')`.
export const invalid = (message: string, fieldErrors?: FieldErrors) =>
  new AppError('invalid', message, { fieldErrors })
export const unauthenticated = (message = 'You must be logged in') =>
  new AppError('unauthenticated', message)
export const forbidden = (message = 'Unauthorized', fieldErrors?: FieldErrors) =>
  new AppError('forbidden', message, { fieldErrors })
export const notFound = (message: string) => new AppError('not_found', message)
export const conflict = (message: string, fieldErrors?: FieldErrors) =>
  new AppError('conflict', message, { fieldErrors })
/** A stay refused because a night has no place left. */
export const fullyBooked = (message: string, fieldErrors?: FieldErrors) =>
  new AppError('conflict', message, { fieldErrors, reason: 'full' })
export const tooLarge = (message: string, fieldErrors?: FieldErrors) =>
  new AppError('too_large', message, { fieldErrors })
export const unsupportedMediaType = (message: string) =>
  new AppError('unsupported_media_type', message)
export const rateLimited = (message: string, retryAfter: number) =>
  new AppError('rate_limited', message, { retryAfter })
export const unavailable = (message: string, retryAfter: number) =>
  new AppError('unavailable', message, { retryAfter })
