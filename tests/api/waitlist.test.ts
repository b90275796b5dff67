import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../app/domain/hotel-time'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { changed } from '../../app/models/cache-versions.server'
import { runWaitlistOffers } from '../../app/models/booking/waitlist-offers.server'
import { createPet, createService, createUser, loggedIn } from '../support/factories'
import { clientFor, startServer, type Client } from '../support/http'

// The waitlist over real HTTP, on both databases: a stay refused because a
// night is full joins it; when a place frees (a cancellation, an early
// check-out, a capacity raised, a client leaving a held place) the first
// waiting stay that now fits is offered by mail and its place held for 12
// hours — counted against capacity like a booking — and one call books it;
// a hold not taken in time lapses and the next is offered. On PostgreSQL
// the races are real: frees at once never offer one place twice. The hotel
// is in New York; the clock is pinned in July 2031 (EDT), a fresh week per test.

const at = (wall: string) => setNow(new Date(`${wall.replace(' ', 'T')}-04:00`))

let serviceId: number
beforeAll(async () => {
  await startServer()
  serviceId = (await createService({ priceCents: 1000 })).id
})
afterEach(() => setNow(undefined))

async function setDogKennels(n: number) {
  const db = await getDb()
  await db('hotel_settings').where({ id: 1 }).update({ dog_kennels: n })
  await changed(db, ['settings'])
}

type Guest = { c: Client; user: { id: number; email: string }; pet: { id: number } }

async function guest(): Promise<Guest> {
  const user = await createUser()
  const pet = await createPet({ owner: user, type: 'dog' })
  return { c: await clientFor(user), user, pet }
}

let week = 0
/** A fresh week of July 2031 with `kennels` dog kennels; the clock at noon a week before it. */
async function freshWeek(kennels = 1) {
  week += 1
  const d = (n: number) => addDays('2031-07-01', week * 8 + n)
  at(`${addDays(d(0), -7)} 12:00:00`)
  await setDogKennels(kennels)
  const stay = (g: Guest, from: number, to: number) => ({
    client_id: g.user.id,
    pet_id: g.pet.id,
    booking_type: 'boarding_care',
    drop_off_date: `${d(from)} 10:00:00`,
    pick_up_date: `${d(to)} 10:00:00`,
    services: [serviceId],
  })
  return { d, stay, now: `${addDays(d(0), -7)} 12:00:00` }
}

async function book(g: Guest, body: object) {
  const res = await g.c.post('/api/bookings', body)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.booking as { id: number }
}

async function join(g: Guest, body: object) {
  const res = await g.c.post('/api/waitlist', body)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.entry as { id: number; status: string }
}

async function offerMails(email: string) {
  const db = await getDb()
  return db('mail_outbox')
    .where({ recipient: email, kind: 'waitlist-offer' })
    .orderBy('id')
    .select('subject', 'text_body')
}

async function statusOf(id: number) {
  const db = await getDb()
  return (await db('waitlist_entries').where({ id }).first()).status as string
}

