import { signedCookie } from './signed-cookie.server'

// The session cookie carries one thing: the session's random token, signed
// (app/infra/signed-cookie.server.ts), named `__session` (`__Host-session`
// over https).

const cookie = signedCookie({ plain: '__session', https: '__Host-session' })

/** The session token a request's cookie carries (signature checked), or null. */
export function readSessionToken(request: Request): Promise<string | null> {
  return sessionTokenOf(request.headers.get('Cookie'))
}

/** The session token in a Cookie header (signature checked), or null. */
export async function sessionTokenOf(header: string | null | undefined): Promise<string | null> {
  const value = await cookie.parse(header)
  return value !== null && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null
}

/** Set-Cookie that hands the browser a session token until `expires`. */
export async function sessionCookieHeader(token: string, expires: Date): Promise<string> {
  return cookie.serialize(token, { expires })
}

/** Set-Cookie that removes the session cookie. */
export async function clearSessionCookieHeader(): Promise<string> {
  return cookie.serialize('', { expires: new Date(0), maxAge: 0 })
}
