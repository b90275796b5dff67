import { redirect } from 'react-router'
import { API_TOKEN_MESSAGES, isApiTokenCall } from '~/domain/api-token'
import { forbidden, unauthenticated } from '~/domain/errors'
import type { User } from '~/domain/user'
import { knownBrowserCookieHeader, readKnownBrowser } from '~/infra/known-browser-cookie.server'
import {
  clearSessionCookieHeader,
  readSessionToken,
  sessionCookieHeader,
  sessionTokenOf,
} from '~/infra/session-cookie.server'
import {
  createSession,
  deleteSession,
  findSessionUser,
  type SessionUser,
} from '~/models/session.server'
import { findTokenUser, takeTokenRequest, type TokenUser } from '~/models/api-token.server'

// Who is asking. A request's session (cookie → row → user) is read once per
// request however many loaders ask: the root loader and the page's loader
// share it. Guards for pages redirect a visitor to log in and come back;
// guards for /api answer 401.
//
// An /api call with an Authorization header is a script's: its user is the
// API token's, and its cookies are ignored — so it needs no cross-site check
// (server/cross-site.ts lets it through), and a page elsewhere cannot ride a
// cookie by adding a made-up header. A bad token answers 401, a read-only
// token may only read, and each token's requests are counted against its limit.

const sessions = new WeakMap<Request, Promise<SessionUser | null>>()
const tokenUsers = new WeakMap<Request, Promise<TokenUser | null>>()

/** An /api request that names an API token: its Authorization header; otherwise null. */
function authorizationOf(request: Request): string | null {
  const header = request.headers.get('Authorization')
  return isApiTokenCall(new URL(request.url).pathname, header) ? header : null
}

/** The token of `Bearer <token>`, or null for any other shape. */
const bearerToken = (header: string) =>
  /^Bearer +([A-Za-z0-9_-]{1,200})$/i.exec(header.trim())?.[1] ?? null

/** The token's user for an /api request carrying one (counted against its limit), or null. */
function getTokenUser(request: Request, header: string): Promise<TokenUser | null> {
  let found = tokenUsers.get(request)
  if (!found) {
    const token = bearerToken(header)
    found = (token ? findTokenUser(token) : Promise.resolve(null)).then(async (user) => {
      if (user) await takeTokenRequest(user.tokenId)
      return user
    })
    tokenUsers.set(request, found)
  }
  return found
}

/** The request's live session and its user, or null (always null for an API token's request). */
export function getSession(request: Request): Promise<SessionUser | null> {
  let session = sessions.get(request)
  if (!session) {
    session =
      authorizationOf(request) !== null
        ? Promise.resolve(null)
        : readSessionToken(request).then((token) => (token ? findSessionUser({ token }) : null))
    sessions.set(request, session)
  }
  return session
}

/**
 * True when a request's headers name a live user: a session cookie, or on
 * /api an API token. The server asks this before it reads a large upload: a
 * visitor's photos are never held in memory.
 */
export async function hasLiveUser({
  path,
  cookie,
  authorization,
}: {
  path: string
  cookie: string | undefined
  authorization: string | undefined
}): Promise<boolean> {
  if (isApiTokenCall(path, authorization)) {
    const token = bearerToken(authorization!)
    return token !== null && (await findTokenUser(token)) !== null
  }
  const token = await sessionTokenOf(cookie)
  return token !== null && (await findSessionUser({ token })) !== null
}

/** The logged-in user (or the API token's), or null. */
export async function getCurrentUser(request: Request): Promise<User | null> {
  const header = authorizationOf(request)
  if (header !== null) return (await getTokenUser(request, header))?.user ?? null
  return (await getSession(request))?.user ?? null
}

/** Where the visitor was going: this request's path and query. */
function here(request: Request) {
  const url = new URL(request.url)
  // A page's data request (/pets.data) stands for the page itself (/pets).
  let path = url.pathname.replace(/\.data$/, '')
  if (path === '/_root' || path === '') path = '/'
  // React Router's own parameter of a data request is not part of the page's address.
  if (url.searchParams.has('_routes')) url.searchParams.delete('_routes')
  return `${path}${url.search}`
}

/**
 * The logged-in user; a visitor is sent to log in (`/login`, or `via` — the
 * landing page for /pets) with `redirectTo` set to bring them back here after.
 * With `can`, a user the rule does not allow gets 403.
 */
export async function requireUser(
  request: Request,
  { via = '/login', can }: { via?: '/login' | '/'; can?: (actor: User) => boolean } = {},
): Promise<User> {
  const user = await getCurrentUser(request)
  if (!user) throw redirect(`${via}?${new URLSearchParams({ redirectTo: here(request) })}`)
  if (can && !can(user)) throw forbidden()
  return user
}

/**
 * The logged-in user (or the API token's), or 401 for an /api call; 403 for
 * a read-only token's write.
 */
export async function requireApiUser(
  request: Request,
  { unauthenticatedMessage }: { unauthenticatedMessage?: string } = {},
): Promise<User> {
  const header = authorizationOf(request)
  if (header !== null) {
    if (bearerToken(header) === null) throw unauthenticated(API_TOKEN_MESSAGES.malformed)
    const found = await getTokenUser(request, header)
    if (!found) throw unauthenticated(API_TOKEN_MESSAGES.invalid)
    if (found.readOnly && request.method !== 'GET' && request.method !== 'HEAD')
      throw forbidden(API_TOKEN_MESSAGES.readOnly)
    return found.user
  }
  const user = await getCurrentUser(request)
  if (!user) throw unauthenticated(unauthenticatedMessage)
  return user
}

/**
 * Logs a browser in as `user`: a new session (never the one it came with,
 * which is ended, so a session id planted before login is worthless), and
 * the browser becomes one known to the account (its login delay is its own).
 * Returns the headers that set both cookies.
 */
export async function startSession(
  request: Request,
  user: { id: number; email: string },
): Promise<Headers> {
  const previous = await getSession(request)
  if (previous) await deleteSession({ sessionId: previous.sessionId })
  const { token, expiresAt } = await createSession({
    userId: user.id,
    userAgent: request.headers.get('User-Agent') ?? '',
  })
  const headers = new Headers()
  headers.append('Set-Cookie', await sessionCookieHeader(token, expiresAt))
  headers.append(
    'Set-Cookie',
    await knownBrowserCookieHeader(await readKnownBrowser(request), user.email),
  )
  return headers
}

/** Logs a browser out: its session row is deleted, so the cookie is worthless even if kept. */
export async function endSession(request: Request): Promise<string> {
  const session = await getSession(request)
  if (session) await deleteSession({ sessionId: session.sessionId })
  return clearSessionCookieHeader()
}