describe('the waitlist', () => {
  it('takes a stay refused for a full night; a cancellation offers the place, held 12 hours; one call books it', async () => {
    const { d, stay } = await freshWeek(1)
    const [a, b, c, e] = await Promise.all([guest(), guest(), guest(), guest()])
    const first = await book(a, stay(a, 1, 3))

    const refused = await b.c.post('/api/bookings', stay(b, 1, 3))
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(`Fully booked on ${d(1)}: no dog kennels left`)
    const bWaits = await join(b, stay(b, 1, 3))
    expect(bWaits).toMatchObject({
      status: 'waiting',
      hold_until: null,
      booking_type: 'boarding_care',
      drop_off_date: `${d(1)} 10:00:00`,
      pick_up_date: `${d(3)} 10:00:00`,
      services: [{ id: serviceId, service: expect.any(String) }],
      pet: { id: b.pet.id, type: 'dog' },
    })
    const cWaits = await join(c, stay(c, 2, 4))
    // Nothing is full on these dates: book instead.
    const free = await e.c.post('/api/waitlist', stay(e, 5, 6))
    expect(free.status).toBe(409)
    expect(free.body.message).toBe('A place is free for these dates: book it instead')
    // One place per pet and dates.
    const again = await b.c.post('/api/waitlist', stay(b, 2, 3))
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This pet is already on the waitlist for these dates')

    // A client sees their own; staff see everyone's on a date, in queue order.
    expect((await b.c.get('/api/waitlist')).body.waitlist.map((w: { id: number }) => w.id)).toEqual(
      [bWaits.id],
    )
    const { client: staff } = await loggedIn('employee')
    const onDate = await staff.get(`/api/waitlist?date=${d(2)}`)
    expect(onDate.body.waitlist.map((w: { id: number }) => w.id)).toEqual([bWaits.id, cWaits.id])
    expect((await staff.get(`/api/waitlist?date=${d(0)}`)).body.waitlist).toEqual([])

    // The cancellation frees d1–d2: the first waiting stay that fits (b) is offered.
    expect((await a.c.delete(`/api/bookings/${first.id}`)).status).toBe(200)
    const offered = (await b.c.get(`/api/waitlist/${bWaits.id}`)).body.entry
    expect(offered.status).toBe('offered')
    // Held 12 hours from noon: until midnight.
    expect(offered.hold_until).toBe(`${addDays(d(0), -6)} 00:00:00`)
    expect(await statusOf(cWaits.id)).toBe('waiting')
    const mails = await offerMails(b.user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0].text_body).toContain(`/waitlist/${bWaits.id}`)
    expect(mails[0].text_body).toContain('12 hours')
    expect(await offerMails(c.user.email)).toHaveLength(0)

    // The held place counts against capacity: nobody else gets it meanwhile.
    const taken = await e.c.post('/api/bookings', stay(e, 1, 2))
    expect(taken.status).toBe(409)
    // Only its client (or the Owner and Managers) takes it.
    expect((await c.c.post(`/api/waitlist/${bWaits.id}/take`)).status).toBe(403)
    expect((await staff.post(`/api/waitlist/${bWaits.id}/take`)).status).toBe(403)

    const booked = await b.c.post(`/api/waitlist/${bWaits.id}/take`)
    expect(booked.status).toBe(201)
    expect(booked.body.booking).toMatchObject({
      pet_id: b.pet.id,
      drop_off_date: `${d(1)} 10:00:00`,
      pick_up_date: `${d(3)} 10:00:00`,
      status: 'booked',
    })
    const after = (await b.c.get(`/api/waitlist/${bWaits.id}`)).body.entry
    expect(after).toMatchObject({ status: 'booked', booking_id: booked.body.booking.id })
    const twice = await b.c.post(`/api/waitlist/${bWaits.id}/take`)
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('This stay is no longer on the waitlist')
    // Taken, it is off the lists.
    expect((await b.c.get('/api/waitlist')).body.waitlist).toEqual([])
  })

  it('lapses a hold not taken in time: the late take is refused and the next stay that fits is offered', async () => {
    const { stay, now } = await freshWeek(1)
    const [a, b, c] = await Promise.all([guest(), guest(), guest()])
    const first = await book(a, stay(a, 1, 3))
    const bWaits = await join(b, stay(b, 1, 3))
    const cWaits = await join(c, stay(c, 1, 2))
    const waiting = await c.c.post(`/api/waitlist/${cWaits.id}/take`)
    expect(waiting.status).toBe(409)
    expect(waiting.body.message).toBe(
      'No place is held for this stay yet: we will mail you when one frees',
    )
    await a.c.delete(`/api/bookings/${first.id}`)
    expect(await statusOf(bWaits.id)).toBe('offered')

    // One second before the 12 hours are up the hold stands; at the hour it has lapsed.
    at(`${addDays(now.slice(0, 10), 1)} 00:00:00`)
    expect((await b.c.get(`/api/waitlist/${bWaits.id}`)).body.entry.status).toBe('lapsed')
    const late = await b.c.post(`/api/waitlist/${bWaits.id}/take`)
    expect(late.status).toBe(409)
    expect(late.body.message).toBe(
      'This offer has lapsed: the place went to the next stay on the waitlist',
    )
    // The maintenance tick records the lapse and offers the place to the next that fits.
    expect(await runWaitlistOffers()).toBe(1)
    expect(await statusOf(bWaits.id)).toBe('lapsed')
    expect(await statusOf(cWaits.id)).toBe('offered')
    expect(await offerMails(c.user.email)).toHaveLength(1)
    // A second tick changes nothing.
    expect(await runWaitlistOffers()).toBe(0)
    expect((await c.c.post(`/api/waitlist/${cWaits.id}/take`)).status).toBe(201)
  })

  it('gives a held place that its client leaves to the next; an early check-out and a capacity raise offer places', async () => {
    const { d, stay } = await freshWeek(1)
    const [a, b, c, e] = await Promise.all([guest(), guest(), guest(), guest()])
    const first = await book(a, stay(a, 0, 3))
    const bWaits = await join(b, stay(b, 1, 2))
    const cWaits = await join(c, stay(c, 1, 3))
    const eWaits = await join(e, stay(e, 2, 3))

    // An early check-out (on d1, before the booked pick-up on d3) frees d1 and d2.
    const { client: staff } = await loggedIn('employee')
    at(`${d(0)} 10:00:00`)
    expect((await staff.post(`/api/bookings/${first.id}/check-in`)).status).toBe(200)
    at(`${d(0)} 18:00:00`)
    expect((await staff.post(`/api/bookings/${first.id}/check-out`)).status).toBe(200)
    expect(await statusOf(bWaits.id)).toBe('offered')
    // b's hold covers d1 only; d2 goes to the next that fits whole (c needs d1: e is offered).
    expect(await statusOf(cWaits.id)).toBe('waiting')
    expect(await statusOf(eWaits.id)).toBe('offered')

    // b leaves: its place goes to c? c needs d1–d2, and d2 is e's: c still waits.
    const left = await b.c.delete(`/api/waitlist/${bWaits.id}`)
    expect(left.status).toBe(200)
    expect(await statusOf(bWaits.id)).toBe('left')
    expect(await statusOf(cWaits.id)).toBe('waiting')
    expect((await b.c.delete(`/api/waitlist/${bWaits.id}`)).status).toBe(409)

    // Two kennels instead of one: c fits now.
    const { client: manager } = await loggedIn('manager')
    expect((await manager.put('/api/settings', { dog_kennels: 2 })).status).toBe(200)
    expect(await statusOf(cWaits.id)).toBe('offered')
  })

  it('refuses hostile and foreign input with a clear 4xx and changes nothing', async () => {
    const { stay } = await freshWeek(1)
    const [a, b] = await Promise.all([guest(), guest()])
    await book(a, stay(a, 1, 3))
    const db = await getDb()
    const count = async () => Number((await db('waitlist_entries').count({ n: '*' }))[0].n)
    const before = await count()
    const bad = [
      { ...stay(b, 1, 3), pet_id: a.pet.id },
      { ...stay(b, 1, 3), client_id: a.user.id },
      { ...stay(b, 1, 3), services: [] },
      { ...stay(b, 1, 3), services: [999999] },
      { ...stay(b, 1, 3), drop_off_date: '2031-02-30 10:00:00' },
      { ...stay(b, 3, 1) },
      { ...stay(b, 1, 3), booking_type: 'suite' },
      {
        ...stay(b, 1, 3),
        drop_off_date: '9999-01-01 10:00:00',
        pick_up_date: '9999-01-05 10:00:00',
      },
    ]
    for (const body of bad) {
      const res = await b.c.post('/api/waitlist', body)
      expect([400, 403, 404], JSON.stringify([body, res.body])).toContain(res.status)
      expect(res.body.message).toEqual(expect.any(String))
    }
    const text = await b.c.request('POST', '/api/waitlist', {
      body: 'not json',
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(text.status).toBe(415)
    const anonymous = (await loggedIn('anonymous')).client
    expect((await anonymous.post('/api/waitlist', stay(b, 1, 3))).status).toBe(401)
    expect((await anonymous.get('/api/waitlist')).status).toBe(401)
    expect((await b.c.get('/api/waitlist?date=nope')).status).toBe(400)
    expect(await count()).toBe(before)

    const entry = await join(b, stay(b, 1, 3))
    expect((await a.c.get(`/api/waitlist/${entry.id}`)).status).toBe(403)
    expect((await a.c.delete(`/api/waitlist/${entry.id}`)).status).toBe(403)
    expect((await a.c.get('/api/waitlist')).body.waitlist).toEqual([])
    expect((await b.c.get('/api/waitlist/999999')).status).toBe(404)
    expect((await b.c.get('/api/waitlist/abc')).status).toBe(404)
    expect((await b.c.get(`/api/waitlist/${entry.id}/take`)).status).toBe(405)
    expect((await b.c.put(`/api/waitlist/${entry.id}`, {})).status).toBe(405)
    expect(await statusOf(entry.id)).toBe('waiting')
  })

  it('never offers one place twice when places free at once', async () => {
    const { stay } = await freshWeek(2)
    const guests = await Promise.all(Array.from({ length: 6 }, () => guest()))
    const [a, b, ...waiting] = guests
    const ba = await book(a, stay(a, 1, 3))
    const bb = await book(b, stay(b, 1, 3))
    const entries = []
    for (const g of waiting) entries.push(await join(g, stay(g, 1, 3)))

    // Two cancellations and several maintenance runs, all at once.
    const results = await Promise.all([
      a.c.delete(`/api/bookings/${ba.id}`),
      b.c.delete(`/api/bookings/${bb.id}`),
      runWaitlistOffers(),
      runWaitlistOffers(),
      runWaitlistOffers(),
    ])
    expect(results.slice(0, 2).map((r) => (r as { status: number }).status)).toEqual([200, 200])
    const statuses = await Promise.all(entries.map((e) => statusOf(e.id)))
    // The two places go to the first two in the queue; nobody else.
    expect(statuses).toEqual(['offered', 'offered', 'waiting', 'waiting'])
    const mails = await Promise.all(waiting.map((g) => offerMails(g.user.email)))
    expect(mails.map((m) => m.length)).toEqual([1, 1, 0, 0])

    // Both take at once, and a third client races them for a place: two bookings, never three.
    const third = waiting[2]
    const race = await Promise.all([
      waiting[0].c.post(`/api/waitlist/${entries[0].id}/take`),
      waiting[1].c.post(`/api/waitlist/${entries[1].id}/take`),
      third.c.post('/api/bookings', stay(third, 1, 2)),
    ])
    expect(race.map((r) => r.status)).toEqual([201, 201, 409])
  })
})
