import crypto from 'node:crypto'
import { signedCookie } from './signed-cookie.server'

// The "known browser" cookie. A browser that has logged into an account
// carries, signed, a random id of its own and a tag of each account (at most
// five) it has logged into. It is what keeps a person's own browser out of
// the account-wide login delay that a guesser elsewhere sets off
// (app/http/login.server.ts): guessing from a browser that never logged in
// delays every such browser, never the ones the owner uses. The tag is a
// hash of the email, so the cookie does not say whose it is. It outlives
// logging out (that is its point), for a year; HttpOnly, SameSite=Lax, and
// `__Host-` over https like the session cookie.

const YEAR_SECONDS = 365 * 24 * 60 * 60
const MAX_ACCOUNTS = 5

export type KnownBrowser = { id: string; accounts: string[] }

/** The tag of an account in the cookie. */
export function accountTag(email: string): string {
  return crypto
    .createHash('sha256')
    .update(email.trim().toLowerCase())
    .digest('base64url')
    .slice(0, 22)
}

const cookie = signedCookie(
  { plain: 'known-browser', https: '__Host-known-browser' },
  { maxAge: YEAR_SECONDS },
)

const TAG = /^[A-Za-z0-9_-]{22}$/

/** The browser's known-browser cookie (signature checked), or null. */
export async function readKnownBrowser(request: Request): Promise<KnownBrowser | null> {
  const signed = await cookie.parse(request.headers.get('Cookie'))
  if (!signed) return null
  let value: Partial<KnownBrowser>
  try {
    value = JSON.parse(Buffer.from(signed, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!value || typeof value !== 'object') return null
  if (typeof value.id !== 'string' || !TAG.test(value.id)) return null
  if (!Array.isArray(value.accounts)) return null
  const accounts = value.accounts.filter((a): a is string => typeof a === 'string' && TAG.test(a))
  return { id: value.id, accounts: accounts.slice(0, MAX_ACCOUNTS) }
}

/** Set-Cookie that makes (or keeps) this browser known for `email`, newest account first. */
export async function knownBrowserCookieHeader(
  previous: KnownBrowser | null,
  email: string,
): Promise<string> {
  const tag = accountTag(email)
  const value: KnownBrowser = {
    id: previous?.id ?? crypto.randomBytes(16).toString('base64url').slice(0, 22),
    accounts: [tag, ...(previous?.accounts ?? []).filter((a) => a !== tag)].slice(0, MAX_ACCOUNTS),
  }
  return cookie.serialize(Buffer.from(JSON.stringify(value)).toString('base64url'))
}
