import { unavailable } from '~/domain/errors'
import { singleton } from '~/infra/singleton.server'
import { createWorkQueue, QueueTimeoutError } from '~/infra/work-queue.server'
import { apiPagingSchema, type ApiPaging } from '~/schemas/paging'
import { ok, validate } from './api.server'

// The JSON lists that grow with the hotel (GET /api/reviews, /api/bookings,
// /api/pets) answer in two ways, both keeping the contract's body
// `{"<key>": [...]}`:
//   - paged, when the URL has ?page= or ?limit=: one page, with the links to
//     the first, previous and next pages in a `Link` header (RFC 8288) so the
//     body stays what existing clients parse;
//   - whole, otherwise: read and sent in batches as the client takes them, so
//     a list of 150,000 bookings never sits in memory at once, and only a few
//     such lists are sent at a time by each server (others wait their turn;
//     after 30 s, 503 with Retry-After; a client that stops taking its list
//     is let go after 20 s).

export const WHOLE_LISTS_AT_ONCE = 2
const WAIT_MS = 30_000
/**
 * A client that takes nothing of a streamed list for this long is let go (the
 * connection is cut), so a stalled or hostile download cannot keep a turn for
 * ever; shorter than WAIT_MS, so those waiting get the turn in time.
 */
export const STALLED_MS = 20_000

export const wholeListQueue = () =>
  singleton('wholeListQueue', () =>
    createWorkQueue({ concurrency: WHOLE_LISTS_AT_ONCE, maxWaitMs: WAIT_MS }),
  )

/** ?page= and ?limit= as given (trimmed) when either is, else null: the whole list. */
export function pagingFields(params: URLSearchParams): Record<string, string> | null {
  if (!params.has('page') && !params.has('limit')) return null
  const raw: Record<string, string> = {}
  for (const name of ['page', 'limit'] as const) {
    const value = params.get(name)
    if (value !== null) raw[name] = value.trim()
  }
  return raw
}

/** ?page= and ?limit= when either is given (400 for bad values), else null: the whole list. */
export function readApiPaging(request: Request): ApiPaging | null {
  const raw = pagingFields(new URL(request.url).searchParams)
  return raw && validate(apiPagingSchema, raw, 'Invalid paging')
}

/**
 * The paging of a query that holds exactly ?page= and perhaps ?limit=, both
 * valid; null for anything else (no paging, another parameter, a bad value),
 * which the list's route answers — with its whole list, or its 400.
 */
export function onlyPaging(query: string): ApiPaging | null {
  const params = new URLSearchParams(query)
  for (const name of params.keys()) if (name !== 'page' && name !== 'limit') return null
  const raw = pagingFields(params)
  const parsed = raw ? apiPagingSchema.safeParse(raw) : null
  return parsed?.success ? parsed.data : null
}

/**
 * The `Link` header of one page: first, prev (after page 1) and next (when
 * there is more) — the request's URL with its `page` and `limit` set, its
 * other parameters kept. The URL is parsed once and each link written from
 * its parts: a URL object per link was ~2% of a busy page of bookings' JSON.
 */
export function pageLinks(url: string, { page, limit }: ApiPaging, hasMore: boolean): string {
  const u = new URL(url)
  const params = new URLSearchParams(u.searchParams)
  // The fragment as written (`hash` is '' for a bare '#', which the href keeps).
  const at = u.href.indexOf('#')
  const hash = at === -1 ? '' : u.href.slice(at)
  u.search = ''
  u.hash = ''
  const base = u.href
  const linkTo = (target: number) => {
    // `set` keeps a parameter where it is, else adds it at the end: page, then limit.
    params.set('page', String(target))
    params.set('limit', String(limit))
    return `<${base}?${params}${hash}>`
  }
  const links = [`${linkTo(1)}; rel="first"`]
  if (page > 1) links.push(`${linkTo(page - 1)}; rel="prev"`)
  if (hasMore) links.push(`${linkTo(page + 1)}; rel="next"`)
  return links.join(', ')
}

/** One page of a list: `{key: items}` with its `Link` header. */
export function pagedList(
  request: Request,
  key: string,
  paging: ApiPaging,
  { items, hasMore }: { items: readonly unknown[]; hasMore: boolean },
): Response {
  return ok({ [key]: items }, { headers: { Link: pageLinks(request.url, paging, hasMore) } })
}

