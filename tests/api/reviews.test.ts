import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../app/infra/db.server'
import { setNow } from '../../app/infra/clock.server'
import { Client, startServer } from '../support/http'
import { formOf } from '../support/forms'
import { createReview, createUser, loggedIn } from '../support/factories'

let base: string
beforeAll(async () => {
  base = await startServer()
})

async function reviewRows() {
  const db = await getDb()
  return db('reviews').select('*').orderBy('id')
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const MISSING = 'Please enter both a review and a paws rating.'

describe('POST /api/reviews', () => {
  it('adds a review for a logged-in client: 201 and the review object, text exactly as typed', async () => {
    setNow('2026-03-08T14:00:00.000Z')
    const { client: c, user } = await loggedIn('client')
    const text = '  <b>Great</b> stay & "fun"!\n\tWould come back 🐾  '
    const res = await c.post('/api/reviews/', { review: text, paws: 4 })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.any(Number),
      review: text,
      paws: 4,
      client_id: user!.id,
      client_username: user!.username,
      created_at: '2026-03-08T14:00:00.000Z',
      updated_at: '2026-03-08T14:00:00.000Z',
    })
    const db = await getDb()
    expect((await db('reviews').where({ id: res.body.id }).first()).review).toBe(text)
    // The spec's page also sends client_id: its own id is accepted, as a number or text.
    const withId = await c.post('/api/reviews', {
      review: 'Again',
      paws: '5',
      client_id: String(user!.id),
    })
    expect(withId.status).toBe(201)
    expect(withId.body.paws).toBe(5)
    expect(withId.body.client_id).toBe(user!.id)
    const max = await c.post('/api/reviews', { review: 'x'.repeat(2000), paws: 1 })
    expect(max.status).toBe(201)
  })

  it('gives the spec message when text or paws is missing, and the rule messages otherwise; nothing changes', async () => {
    const { client: c, user } = await loggedIn('client')
    const other = await createUser()
    const before = await reviewRows()
    const cases: [unknown, number, unknown][] = [
      [{}, 400, { message: MISSING, errors: { review: MISSING, paws: MISSING } }],
      [{ review: '', paws: 3 }, 400, { message: MISSING, errors: { review: MISSING } }],
      [{ review: '   \n ', paws: 3 }, 400, { message: MISSING, errors: { review: MISSING } }],
      [{ review: 'Nice', paws: 0 }, 400, { message: MISSING, errors: { paws: MISSING } }],
      [{ review: 'Nice', paws: '' }, 400, { message: MISSING, errors: { paws: MISSING } }],
      [{ review: 'Nice', paws: null }, 400, { message: MISSING, errors: { paws: MISSING } }],
      [
        { review: 'Nice', paws: 6 },
        400,
        {
          message: 'Could not create new review',
          errors: { paws: 'Paws must be a whole number from 1 to 5' },
        },
      ],
      [
        { review: 'Nice', paws: -1 },
        400,
        {
          message: 'Could not create new review',
          errors: { paws: 'Paws must be a whole number from 1 to 5' },
        },
      ],
      [
        { review: 'Nice', paws: 2.5 },
        400,
        {
          message: 'Could not create new review',
          errors: { paws: 'Paws must be a whole number from 1 to 5' },
        },
      ],
      [
        { review: 'Nice', paws: 'five' },
        400,
        {
          message: 'Could not create new review',
          errors: { paws: 'Paws must be a whole number from 1 to 5' },
        },
      ],
      [
        { review: 'Nice', paws: [5] },
        400,
        {
          message: 'Could not create new review',
          errors: { paws: 'Paws must be a whole number from 1 to 5' },
        },
      ],
      [
        { review: 'Nice', paws: true },
        400,
        {
          message: 'Could not create new review',
          errors: { paws: 'Paws must be a whole number from 1 to 5' },
        },
      ],
      [
        { review: 42, paws: 5 },
        400,
        { message: 'Could not create new review', errors: { review: 'Review must be text' } },
      ],
      [
        { review: 'x'.repeat(2001), paws: 5 },
        400,
        {
          message: 'Could not create new review',
          errors: { review: 'Review must be at most 2,000 characters' },
        },
      ],
      [
        { review: 'a\u0000b', paws: 5 },
        400,
        {
          message: 'Could not create new review',
          errors: { review: 'Review cannot contain a null character' },
        },
      ],
      [
        { review: 'Nice', paws: 5, client_id: 'abc' },
        400,
        { message: 'Could not create new review', errors: { client_id: 'Must be an id' } },
      ],
      [
        { review: 'Nice', paws: 5, client_id: other.id },
        403,
        { message: 'You can only add reviews as yourself' },
      ],
    ]
    for (const [body, status, expected] of cases) {
      const res = await c.post('/api/reviews', body)
      expect({ body, status: res.status }).toEqual({ body, status })
      expect(res.body).toEqual(expected)
    }
    const malformed = await c.request('POST', '/api/reviews', {
      body: '{"review": "x", ',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect((await c.post('/api/reviews', 'just a string')).status).toBe(400)
    const huge = await c.request('POST', '/api/reviews', {
      body: JSON.stringify({ review: 'x'.repeat(1_100_000), paws: 5 }),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(huge.status).toBe(413)
    expect(await reviewRows()).toEqual(before)
    expect(user).toBeTruthy()
  })
})

describe('GET /api/reviews and /api/reviews/ordered', () => {
  it('lists all reviews newest first, and the best first for the landing', async () => {
    const a = await createUser()
    const b = await createUser()
    const t = (day: number) => new Date(Date.UTC(2026, 0, day, 12))
    const r1 = await createReview({ author: a, paws: 3, at: t(1), review: 'Okay' })
    const r2 = await createReview({ author: b, paws: 5, at: t(2), review: 'Superb' })
    const r3 = await createReview({ author: a, paws: 5, at: t(3), review: 'Superb again' })
    const r4 = await createReview({ author: b, paws: 1, at: t(4), review: 'Meh' })
    const r5 = await createReview({
      author: a,
      paws: 4,
      at: t(4),
      review: 'Good, same moment as r4',
    })

    // Earlier tests of this file made reviews too: look at ours, in the order served.
    const ours = new Set([r1.id, r2.id, r3.id, r4.id, r5.id])
    const idsOf = (reviews: { id: number }[]) =>
      reviews.map((r) => r.id).filter((id) => ours.has(id))

    const all = await new Client(base).get('/api/reviews/')
    expect(all.status).toBe(200)
    expect(Object.keys(all.body)).toEqual(['reviews'])
    expect(idsOf(all.body.reviews)).toEqual([r5.id, r4.id, r3.id, r2.id, r1.id])
    const createdAt = all.body.reviews.map((r: { created_at: string }) => r.created_at)
    expect(createdAt).toEqual([...createdAt].sort().reverse())
    const first = all.body.reviews.find((r: { id: number }) => r.id === r5.id)
    expect(first).toEqual({
      id: r5.id,
      review: 'Good, same moment as r4',
      paws: 4,
      client_id: a.id,
      client_username: a.username,
      created_at: '2026-01-04T12:00:00.000Z',
      updated_at: '2026-01-04T12:00:00.000Z',
    })
    expect(first.created_at).toMatch(ISO)

    const ordered = await new Client(base).get('/api/reviews/ordered')
    expect(ordered.status).toBe(200)
    expect(Object.keys(ordered.body)).toEqual(['reviews'])
    expect(idsOf(ordered.body.reviews)).toEqual([r3.id, r2.id, r5.id, r1.id, r4.id])
    expect(ordered.body.reviews.find((r: { id: number }) => r.id === r3.id)).toEqual({
      ...r3,
      client_username: a.username,
    })
    // Best first: paws descending, then newest first.
    const keys = ordered.body.reviews.map(
      (r: { paws: number; created_at: string }) => `${r.paws}|${r.created_at}`,
    )
    expect(keys).toEqual([...keys].sort().reverse())

    const two = await new Client(base).get('/api/reviews/ordered/?limit=2')
    expect(two.body.reviews.map((r: { id: number }) => r.id)).toEqual(
      ordered.body.reviews.slice(0, 2).map((r: { id: number }) => r.id),
    )
    for (const bad of ['0', '101', 'abc', '-1', '2.5']) {
      const res = await new Client(base).get(`/api/reviews/ordered?limit=${bad}`)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('Error fetching all reviews')
    }
  })

  it('shows ten at most on the landing by default', async () => {
    const a = await createUser()
    for (let i = 0; i < 12; i++) await createReview({ author: a, paws: (i % 5) + 1 })
    const res = await new Client(base).get('/api/reviews/ordered')
    expect(res.body.reviews).toHaveLength(10)
    const paws = res.body.reviews.map((r: { paws: number }) => r.paws)
    expect(paws).toEqual([...paws].sort((x: number, y: number) => y - x))
  })

  it('serves one review by id; 404 otherwise', async () => {
    const a = await createUser()
    const r = await createReview({ author: a, paws: 2, review: 'Fine' })
    const c = new Client(base)
    expect((await c.get(`/api/reviews/${r.id}`)).body).toEqual(r)
    expect((await c.get('/api/reviews/999999')).status).toBe(404)
    expect((await c.get('/api/reviews/x1')).body).toEqual({ message: 'Review not found' })
  })
})

describe('PUT /api/reviews/{id}', () => {
  it('lets the author change text and paws: the review object', async () => {
    setNow('2026-02-01T10:00:00.000Z')
    const { client: c, user } = await loggedIn('client')
    const r = await createReview({
      author: user!,
      paws: 2,
      review: 'So-so',
      at: new Date('2026-01-01T10:00:00.000Z'),
    })
    const res = await c.put(`/api/reviews/${r.id}/`, { review: ' Better than I said ', paws: '4' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      ...r,
      review: ' Better than I said ',
      paws: 4,
      updated_at: '2026-02-01T10:00:00.000Z',
    })
    expect(res.body.created_at).toBe('2026-01-01T10:00:00.000Z')
  })

  it('gives the rule messages and changes nothing', async () => {
    const { client: c, user } = await loggedIn('client')
    const r = await createReview({ author: user!, paws: 2 })
    const before = await reviewRows()
    const cases: [string, unknown, number, unknown][] = [
      [
        `/api/reviews/${r.id}`,
        {},
        400,
        { message: MISSING, errors: { review: MISSING, paws: MISSING } },
      ],
      [
        `/api/reviews/${r.id}`,
        { review: 'Hi', paws: 0 },
        400,
        { message: MISSING, errors: { paws: MISSING } },
      ],
      [
        `/api/reviews/${r.id}`,
        { review: 'Hi', paws: 9 },
        400,
        {
          message: 'Error updating review.',
          errors: { paws: 'Paws must be a whole number from 1 to 5' },
        },
      ],
      [
        `/api/reviews/${r.id}`,
        { review: 'y'.repeat(2001), paws: 3 },
        400,
        {
          message: 'Error updating review.',
          errors: { review: 'Review must be at most 2,000 characters' },
        },
      ],
      ['/api/reviews/999999', { review: 'Hi', paws: 3 }, 404, { message: 'Review not found' }],
      ['/api/reviews/abc', { review: 'Hi', paws: 3 }, 404, { message: 'Review not found' }],
    ]
    for (const [url, body, status, expected] of cases) {
      const res = await c.put(url, body)
      expect({ url, status: res.status }).toEqual({ url, status })
      expect(res.body).toEqual(expected)
    }
    expect(
      (
        await c.request('PUT', `/api/reviews/${r.id}`, {
          body: 'nope',
          headers: { 'Content-Type': 'application/json' },
        })
      ).status,
    ).toBe(400)
    expect(await reviewRows()).toEqual(before)
  })
})

describe('DELETE /api/reviews/{id}', () => {
  it('lets the author delete: 200 {message}', async () => {
    const { client: c, user } = await loggedIn('client')
    const r = await createReview({ author: user! })
    const res = await c.delete(`/api/reviews/${r.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Review deleted' })
    expect((await c.get(`/api/reviews/${r.id}`)).status).toBe(404)
    expect((await c.delete(`/api/reviews/${r.id}`)).status).toBe(404)
  })
})

describe('permissions', () => {
  type Actor = 'anonymous' | 'author' | 'another client' | 'employee' | 'manager' | 'owner'
  const actors: Actor[] = ['anonymous', 'author', 'another client', 'employee', 'manager', 'owner']
  const expected: Record<Actor, { get: number; post: number; put: number; del: number }> = {
    anonymous: { get: 200, post: 401, put: 401, del: 401 },
    author: { get: 200, post: 201, put: 200, del: 200 },
    'another client': { get: 200, post: 201, put: 403, del: 403 },
    employee: { get: 200, post: 403, put: 403, del: 403 },
    manager: { get: 200, post: 403, put: 403, del: 200 },
    owner: { get: 200, post: 403, put: 403, del: 200 },
  }

  it('every call × every role; refusals change nothing', async () => {
    const author = await createUser()
    const authorClient = new Client(base)
    await authorClient.login(author.email)
    for (const actor of actors) {
      const c =
        actor === 'author'
          ? authorClient
          : actor === 'another client'
            ? (await loggedIn('client')).client
            : (await loggedIn(actor === 'anonymous' ? 'anonymous' : actor)).client
      const r = await createReview({ author, paws: 3, review: `For ${actor}` })
      const want = expected[actor]
      const got = { get: 0, post: 0, put: 0, del: 0 }

      got.get = (await c.get('/api/reviews')).status
      expect((await c.get('/api/reviews/ordered')).status).toBe(want.get)
      expect((await c.get(`/api/reviews/${r.id}`)).status).toBe(want.get)

      let before = await reviewRows()
      const post = await c.post('/api/reviews', { review: `Posted by ${actor}`, paws: 4 })
      got.post = post.status
      if (post.status >= 400) expect(await reviewRows()).toEqual(before)

      before = await reviewRows()
      const put = await c.put(`/api/reviews/${r.id}`, { review: `Edited by ${actor}`, paws: 5 })
      got.put = put.status
      if (put.status >= 400) expect(await reviewRows()).toEqual(before)
      else expect(put.body.review).toBe(`Edited by ${actor}`)

      before = await reviewRows()
      const del = await c.delete(`/api/reviews/${r.id}`)
      got.del = del.status
      if (del.status >= 400) expect(await reviewRows()).toEqual(before)
      else expect((await reviewRows()).map((x: { id: number }) => x.id)).not.toContain(r.id)

      expect({ actor, ...got }).toEqual({ actor, ...want })
    }
  })
})

describe('the /reviews page', () => {
  it('pages 50 at a time, newest first, with plain ?page= links', async () => {
    const a = await createUser()
    // Dated after every other review of this file, so they are the newest.
    for (let i = 0; i <= 50; i++)
      await createReview({
        author: a,
        review: `Paged review #${String(i).padStart(3, '0')}#`,
        at: new Date(Date.UTC(2030, 0, 1, 0, i)),
      })
    const c = new Client(base)
    const first = await c.get('/reviews')
    expect(first.status).toBe(200)
    expect(first.body).toContain('#050#')
    expect(first.body).toContain('#001#')
    expect(first.body).not.toContain('#000#')
    expect(first.body.indexOf('#050#')).toBeLessThan(first.body.indexOf('#049#'))
    expect(first.body).toContain('href="/reviews?page=2"')
    const second = await c.get('/reviews?page=2')
    expect(second.status).toBe(200)
    expect(second.body).toContain('#000#')
    expect(second.body).not.toContain('#001#')
  })

  it('shows review text escaped, exactly as typed', async () => {
    const a = await createUser()
    await createReview({
      author: a,
      review: '<script>alert("hi")</script> & more',
      at: new Date(Date.UTC(2031, 0, 1)),
    })
    const page = await new Client(base).get('/reviews')
    expect(page.body).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; more')
    expect(page.body).not.toContain('<script>alert("hi")</script>')
  })

  it('lets only the author edit and only the author or an admin delete through the page form', async () => {
    const author = await createUser()
    const r = await createReview({ author, review: 'Page form target', paws: 3 })
    const form = formOf
    const stranger = new Client(base)
    await stranger.login((await createUser()).email)
    const before = await reviewRows()
    expect(
      (
        await stranger.postForm(
          '/reviews',
          form({ intent: 'update', id: String(r.id), review: 'Hijacked', paws: '1' }),
        )
      ).status,
    ).toBe(403)
    expect(
      (await stranger.postForm('/reviews', form({ intent: 'delete', id: String(r.id) }))).status,
    ).toBe(403)
    expect(
      (await new Client(base).postForm('/reviews', form({ intent: 'delete', id: String(r.id) })))
        .status,
    ).toBe(401)
    const employee = new Client(base)
    await employee.login((await createUser({ role: 'employee' })).email)
    expect(
      (
        await employee.postForm(
          '/reviews',
          form({ intent: 'create', review: 'Staff review', paws: '5' }),
        )
      ).status,
    ).toBe(403)
    expect(await reviewRows()).toEqual(before)

    const own = new Client(base)
    await own.login(author.email)
    const bad = await own.postForm(
      '/reviews',
      form({ intent: 'update', id: String(r.id), review: '', paws: '' }),
    )
    expect(bad.status).toBe(400)
    expect(bad.body).toContain(MISSING)
    const saved = await own.postForm(
      '/reviews?page=1&edit=' + r.id,
      form({ intent: 'update', id: String(r.id), review: 'Edited on the page', paws: '5' }),
    )
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe('/reviews')
    expect((await own.get(`/api/reviews/${r.id}`)).body).toMatchObject({
      review: 'Edited on the page',
      paws: 5,
    })

    const manager = new Client(base)
    await manager.login((await createUser({ role: 'manager' })).email)
    expect(
      (await manager.postForm('/reviews', form({ intent: 'delete', id: String(r.id) }))).status,
    ).toBe(302)
    expect((await own.get(`/api/reviews/${r.id}`)).status).toBe(404)
  })
})
