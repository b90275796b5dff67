import { cached } from '~/infra/read-cache.server'
import { jsonText, matchesIfNoneMatch, type JsonText } from './etag.server'
import { listTopReviews, TOP_REVIEWS_DEFAULT, TOP_REVIEWS_MAX } from '~/models/review.server'
import { listServices, toApiService } from '~/models/service.server'

// The public JSON that is the same for every visitor and lives in the read
// cache — the services list and the top reviews — kept as the exact text of
// the answer. The resource routes answer with it, and the server answers a
// plain GET for it before React Router (server/app.ts): matching a route and
// making Fetch Request and Response objects cost many times more than the
// answer itself. Both ways give the same bytes; a change drops the text with
// its topic, on every server (decision 015). Each version is one JsonText
// (its ETag hashed once), which keys the server's compressed copies of it.

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

/**
 * The public JSON for a GET of `path` with `query` (without its '?'), or null
 * when the request is not one of these plain reads (React Router answers it).
 */
export function publicJsonFor(path: string, query: string): Promise<JsonText> | null {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  if (bare === '/api/services') return query === '' ? servicesJson() : null
  if (bare === '/api/reviews/ordered') {
    if (query === '') return topReviewsJson(TOP_REVIEWS_DEFAULT)
    const match = /^limit=([^&]*)$/.exec(query)
    const limit = match ? parseTopReviewsLimit(match[1]) : null
    return limit === null ? null : topReviewsJson(limit)
  }
  return null
}

/** A resource route's answer with the same text and ETag (304 when the client has it). */
export function publicJsonResponse(request: Request, { text, etag }: JsonText) {
  if (matchesIfNoneMatch(request.headers.get('If-None-Match'), etag))
    return new Response(null, { status: 304, headers: { ETag: etag } })
  return new Response(text, { headers: { 'Content-Type': 'application/json', ETag: etag } })
}
