import { isAppError } from '~/domain/errors'
import type { User } from '~/domain/user'
import { sessionTokenOf } from '~/infra/session-cookie.server'
import { listBookingsCoveringDate, listOwnBookings } from '~/models/booking/queries.server'
import { listOwnPets } from '~/models/pet/queries.server'
import { findSessionUser } from '~/models/session.server'
import { apiHandler, ok } from './api.server'
import { requireApiUser } from './auth.server'
import { jsonText, type JsonText } from './etag.server'
import { requireCalendarDate } from './params.server'

// The JSON a signed-in browser or app asks for most — who is logged in, their
// pets and bookings, and for staff the day's bookings — is read by the
// resource route (with React Router, for any request) and, for a plain GET
// with a session cookie, by the server before React Router (server/app.ts).
// Matching a route and making the Fetch Request and Response cost about as
// much main-thread time as the rest of such an answer together; the answer
// is the same either way: the same read, the same text, ETag and headers.
//
// The server answers only what it can answer alike: a GET of the exact path
// (no query, no escapes), with the session cookie and no Authorization header
// (an API token's call is counted against its limit, by React Router's
// route), for a live session whose read succeeds. A refusal (a bad date, a
// client asking for staff data) or no live session, and so every 4xx, is left
// to React Router, which reads it again and answers it with the route's own
// message: such a request costs two session lookups, a price paid only by
// requests that are refused. An unexpected failure (the database gone) is
// not retried: the server's own JSON 500 answers it (server/app.ts), the
// same answer the route gives (`answersInJson` in api.server.ts).

type ReadArgs = { actor: User; params: Record<string, string> }

export type SignedInRead = {
  /** The route's path; a `:name` segment is a parameter. */
  readonly path: string
  readonly read: (args: ReadArgs) => Promise<unknown>
  /** The route's loader. */
  readonly loader: (args: {
    request: Request
    params: Record<string, string | undefined>
  }) => Promise<Response>
}

function signedInRead(
  path: string,
  read: (args: ReadArgs) => Promise<unknown>,
  { unauthenticatedMessage }: { unauthenticatedMessage?: string } = {},
): SignedInRead {
  return {
    path,
    read,
    loader: apiHandler(async ({ request, params }) => {
      const actor = await requireApiUser(request, { unauthenticatedMessage })
      return ok(await read({ actor, params: params as Record<string, string> }))
    }),
  }
}

/** GET /api/auth/ — restores the session: the user object itself (401 for a visitor). */
export const currentUser = signedInRead('/api/auth', async ({ actor }) => actor, {
  unauthenticatedMessage: 'Trouble getting current user',
})

/** GET /api/users/me — the logged-in user, as GET /api/auth/ answers. */
export const me = signedInRead('/api/users/me', async ({ actor }) => actor)

/** GET /api/pets/user — the logged-in user's own pets ({"Pets": [...]}). */
export const ownPets = signedInRead('/api/pets/user', async ({ actor }) => ({
  Pets: await listOwnPets({ actor }),
}))

/** GET /api/bookings/user — the logged-in user's own bookings ({"bookings": [...]}). */
export const ownBookings = signedInRead('/api/bookings/user', async ({ actor }) => ({
  bookings: await listOwnBookings({ actor }),
}))

/**
 * GET /api/bookings/date/{yyyy-mm-dd} — staff: every booking covering that
 * date, as a bare JSON array (the contract names no field for it).
 */
export const daysBookings = signedInRead('/api/bookings/date/:date', async ({ actor, params }) =>
  listBookingsCoveringDate({ date: requireCalendarDate(params.date), actor }),
)

const SIGNED_IN_READS = [currentUser, me, ownPets, ownBookings, daysBookings]

type Compiled = { segments: string[]; of: SignedInRead }
const compiled: Compiled[] = SIGNED_IN_READS.map((of) => ({
  segments: of.path.split('/').slice(1),
  of,
}))

/** The read a path names and its parameters; only an exact, unescaped path (a trailing slash allowed). */
function match(path: string): { of: SignedInRead; params: Record<string, string> } | null {
  if (path.includes('%')) return null
  const segments = (path.endsWith('/') ? path.slice(0, -1) : path).split('/').slice(1)
  for (const { segments: pattern, of } of compiled) {
    if (pattern.length !== segments.length) continue
    const params: Record<string, string> = {}
    let matched = true
    for (let i = 0; i < pattern.length && matched; i++) {
      if (pattern[i].startsWith(':')) {
        if (segments[i] === '') matched = false
        else params[pattern[i].slice(1)] = segments[i]
      } else matched = pattern[i] === segments[i]
    }
    if (matched) return { of, params }
  }
  return null
}

/**
 * The JSON text of a signed-in read for a plain GET of `path` (its query
 * empty) with these Cookie and Authorization headers, or null when the
 * server should leave the request to React Router: not such a read, no live
 * session, or a refusal.
 */
export async function signedInJsonFor({
  path,
  query,
  cookie,
  authorization,
}: {
  path: string
  query: string
  cookie: string | undefined
  authorization: string | undefined
}): Promise<JsonText | null> {
  if (query !== '' || authorization !== undefined || !cookie || !path.startsWith('/api/'))
    return null
  const found = match(path)
  if (!found) return null
  const token = await sessionTokenOf(cookie)
  const session = token ? await findSessionUser({ token }) : null
  if (!session) return null
  try {
    return jsonText(
      JSON.stringify(await found.of.read({ actor: session.user, params: found.params })),
    )
  } catch (error) {
    if (isAppError(error)) return null
    throw error
  }
}
