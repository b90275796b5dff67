import type { z } from 'zod'
import { getCurrentUser } from './auth.server'
import { isAdmin, type User } from '~/models/user.server'
import { fieldErrors, parseIdParam } from '~/schemas/fields'

// The JSON /api contract's plumbing: error bodies, body parsing, guards.
// Every failure is a thrown Response, so a resource route reads as its happy path.

export type ErrorBody = { message: string; errors?: Record<string, string> }

export const MAX_JSON_BYTES = 1024 * 1024

export function apiError(
  status: number,
  message: string,
  errors?: Record<string, string>,
  headers?: HeadersInit,
) {
  const body: ErrorBody = errors ? { message, errors } : { message }
  return Response.json(body, { status, headers })
}

export function ok(data: unknown, init?: ResponseInit) {
  return Response.json(data, init)
}

/** Reads a JSON object body: 413 over 1 MB, 400 when it is not a JSON object. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const length = Number(request.headers.get('Content-Length') ?? '0')
  if (length > MAX_JSON_BYTES) throw apiError(413, 'Request body is too large (1 MB at most)')
  const text = await readTextLimited(request, MAX_JSON_BYTES)
  if (text.trim() === '') return {}
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw apiError(400, 'Request body must be valid JSON')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw apiError(400, 'Request body must be a JSON object')
  return body as Record<string, unknown>
}

async function readTextLimited(request: Request, limit: number) {
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      throw apiError(413, 'Request body is too large (1 MB at most)')
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}

/** Validates with a form's zod schema; 400 with per-field messages otherwise. */
export function validate<T extends z.ZodType>(
  schema: T,
  input: unknown,
  message = 'Validation failed',
): z.infer<T> {
  const parsed = schema.safeParse(input)
  if (!parsed.success) throw apiError(400, message, fieldErrors(parsed.error))
  return parsed.data
}

/** A numeric id from the URL; 404 when it cannot name a row. */
export function requireIdParam(value: string | undefined, notFoundMessage: string): number {
  const id = parseIdParam(value)
  if (id === null) throw apiError(404, notFoundMessage)
  return id
}

export async function requireApiUser(request: Request): Promise<User> {
  const user = await getCurrentUser(request)
  if (!user) throw apiError(401, 'You must be logged in')
  return user
}

export async function requireApiStaff(request: Request): Promise<User> {
  const user = await requireApiUser(request)
  if (!user.staff) throw apiError(403, 'Unauthorized')
  return user
}

export async function requireApiAdmin(request: Request): Promise<User> {
  const user = await requireApiUser(request)
  if (!isAdmin(user)) throw apiError(403, 'Unauthorized')
  return user
}

/** 405 for a method the route does not serve. */
export function methodNotAllowed(allowed: string[]) {
  return apiError(405, 'Method not allowed', undefined, { Allow: allowed.join(', ') })
}
