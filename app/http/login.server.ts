import type { User } from '~/models/user.server'
import { authenticator, LoginError } from './auth.server'
import { loginRetryAfter, recordFailedLogin } from '~/infra/login-throttle.server'
import { commitUserSession } from '~/infra/session.server'

export type LoginResult =
  | { ok: true; user: User; setCookie: string }
  | {
      ok: false
      status: 400 | 401 | 429
      message: string
      errors?: Record<string, string>
      retryAfter?: number
    }

/**
 * One login for the page and the API: throttle check, remix-auth's form
 * strategy, failure counting, session cookie. Successful logins are never counted.
 */
export async function logIn({
  request,
  fields,
  clientIp,
}: {
  request: Request
  fields: Record<string, unknown> | FormData
  clientIp: string
}): Promise<LoginResult> {
  const form = fields instanceof FormData ? fields : toFormData(fields)
  const email = typeof form.get('email') === 'string' ? String(form.get('email')) : ''
  if (email) {
    const retryAfter = await loginRetryAfter(email, clientIp)
    if (retryAfter > 0)
      return {
        ok: false,
        status: 429,
        message: `Too many failed logins. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
        retryAfter,
      }
  }
  const authRequest = new Request(request.url, {
    method: 'POST',
    body: form,
    headers: { Cookie: request.headers.get('Cookie') ?? '' },
  })
  try {
    const user = await authenticator.authenticate('form', authRequest)
    return { ok: true, user, setCookie: await commitUserSession(request, user.id) }
  } catch (error) {
    if (!(error instanceof LoginError)) throw error
    if (error.status === 401) await recordFailedLogin(email, clientIp)
    return { ok: false, status: error.status, message: 'Login failed', errors: error.errors }
  }
}

function toFormData(fields: Record<string, unknown>) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    // Only text can be an email or a password; anything else counts as missing.
    if (typeof value === 'string') form.set(key, value)
  }
  return form
}
