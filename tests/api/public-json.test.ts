import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReview, createUser, loggedIn } from '../support/factories'
import { startLoggedServer } from '../support/logged-server'
import {
  decodedText as decode,
  headerOf,
  rawRequest,
  stableHeaders as stable,
} from '../support/raw-http'
import { KEPT_REVIEW_PAGES } from '../../app/models/review.server'

// The services list, the top reviews and the first pages of all the reviews
// are answered by the server from the read cache's text, before React
// Router; with anything else in the query the request goes through React
// Router's resource route. Both ways must give the same bytes and the same
// headers, and a change must show at once. The request log says which way
// a request went.

let base: string
let close: () => Promise<void>
let loggedRequest: (path: string) => Promise<Record<string, any>>
beforeAll(async () => {
  ;({ base, close, loggedRequest } = await startLoggedServer())
  const client = await createUser({ role: 'client', fname: 'Ada' })
  // Three pages of 50 and some: the first pages are kept, the last one not.
  for (let i = 0; i < 112; i++)
    await createReview({
      author: client,
      review: `Review ${i} `.repeat(20),
      paws: (i % 5) + 1,
      at: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })
})
afterAll(() => close())

const raw = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  rawRequest(`${base}${path}`, init)

/** The answer, and whether the server sent it itself ('public') or React Router did (undefined). */
async function answered(path: string, headers: Record<string, string> = {}) {
  const answer = await raw(path, { headers })
  return { answer, how: (await loggedRequest(path.split('?')[0])).json as string | undefined }
}

/** A page's Link header as if the request had not carried `via=router`. */
const linkOf = (r: Awaited<ReturnType<typeof raw>>) =>
  headerOf(r, 'link')?.replaceAll('&via=router', '').replaceAll('via=router&', '')