/**
 * The whole list `{key: [...]}` from its batches, in its turn. A list that
 * fits in one batch is answered at once; a longer one is streamed, the next
 * batch read only when the client has taken the last. The first batch is
 * read before answering, so a failure there is still a clean 500.
 */
export async function wholeList(
  request: Request,
  key: string,
  batches: AsyncIterable<unknown[]>,
): Promise<Response> {
  // HEAD: the headers alone, with no turn taken and nothing read. React Router
  // drops the body of its answer to a HEAD without cancelling it, so a stream
  // made for one would never give its turn back.
  if (request.method === 'HEAD')
    return new Response(null, { headers: { 'Content-Type': 'application/json' } })
  const release = await takeTurn()
  const iterator = batches[Symbol.asyncIterator]()
  let streaming = false
  try {
    const first = await iterator.next()
    const second = first.done ? first : await iterator.next()
    // (One text: it gets an ETag like any JSON answer; a streamed list has none.)
    if (second.done) return ok({ [key]: first.done ? [] : first.value })
    streaming = true
    const stream = streamOf(key, [first.value, second.value], iterator, release, request.signal)
    return new Response(stream, { headers: { 'Content-Type': 'application/json' } })
  } finally {
    if (!streaming) {
      release()
      await iterator.return?.()
    }
  }
}

function streamOf(
  key: string,
  ready: unknown[][],
  iterator: AsyncIterator<unknown[]>,
  release: () => void,
  clientGone: AbortSignal,
): ReadableStream<Uint8Array> {
  type Controller = ReadableStreamDefaultController<Uint8Array>
  const encoder = new TextEncoder()
  let items = 0
  let finished = false
  let stalled: ReturnType<typeof setTimeout> | undefined
  let onAbort = () => {}
  const finish = () => {
    if (finished) return
    finished = true
    clearTimeout(stalled)
    clientGone.removeEventListener('abort', onAbort)
    release()
  }
  /** Ends the list unfinished (the connection is cut): the turn passes on, no more batches are read. */
  const letGo = (controller: Controller, reason: string) => {
    if (finished) return
    finish()
    controller.error(new Error(reason))
    iterator.return?.().catch(() => {})
  }
  // Armed while the stream waits for the client to take what it holds.
  const awaitClient = (controller: Controller) => {
    stalled = setTimeout(
      () => letGo(controller, `The client took nothing for ${STALLED_MS / 1000} s`),
      STALLED_MS,
    )
    stalled.unref?.()
  }
  const text = (batch: unknown[]) => {
    let out = ''
    for (const item of batch) out += (items++ === 0 ? '' : ',') + JSON.stringify(item)
    return out
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`{${JSON.stringify(key)}:[${ready.map(text).join('')}`))
      // A client that left before this answer was sent: React Router drops
      // the answer of an aborted request without cancelling its body.
      onAbort = () => letGo(controller, 'The client went away')
      if (clientGone.aborted) return onAbort()
      clientGone.addEventListener('abort', onAbort, { once: true })
      awaitClient(controller)
    },
    async pull(controller) {
      clearTimeout(stalled)
      try {
        // Empty batches enqueue nothing: read on until something is sent or the list ends.
        for (;;) {
          const next = await iterator.next()
          if (next.done) {
            controller.enqueue(encoder.encode(']}'))
            controller.close()
            finish()
            return
          }
          const chunk = text(next.value)
          if (chunk) {
            controller.enqueue(encoder.encode(chunk))
            awaitClient(controller)
            return
          }
        }
      } catch (error) {
        finish()
        controller.error(error)
      }
    },
    async cancel() {
      // The client went away: stop reading batches and free the turn.
      finish()
      await iterator.return?.()
    },
  })
}

/** Waits for a turn in the whole-list queue; the returned function gives it back. */
function takeTurn(): Promise<() => void> {
  return new Promise((resolve, reject) => {
    wholeListQueue()
      .run(() => new Promise<void>((done) => resolve(done)))
      .catch((error) => {
        if (error instanceof QueueTimeoutError)
          reject(unavailable('Too many whole lists are being sent; try again shortly', 30))
        else reject(error)
      })
  })
}
