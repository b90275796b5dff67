import { beforeAll, describe, expect, it } from 'vitest'
import { createReview, createUser, loggedIn } from '../support/factories'
import { startServer } from '../support/http'
import { decodedText as decode, rawRequest, stableHeaders as stable } from '../support/raw-http'

// The services list and the top reviews are answered by the server from the
// read cache's text, before React Router; with anything else in the query
// the request goes through React Router's resource route. Both ways must give
// the same bytes and the same headers, and a change must show at once.

let base: string
beforeAll(async () => {
  base = await startServer()
  const client = await createUser({ role: 'client', fname: 'Ada' })
  for (let i = 0; i < 12; i++)
    await createReview({ author: client, review: `Review ${i} `.repeat(20), paws: (i % 5) + 1 })
})

const raw = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  rawRequest(`${base}${path}`, init)

describe('public JSON from the read cache', () => {
  for (const [fast, routed] of [
    ['/api/services/', '/api/services/?via=router'],
    ['/api/services', '/api/services?via=router'],
    ['/api/reviews/ordered', '/api/reviews/ordered?via=router'],
    ['/api/reviews/ordered?limit=3', '/api/reviews/ordered?limit=3&via=router'],
  ])
    for (const encoding of [undefined, 'br', 'gzip']) {
      it(`${fast} answers as React Router does (${encoding ?? 'no'} compression)`, async () => {
        const headers: Record<string, string> = encoding ? { 'Accept-Encoding': encoding } : {}
        const a = await raw(fast, { headers })
        const b = await raw(routed, { headers })
        expect(a.status).toBe(200)
        expect([a.status, a.statusText]).toEqual([b.status, b.statusText])
        expect(stable(a)).toEqual(stable(b))
        expect(a.body.equals(b.body)).toBe(true)
        expect(a.headers.find(([n]) => n === 'content-security-policy')?.[1]).toMatch(/nonce-/)
        const parsed = JSON.parse(decode(a))
        expect(Object.keys(parsed)).toEqual([fast.includes('services') ? 'services' : 'reviews'])
        if (fast.endsWith('limit=3')) expect(parsed.reviews).toHaveLength(3)
      })
    }

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
        expect((await raw(path, { headers: { 'If-None-Match': '"other"' } })).status, path).toBe(
          200,
        )
      }
    })
})