describe('public JSON from the read cache', () => {
  for (const [fast, routed] of [
    ['/api/services/', '/api/services/?via=router'],
    ['/api/services', '/api/services?via=router'],
    ['/api/reviews/ordered', '/api/reviews/ordered?via=router'],
    ['/api/reviews/ordered?limit=3', '/api/reviews/ordered?limit=3&via=router'],
    ['/api/reviews?page=1', '/api/reviews?page=1&via=router'],
    ['/api/reviews?limit=50&page=2', '/api/reviews?limit=50&page=2&via=router'],
    ['/api/reviews/?page=%202', '/api/reviews/?page=%202&via=router'],
  ])
    for (const encoding of [undefined, 'br', 'gzip']) {
      it(`${fast} answers as React Router does (${encoding ?? 'no'} compression)`, async () => {
        const headers: Record<string, string> = encoding ? { 'Accept-Encoding': encoding } : {}
        const { answer: a, how: fastWay } = await answered(fast, headers)
        const { answer: b, how: routedWay } = await answered(routed, headers)
        expect([fastWay, routedWay]).toEqual(['public', undefined])
        expect(a.status).toBe(200)
        expect([a.status, a.statusText]).toEqual([b.status, b.statusText])
        const paged = fast.includes('page=')
        if (paged) {
          expect(linkOf(a)).toMatch(/rel="first"/)
          expect(linkOf(a)).toBe(linkOf(b))
          const unlinked = (r: typeof a) => stable(r).filter(([n]) => n !== 'link')
          expect(unlinked(a)).toEqual(unlinked(b))
          expect(stable(a).map(([n]) => n)).toEqual(stable(b).map(([n]) => n))
        } else expect(stable(a)).toEqual(stable(b))
        expect(a.body.equals(b.body)).toBe(true)
        expect(a.headers.find(([n]) => n === 'content-security-policy')?.[1]).toMatch(/nonce-/)
        const parsed = JSON.parse(decode(a))
        expect(Object.keys(parsed)).toEqual([fast.includes('services') ? 'services' : 'reviews'])
        if (fast.endsWith('limit=3')) expect(parsed.reviews).toHaveLength(3)
        if (paged) expect(parsed.reviews).toHaveLength(50)
      })
    }

  it('pages the reviews as React Router does: the links, the last page, and the pages it leaves to React Router', async () => {
    const first = await raw('/api/reviews?page=1')
    expect(linkOf(first)).toBe(
      `<${base}/api/reviews?page=1&limit=50>; rel="first", <${base}/api/reviews?page=2&limit=50>; rel="next"`,
    )
    const pages = []
    for (let page = 1; page <= 3; page++) {
      const { answer, how } = await answered(`/api/reviews?page=${page}`)
      expect(how).toBe(page <= KEPT_REVIEW_PAGES ? 'public' : undefined)
      pages.push(...JSON.parse(decode(answer)).reviews)
    }
    // Newest first, no review twice, none missing: 112 made here (the last page has 12).
    const mine = pages.filter((r: { review: string }) => r.review.startsWith('Review '))
    expect(mine.map((r: { review: string }) => Number(r.review.split(' ')[1]))).toEqual(
      Array.from({ length: 112 }, (_, i) => 111 - i),
    )
    const last = await raw('/api/reviews?page=3')
    expect(linkOf(last)).not.toContain('rel="next"')
    expect(linkOf(last)).toContain('rel="prev"')
    // Not kept: a page past the kept ones, another size, the whole list, another
    // parameter; refused by the route: a bad page.
    for (const path of [
      `/api/reviews?page=${KEPT_REVIEW_PAGES + 1}`,
      '/api/reviews?page=1&limit=10',
      '/api/reviews',
      '/api/reviews?page=1&sort=old',
      '/api/reviews?page=0',
      '/api/reviews?page=1&page=2',
    ]) {
      const { answer, how } = await answered(path)
      expect([path, how]).toEqual([path, path.endsWith('page=2') ? 'public' : undefined])
      expect([path, answer.status]).toEqual([path, path.endsWith('page=0') ? 400 : 200])
    }
  })

  it('shows a new service and a new review at once', async () => {
    const { client: manager } = await loggedIn('manager')
    const before = JSON.parse(decode(await raw('/api/services')))
    const created = await manager.post('/api/services', { service: 'Moonlight Walk', price: 21 })
    expect(created.status).toBe(201)
    const after = JSON.parse(decode(await raw('/api/services')))
    expect(after.services).toHaveLength(before.services.length + 1)
    expect(after.services.map((s: { service: string }) => s.service)).toContain('Moonlight Walk')

    const { client } = await loggedIn('client')
    const review = await client.post('/api/reviews', {
      review: 'Best stay ever, five paws',
      paws: 5,
    })
    expect(review.status).toBe(201)
    const top = JSON.parse(decode(await raw('/api/reviews/ordered?limit=1')))
    expect(top.reviews[0].review).toBe('Best stay ever, five paws')
    const { answer, how } = await answered('/api/reviews?page=1')
    expect(how).toBe('public')
    expect(JSON.parse(decode(answer)).reviews[0].review).toBe('Best stay ever, five paws')
  })

  it('leaves what it does not answer to React Router: bad limits, HEAD, other methods', async () => {
    for (const limit of ['0', '101', 'abc', '%31', '1&limit=2', '']) {
      const r = await raw(`/api/reviews/ordered?limit=${limit}`)
      const expected = limit === '%31' || limit === '' || limit === '1&limit=2' ? 200 : 400
      expect([limit, r.status]).toEqual([limit, expected])
    }
    const head = await raw('/api/services', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    const post = await raw('/api/services', { method: 'POST' })
    expect(post.status).toBe(401)
  })
})

describe('conditional GETs of public JSON', () => {
  for (const [fast, routed] of [
    ['/api/services', '/api/services?via=router'],
    ['/api/reviews/ordered?limit=3', '/api/reviews/ordered?limit=3&via=router'],
    ['/api/reviews?page=2', '/api/reviews?page=2&via=router'],
  ])
    it(`${fast} carries one ETag both ways and answers 304 to it`, async () => {
      const a = await raw(fast)
      const b = await raw(routed)
      const tag = a.headers.find(([n]) => n === 'etag')?.[1]
      expect(tag).toMatch(/^W\/"[\w-]{27}"$/)
      expect(b.headers.find(([n]) => n === 'etag')?.[1]).toBe(tag)
      for (const path of [fast, routed]) {
        const again = await raw(path, { headers: { 'If-None-Match': `"other", ${tag}` } })
        expect(again.status, path).toBe(304)
        expect(again.body.length, path).toBe(0)
        expect(again.headers.find(([n]) => n === 'etag')?.[1], path).toBe(tag)
        expect(linkOf(again), path).toBe(linkOf(a))
        expect((await raw(path, { headers: { 'If-None-Match': '"other"' } })).status, path).toBe(
          200,
        )
      }
    })
})
