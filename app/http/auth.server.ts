import { redirect } from 'react-router'
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

// Who is asking. A request's session (cookie → row → user) is read once per
// request however many loaders ask: the root loader and the page's loader
// share it. Guards for pages redirect a visitor to log in and come back;
// guards for /api answer 401.

const sessions = new WeakMap<Request, Promise<SessionUser | null>>()

/** The request's live session and its user, or null. */
export function getSession(request: Request): Promise<SessionUser | null> {
  let session = sessions.get(request)
  if (!session) {
    session = readSessionToken(request).then((token) => (token ? findSessionUser({ token }) : null))
    sessions.set(request, session)
  }
  return session
}

/**
 * True when a Cookie header carries a live session. The server asks this
 * before it reads a large upload: a visitor's photos are never held in memory.
 */
export async function cookieHasLiveSession(cookie: string | undefined): Promise<boolean> {
  const token = await sessionTokenOf(cookie)
  return token !== null && (await findSessionUser({ token })) !== null
}

/** The logged-in user, or null. */
export async function getCurrentUser(request: Request): Promise<User | null> {
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

/** The logged-in user, or 401 for an /api call. */
export async function requireApiUser(request: Request): Promise<User> {
  const user = await getCurrentUser(request)
  if (!user) throw unauthenticated()
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
