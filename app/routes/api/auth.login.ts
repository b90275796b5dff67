import type { Route } from './+types/auth.login'
import { apiError, methodNotAllowed, ok, readJsonObject } from '~/http/api.server'
import { logIn } from '~/http/login.server'

// POST /api/auth/login {email, password} — the user object itself, with the session cookie.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const body = await readJsonObject(request)
  const result = await logIn({ request, fields: body, clientIp: context.clientIp })
  if (!result.ok) {
    const headers = result.retryAfter ? { 'Retry-After': String(result.retryAfter) } : undefined
    return apiError(result.status, result.message, result.errors, headers)
  }
  return ok(result.user, { headers: { 'Set-Cookie': result.setCookie } })
}

export function loader() {
  return apiError(405, 'Method not allowed', undefined, { Allow: 'POST' })
}
