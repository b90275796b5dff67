import { isAppError } from '~/domain/errors'
import type { User } from '~/domain/user'
import { sessionTokenOf } from '~/infra/session-cookie.server'
import {
  listAllBookingsPage,
  listBookingsCoveringDate,
  listOwnBookings,
} from '~/models/booking/queries.server'
import { listOwnPets, listPetsPage } from '~/models/pet/queries.server'
import { findSessionUser } from '~/models/session.server'
import type { ApiPaging } from '~/schemas/paging'
import { apiHandler, ok } from './api.server'
import { requireApiUser } from './auth.server'
import { jsonText, type JsonText } from './etag.server'
import { onlyPaging, pagedList, pageLinks } from './json-list.server'
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
// (no escapes) with no query — or, for a page of a list, exactly ?page= and
// perhaps ?limit=, both valid — with the session cookie and no Authorization header
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

/**
 * A page of a list that grows with the hotel (`?page=&limit=`): `{key: items}`
 * with the links to the other pages in its `Link` header. The route answers
 * the rest of its GETs (the whole list, streamed; bad paging).
 */
export type SignedInPage = {
  readonly path: string
  readonly key: string
  readonly readPage: (args: {
    actor: User
    paging: ApiPaging
  }) => Promise<{ items: readonly unknown[]; hasMore: boolean }>
  /** The route's answer for one page. */
  readonly respond: (
    request: Request,
    args: { actor: User; paging: ApiPaging },
  ) => Promise<Response>
}

function signedInPage(path: string, key: string, readPage: SignedInPage['readPage']): SignedInPage {
  return {
    path,
    key,
    readPage,
    respond: async (request, args) => pagedList(request, key, args.paging, await readPage(args)),
  }
}

/** GET /api/bookings?page= — a page of every booking, in id order: the Owner and Managers. */
export const bookingsPage = signedInPage('/api/bookings', 'bookings', listAllBookingsPage)

/** GET /api/pets?page= — a page of every pet, by id: staff. */
export const petsPage = signedInPage('/api/pets', 'Pets', listPetsPage)

const SIGNED_IN_READS = [currentUser, me, ownPets, ownBookings, daysBookings]
const PAGES = new Map(
  [bookingsPage, petsPage].flatMap((page) => [
    [page.path, page],
    [`${page.path}/`, page],
  ]),
)

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

export type SignedInJson = {
  json: JsonText
  /** The answer's own headers besides its type and ETag (a page's Link: name, value). */
  headers: string[]
}

type Answerable =
  { read: SignedInRead; params: Record<string, string> } | { page: SignedInPage; paging: ApiPaging }

/** What the server may answer itself: a read and its parameters, or a page and its paging. */
function answerable(path: string, query: string): Answerable | null {
  if (query === '') {
    const found = match(path)
    return found && { read: found.of, params: found.params }
  }
  const page = PAGES.get(path)
  const paging = page ? onlyPaging(query) : null
  return page && paging ? { page, paging } : null
}

/**
 * The JSON of a signed-in read for a plain GET of `url` (its `path`, and its
 * `query` without the '?') with these Cookie and Authorization headers, or
 * null when the server should leave the request to React Router: not such a
 * read, no live session, or a refusal.
 */
export async function signedInJsonFor({
  url,
  path,
  query,
  cookie,
  authorization,
}: {
  url: string
  path: string
  query: string
  cookie: string | undefined
  authorization: string | undefined
}): Promise<SignedInJson | null> {
  if (authorization !== undefined || !cookie || !path.startsWith('/api/')) return null
  const found = answerable(path, query)
  if (!found) return null
  const token = await sessionTokenOf(cookie)
  const session = token ? await findSessionUser({ token }) : null
  if (!session) return null
  const actor = session.user
  try {
    if ('read' in found)
      return {
        json: jsonText(JSON.stringify(await found.read.read({ actor, params: found.params }))),
        headers: [],
      }
    const { page, paging } = found
    const { items, hasMore } = await page.readPage({ actor, paging })
    return {
      json: jsonText(JSON.stringify({ [page.key]: items })),
      headers: ['link', pageLinks(url, paging, hasMore)],
    }
  } catch (error) {
    if (isAppError(error)) return null
    throw error
  }
}
