import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { createPet, createService, createUser, loggedIn } from '../support/factories'
import { clientFor, startServer } from '../support/http'

// Conditional GETs for integrations that poll the JSON API: every 200 JSON
// answer to a GET carries a weak ETag of its text; If-None-Match with it
// gets 304 and no body (headers kept, no-store included); a change makes a
// new tag; writes, refusals and streamed lists carry none.

beforeAll(async () => {
  await startServer()
})
afterEach(() => setNow(undefined))

async function booked() {
  setNow('2031-07-01T16:00:00Z')
  const owner = await createUser()
  const pet = await createPet({ owner, name: 'Rex' })
  const service = await createService()
  const c = await clientFor(owner)
  const body = {
    client_id: owner.id,
    pet_id: pet.id,
    booking_type: 'boarding_care',
    drop_off_date: '2031-07-10 10:00:00',
    pick_up_date: '2031-07-12 10:00:00',
    services: [service.id],
  }
  const res = await c.post('/api/bookings', body)
  expect(res.status).toBe(201)
  expect(res.headers.get('ETag')).toBeNull()
  return { c, body, id: res.body.booking.id as number }
}

describe('ETag and If-None-Match', () => {
  it('answers 304 to a client that has the answer, and 200 with a new tag after a change', async () => {
    const { c, body, id } = await booked()
    const first = await c.get(`/api/bookings/${id}`)
    const tag = first.headers.get('ETag')!
    expect(tag).toMatch(/^W\/"[\w-]{27}"$/)
    // The same answer, the same tag.
    expect((await c.get(`/api/bookings/${id}`)).headers.get('ETag')).toBe(tag)

    const same = await c.get(`/api/bookings/${id}`, { 'If-None-Match': tag })
    expect(same.status).toBe(304)
    expect(same.body).toBeUndefined()
    expect(same.headers.get('ETag')).toBe(tag)
    expect(same.headers.get('Cache-Control')).toContain('no-store')
    // A strong form of the tag, and a list naming it, match too (weak comparison).
    expect((await c.get(`/api/bookings/${id}`, { 'If-None-Match': tag.slice(2) })).status).toBe(304)
    expect(
      (await c.get(`/api/bookings/${id}`, { 'If-None-Match': `W/"nope", ${tag}` })).status,
    ).toBe(304)
    expect((await c.get(`/api/bookings/${id}`, { 'If-None-Match': '*' })).status).toBe(304)
    const head = await c.request('HEAD', `/api/bookings/${id}`, {
      headers: { 'If-None-Match': tag },
    })
    expect(head.status).toBe(304)

    const moved = await c.put(`/api/bookings/${id}`, {
      ...body,
      pick_up_date: '2031-07-13 10:00:00',
    })
    expect(moved.status).toBe(200)
    expect(moved.headers.get('ETag')).toBeNull()
    const after = await c.get(`/api/bookings/${id}`, { 'If-None-Match': tag })
    expect(after.status).toBe(200)
    expect(after.body.pick_up_date).toBe('2031-07-13 10:00:00')
    expect(after.headers.get('ETag')).not.toBe(tag)
  })

  it('is per answer: another user’s view of the same call has its own tag', async () => {
    const a = await booked()
    const b = await booked()
    const mine = await a.c.get('/api/auth/')
    const theirs = await b.c.get('/api/auth/')
    expect(mine.headers.get('ETag')).not.toBe(theirs.headers.get('ETag'))
    // b's tag means nothing to a's answer.
    expect(
      (await a.c.get('/api/auth/', { 'If-None-Match': theirs.headers.get('ETag')! })).status,
    ).toBe(200)
  })

  it('never tags a refusal; a page of a list is tagged', async () => {
    const { c } = await booked()
    const refused = await c.get('/api/bookings/999999')
    expect(refused.status).toBe(404)
    expect(refused.headers.get('ETag')).toBeNull()
    const { client: owner } = await loggedIn('owner')
    const page = await owner.get('/api/bookings?page=1&limit=5')
    expect(page.status).toBe(200)
    const tag = page.headers.get('ETag')!
    expect(tag).toMatch(/^W\//)
    expect((await owner.get('/api/bookings?page=1&limit=5', { 'If-None-Match': tag })).status).toBe(
      304,
    )
  })
})
