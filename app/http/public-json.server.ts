import { cached } from '~/infra/read-cache.server'
import { jsonText, matchesIfNoneMatch, type JsonText } from './etag.server'
import { onlyPaging, pageLinks } from './json-list.server'
import {
  isKeptReviewsPage,
  listReviewsPage,
  listTopReviews,
  TOP_REVIEWS_DEFAULT,
  TOP_REVIEWS_MAX,
} from '~/models/review.server'
import { listServices, toApiService } from '~/models/service.server'
import type { ApiPaging } from '~/schemas/paging'

// The public JSON that is the same for every visitor and lives in the read
// cache — the services list, the top reviews and the first pages of all the
// reviews — kept as the exact text of the answer. The resource routes answer
// with it, and the server answers a plain GET for it before React Router
// (server/app.ts): matching a route and making Fetch Request and Response
// objects cost many times more than the answer itself. Both ways give the
// same bytes; a change drops the text with its topic, on every server
// (decision 015). Each version is one JsonText (its ETag hashed once), which
// keys the server's compressed copies of it.

export function servicesJson(): Promise<JsonText> {
  return cached('services', 'api-json', async () =>
    jsonText(JSON.stringify({ services: (await listServices()).map(toApiService) })),
  )
}

/** The top reviews as `/api/reviews/ordered?limit=` gives them; null for a limit it refuses (400). */
export function parseTopReviewsLimit(raw: string | null): number | null {
  if (raw === null || raw === '') return TOP_REVIEWS_DEFAULT
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > TOP_REVIEWS_MAX) return null
  return Number(raw)
}

export function topReviewsJson(limit: number): Promise<JsonText> {
  return cached('reviews', `api-json:${limit}`, async () =>
    jsonText(JSON.stringify({ reviews: await listTopReviews({ limit }) })),
  )
}

/** The kept text of a page of all the reviews, newest first, or null for a page not kept. */
export function keptReviewsPage({
  page,
  limit,
}: ApiPaging): Promise<{ json: JsonText; hasMore: boolean }> | null {
  if (!isKeptReviewsPage({ page, pageSize: limit })) return null
  return cached('reviews', `page-json:${page}`, async () => {
    const { reviews, hasMore } = await listReviewsPage({ page, pageSize: limit })
    return { json: jsonText(JSON.stringify({ reviews })), hasMore }
  })
}

export type PublicJson = {
  json: JsonText
  /** The answer's own headers besides its type and ETag (name, value, …). */
  headers: string[]
}

const only = (json: Promise<JsonText>): Promise<PublicJson> =>
  json.then((text) => ({ json: text, headers: [] }))

/**
 * The public JSON for a GET of `url` (its `path`, and its `query` without
 * the '?'), or null when the request is not one of these plain reads (React
 * Router answers it).
 */
export function publicJsonFor(
  url: string,
  path: string,
  query: string,
): Promise<PublicJson> | null {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  if (bare === '/api/services') return query === '' ? only(servicesJson()) : null
  if (bare === '/api/reviews/ordered') {
    if (query === '') return only(topReviewsJson(TOP_REVIEWS_DEFAULT))
    const match = /^limit=([^&]*)$/.exec(query)
    const limit = match ? parseTopReviewsLimit(match[1]) : null
    return limit === null ? null : only(topReviewsJson(limit))
  }
  if (bare === '/api/reviews') {
    // Exactly ?page= and perhaps ?limit=, valid: anything else (the whole
    // list, a refusal, another parameter) is the route's.
    const paging = onlyPaging(query)
    if (!paging) return null
    return (
      keptReviewsPage(paging)?.then(({ json, hasMore }) => ({
        json,
        headers: ['link', pageLinks(url, paging, hasMore)],
      })) ?? null
    )
  }
  return null
}

/** A resource route's answer with the same text, ETag and `headers` (304 when the client has it). */
export function publicJsonResponse(
  request: Request,
  { text, etag }: JsonText,
  headers: Record<string, string> = {},
) {
  if (matchesIfNoneMatch(request.headers.get('If-None-Match'), etag))
    return new Response(null, { status: 304, headers: { ...headers, ETag: etag } })
  return new Response(text, {
    headers: { ...headers, 'Content-Type': 'application/json', ETag: etag },
  })
}
