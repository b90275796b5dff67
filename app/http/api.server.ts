import type { AppLoadContext } from 'react-router'
import type { z } from 'zod'
import {
  invalid,
  isAppError,
  unsupportedMediaType,
  type AppError,
  type FieldErrors,
} from '~/domain/errors'
import { fieldErrors } from '~/schemas/fields'
import { etagOf, matchesIfNoneMatch } from './etag.server'
import { logFailure } from './log-failure.server'
import { readBodyText } from './request-body.server'

// The JSON /api's plumbing: one translation of an AppError into the contract's
// error body `{"message": …, "errors": {field: message}}`, body reading and
// validation. A handler wrapped in `apiHandler` throws and reads as its happy path.

export type ErrorBody = { message: string; errors?: FieldErrors }

export function apiError(
  status: number,
  message: string,
  errors?: FieldErrors,
  headers?: HeadersInit,
) {
  const body: ErrorBody = errors ? { message, errors } : { message }
  return Response.json(body, { status, headers })
}

/** The JSON answer for a refusal: its status, its message and field errors, Retry-After when it has one. */
export function errorResponse(error: AppError): Response {
  const headers: Record<string, string> = {}
  if (error.retryAfter !== undefined) headers['Retry-After'] = String(error.retryAfter)
  return apiError(error.status, error.message, error.fieldErrors, headers)
}

/** The whole answer to a failure on our side: what went wrong is for the log only. */
export const SERVER_FAILURE_MESSAGE = 'Something went wrong on our side'

type HandlerArgs = { request: Request; context?: AppLoadContext }

/**
 * Wraps an /api loader or action: a thrown AppError becomes its JSON answer,
 * and a JSON answer to a GET gets its ETag (304 when the client has it).
 */
export function apiHandler<A extends HandlerArgs>(handler: (args: A) => Promise<Response>) {
  return answersInJson(async (args: A) => conditional(args.request, await handler(args)))
}

/**
 * Wraps an /api loader or action so that whatever it throws is answered in
 * the contract's JSON error body: an AppError as its refusal, anything else
 * (a bug, the database gone) as 500 with SERVER_FAILURE_MESSAGE, logged with
 * its stack. Left to React Router, the latter would be a plain-text
 * "Unexpected Server Error" that a JSON client cannot read. A client that has
 * gone away gets nothing and is not an error.
 */
export function answersInJson<A extends HandlerArgs>(handler: (args: A) => Promise<Response>) {
  return async (args: A): Promise<Response> => {
    try {
      return await handler(args)
    } catch (error) {
      if (isAppError(error)) return errorResponse(error)
      if (args.request.signal.aborted) throw error
      logFailure(error, args)
      return apiError(500, SERVER_FAILURE_MESSAGE)
    }
  }
}

/** The JSON text of each answer made by `ok`, for its ETag. */
const jsonTexts = new WeakMap<Response, string>()

export function ok(data: unknown, init?: ResponseInit) {
  const text = JSON.stringify(data)
  const headers = new Headers(init?.headers)
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  const res = new Response(text, { ...init, headers })
  jsonTexts.set(res, text)
  return res
}

/**
 * Conditional GETs for integrations that poll: a 200 JSON answer carries a
 * weak ETag of its text (weak: the bytes differ by compression), and a GET
 * or HEAD whose If-None-Match names it gets 304 with no body. (Streamed
 * lists have no text to hash and no ETag.)
 */
function conditional(request: Request, res: Response): Response {
  const text = jsonTexts.get(res)
  if (text === undefined || res.status !== 200) return res
  if (request.method !== 'GET' && request.method !== 'HEAD') return res
  const tag = etagOf(text)
  res.headers.set('ETag', tag)
  if (!matchesIfNoneMatch(request.headers.get('If-None-Match'), tag)) return res
  const headers = new Headers(res.headers)
  headers.delete('Content-Type')
  headers.delete('Content-Length')
  return new Response(null, { status: 304, headers })
}

/** 405 for a method the route does not serve. */
export function methodNotAllowed(allowed: string[]) {
  return apiError(405, 'Method not allowed', undefined, { Allow: allowed.join(', ') })
}

/** True when the request carries a body (a length above 0, or chunked). */
export function hasBody(request: Request): boolean {
  const length = request.headers.get('Content-Length')
  if (length !== null) return Number(length) > 0
  return request.headers.has('Transfer-Encoding')
}

/** `application/json`, with or without parameters (`; charset=utf-8`), or a `+json` type. */
export function isJsonType(contentType: string | null): boolean {
  const essence = (contentType ?? '').split(';')[0].trim().toLowerCase()
  return essence === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(essence)
}

/**
 * Reads a JSON object body (at most 1 MB). No body counts as `{}`; a body of
 * another type is refused with 415, malformed JSON or a non-object with 400.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  if (!hasBody(request)) return {}
  if (!isJsonType(request.headers.get('Content-Type')))
    throw unsupportedMediaType('This call takes a JSON body (Content-Type: application/json)')
  const text = await readBodyText(request)
  if (text.trim() === '') return {}
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw invalid('Request body must be valid JSON')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid('Request body must be a JSON object')
  return body as Record<string, unknown>
}

/** Validates with a form's zod schema; 400 with per-field messages otherwise. */
export function validate<T extends z.ZodType>(
  schema: T,
  input: unknown,
  message = 'Validation failed',
): z.infer<T> {
  const parsed = schema.safeParse(input)
  if (!parsed.success) throw invalid(message, fieldErrors(parsed.error))
  return parsed.data
}
