import type { IncomingMessage, ServerResponse } from 'node:http'
import { hotelClock } from '../app/infra/clock.server'
import { dropStamp } from '../app/infra/read-cache.server'
import { newNonce } from './nonce'
import { headersOf, sendWhole } from './react-router-handler'

// The pages every visitor sees alike — the landing page, the services, the
// first page of the reviews, the log-in and sign-up forms, to someone with no
// session — kept rendered, so that a visitor costs a lookup instead of a
// render (a page's render is nearly all of its cost). The rules that keep
// this invisible:
//
//  - Only a GET of one of those paths exactly, with no query, no session
//    cookie and no Authorization header. Anything else that could make the
//    page differ (a user, a notice in the query, a way back) goes to React
//    Router as before.
//  - Each answer carries its own fresh CSP nonce, in its header and in its
//    HTML alike: the page is rendered with a stand-in nonce (random, made
//    when the server starts, never sent), and every answer puts its own
//    nonce where the stand-in stood. No two answers share a nonce, as if
//    each page had been rendered for it.
//  - What these pages show is data with a read-cache topic (services,
//    settings, reviews, Pet of the Month; app/infra/read-cache.server.ts):
//    every write that changes it bumps the topic, a review's author's
//    username included. A kept page is good while nothing in the read cache
//    was dropped since its render began — a write on this server or, through
//    the versions poll, on another — on the same hotel day, and for at most
//    MAX_AGE_MS, a backstop for anything else a page may come to show.
//  - Only a 200 HTML answer that sets no cookie is kept.

/** The visitor pages (paths exactly as the server reads them). */
export const VISITOR_PAGES: ReadonlySet<string> = new Set([
  '/',
  '/services',
  '/reviews',
  '/login',
  '/signup',
])

/** A kept page is rendered again after this long at the latest. */
export const MAX_AGE_MS = 60_000
/** At most this many pages kept (one per origin and path): a flood of Host names cannot grow it. */
const MAX_ENTRIES = 64

const SESSION_COOKIE = /(?:^|;)\s*(?:__session|__Host-session)=/

type Kept = {
  status: number
  statusText: string
  /** React Router's headers of the answer (not the request's base headers). */
  headers: string[]
  typed: Headers
  /**
   * The HTML's bytes, split where the stand-in nonce stood. Joined as bytes:
   * joining the text and encoding it took ~1 ms per answer for a 72 KB page
   * (text with characters beyond Latin-1 is slow to join), the bytes ~40 µs.
   */
  parts: Buffer[]
  stamp: number
  day: string
  at: number
}

type Render = (nonce: string) => Promise<Response>

export function visitorPages() {
  const standIn = newNonce()
  const kept = new Map<string, Kept>()

  const fresh = (page: Kept) => {
    const clock = hotelClock()
    const age = clock.instant.getTime() - page.at
    return page.stamp === dropStamp() && page.day === clock.today && age >= 0 && age < MAX_AGE_MS
  }

  return {
    /** Whether this request is for a visitor page (see the rules above). */
    covers(req: IncomingMessage, path: string): boolean {
      return (
        req.method === 'GET' &&
        VISITOR_PAGES.has(path) &&
        !req.url!.includes('?') &&
        !req.headers.authorization &&
        !(req.headers.cookie && SESSION_COOKIE.test(req.headers.cookie))
      )
    },

    /**
     * Answers with the kept page of `url`, or with one `render` makes (kept
     * when it may be); `noted` hears which, before the answer goes.
     */
    async send(
      req: IncomingMessage,
      res: ServerResponse,
      {
        url,
        base,
        nonce,
        render,
        noted,
      }: {
        url: string
        base: string[]
        nonce: string
        render: Render
        noted: (how: 'kept' | 'rendered') => void
      },
    ) {
      let page = kept.get(url)
      if (page && fresh(page)) noted('kept')
      else {
        page = await renderPage(render)
        if (isKeepable(page)) {
          if (kept.size >= MAX_ENTRIES) kept.clear()
          kept.set(url, page)
        }
        noted('rendered')
      }
      await sendWhole(req, res, {
        status: page.status,
        statusText: page.statusText,
        headers: [...base, ...page.headers],
        typed: page.typed,
        bytes: joinWith(page.parts, Buffer.from(nonce)),
      })
    },
  }

  async function renderPage(render: Render): Promise<Kept> {
    // Taken before the render: a drop during it leaves the page already stale.
    const stamp = dropStamp()
    const { today: day, instant } = hotelClock()
    const at = instant.getTime()
    const response = await render(standIn)
    return {
      status: response.status,
      statusText: response.statusText,
      headers: headersOf(response),
      typed: response.headers,
      parts: (await response.text()).split(standIn).map((part) => Buffer.from(part)),
      stamp,
      day,
      at,
    }
  }
}

/** The parts with `between` between each two, as one Buffer. */
function joinWith(parts: Buffer[], between: Buffer): Buffer {
  const all: Buffer[] = []
  for (const part of parts) {
    if (all.length) all.push(between)
    all.push(part)
  }
  return Buffer.concat(all)
}

function isKeepable(page: Kept) {
  return (
    page.status === 200 &&
    /^text\/html\b/.test(page.typed.get('Content-Type') ?? '') &&
    !page.typed.has('Set-Cookie')
  )
}
