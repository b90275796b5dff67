import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { changed } from '../../app/models/cache-versions.server'
import { createPet, createService, createUser, loggedIn } from '../support/factories'
import { formOf } from '../support/forms'
import { clientFor, startServer, type Client } from '../support/http'

// A stay under way, over real HTTP: its client can no longer change or
// cancel it; the Owner and Managers can move its pick-up (extend, shorten)
// and change its services, with capacity, overlap and hour rules still
// applied from today on. Its nights keep the daily price it was booked at,
// its services theirs; an added service takes today's price. The change is
// recorded with who made it, and the client is told. The hotel has ONE dog
// kennel here; New York time, the clock pinned.

const at = (wall: string) => setNow(new Date(`${wall.replace(' ', 'T')}-05:00`))

let saved: Record<string, unknown>
beforeAll(async () => {
  await startServer()
  const db = await getDb()
  saved = await db('hotel_settings').where({ id: 1 }).first()
  await db('hotel_settings').update({ dog_kennels: 1, boarding_daily_price_cents: 5000 })
  await changed(db, ['settings'])
})
// Each test has the one kennel to itself.
beforeEach(async () => {
  const db = await getDb()
  await db('bookings').delete()
})
afterEach(() => setNow(undefined))
afterAll(async () => {
  const db = await getDb()
  await db('hotel_settings').where({ id: 1 }).update(saved)
  await changed(db, ['settings'])
})

type Dog = { c: Client; owner: { id: number; email: string }; pet: { id: number } }

async function dog(name: string): Promise<Dog> {
  const owner = await createUser({ fname: name })
  const pet = await createPet({ owner, name, type: 'dog' })
  return { owner, pet, c: await clientFor(owner) }
}

const body = (d: Dog, dropOff: string, pickUp: string, services: number[]) => ({
  client_id: d.owner.id,
  pet_id: d.pet.id,
  booking_type: 'boarding_care',
  drop_off_date: dropOff,
  pick_up_date: pickUp,
  services,
})

/** A dog staying 22–25 November, booked on the 20th; the clock then moves to the 23rd, 10:00. */
async function stayUnderWay(name: string, service: { id: number }) {
  const d = await dog(name)
  at('2026-11-20 10:00:00')
  const res = await d.c.post(
    '/api/bookings',
    body(d, '2026-11-22 10:00:00', '2026-11-25 10:00:00', [service.id]),
  )
  expect(res.status).toBe(201)
  at('2026-11-23 10:00:00')
  return { d, booking: res.body.booking as { id: number; total: number } }
}

describe('a stay under way', () => {
  it('is fixed for its client, and cancelled by nobody', async () => {
    const walk = await createService({ priceCents: 1000 })
    const { d, booking } = await stayUnderWay('Rex', walk)
    const change = body(d, '2026-11-22 10:00:00', '2026-11-26 10:00:00', [walk.id])
    const mine = await d.c.put(`/api/bookings/${booking.id}`, change)
    expect(mine.status).toBe(409)
    expect(mine.body.message).toBe('Reservation has started, cannot Update & Delete')
    const { client: manager } = await loggedIn('manager')
    for (const c of [d.c, manager]) {
      const cancel = await c.delete(`/api/bookings/${booking.id}`)
      expect(cancel.status).toBe(409)
      expect(cancel.body.message).toBe('Reservation has started, cannot Update & Delete')
    }
    const { client: employee } = await loggedIn('employee')
    expect((await employee.put(`/api/bookings/${booking.id}`, change)).status).toBe(403)
    const db = await getDb()
    expect(await db('bookings').where({ id: booking.id }).first()).toMatchObject({
      status: 'booked',
      total_cents: booking.total * 100,
    })
  })

  it('is extended by a manager at the prices it was booked at; an added service at today’s', async () => {
    const bath = await createService({ priceCents: 3000 })
    const nails = await createService({ priceCents: 1500 })
    const { d, booking } = await stayUnderWay('Bolt', bath)
    expect(booking.total).toBe(3 * 50 + 30)
    // Prices rise after the booking was made.
    const db = await getDb()
    await db('hotel_settings').update({ boarding_daily_price_cents: 9900 })
    await db('services').whereIn('id', [bath.id, nails.id]).update({ price_cents: 7700 })
    await changed(db, ['settings', 'services'])
    try {
      const manager = await loggedIn('manager')
      const res = await manager.client.put(
        `/api/bookings/${booking.id}`,
        body(d, '2026-11-22 10:00:00', '2026-11-27 10:00:00', [bath.id, nails.id]),
      )
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        repriced: false,
        previous_total: 180,
        message: 'Stay changed: its nights and services keep the prices they were booked at',
      })
      expect(res.body.booking).toMatchObject({
        drop_off_date: '2026-11-22 10:00:00',
        pick_up_date: '2026-11-27 10:00:00',
        daily_price: 50,
        days: 5,
        services: [
          { id: bath.id, price: 30 },
          { id: nails.id, price: 77 },
        ],
        total: 5 * 50 + 30 + 77,
      })
      const event = await db('booking_events')
        .where({ booking_id: booking.id, action: 'change' })
        .first()
      expect(event.actor_id).toBe(manager.user.id)
      expect(event.detail).toContain('pick-up 2026-11-25 10:00:00 → 2026-11-27 10:00:00')
      const mail = await db('mail_outbox')
        .where({ recipient: d.owner.email, kind: 'booking-changed' })
        .first()
      expect(mail.text_body).toContain('Pick-up: Fri, Nov 27, 2026, 10:00 AM')
    } finally {
      await db('hotel_settings').update({ boarding_daily_price_cents: 5000 })
      await changed(db, ['settings'])
    }
  })

  it('is extended only into free nights, never over another stay of its pet', async () => {
    const walk = await createService({ priceCents: 1000 })
    const { d, booking } = await stayUnderWay('Ziggy', walk)
    // The one kennel is taken from the 26th by another dog.
    const other = await dog('Pepper')
    expect(
      (
        await other.c.post(
          '/api/bookings',
          body(other, '2026-11-26 10:00:00', '2026-11-28 10:00:00', [walk.id]),
        )
      ).status,
    ).toBe(201)
    const { client: manager } = await loggedIn('manager')
    const full = await manager.put(
      `/api/bookings/${booking.id}`,
      body(d, '2026-11-22 10:00:00', '2026-11-27 10:00:00', [walk.id]),
    )
    expect(full.status).toBe(409)
    expect(full.body.message).toBe('Fully booked on 2026-11-26: no dog kennels left')
    // Up to the 26th (the night of the 25th) fits.
    const fits = await manager.put(
      `/api/bookings/${booking.id}`,
      body(d, '2026-11-22 10:00:00', '2026-11-26 10:00:00', [walk.id]),
    )
    expect(fits.status).toBe(200)
    expect(fits.body.booking.days).toBe(4)
  })

  it('is shortened by a manager, which frees the nights after it', async () => {
    const walk = await createService({ priceCents: 1000 })
    const { d, booking } = await stayUnderWay('Mochi', walk)
    const other = await dog('Biscuit')
    const wanted = body(other, '2026-11-24 10:00:00', '2026-11-25 10:00:00', [walk.id])
    expect((await other.c.post('/api/bookings', wanted)).status).toBe(409)
    const { client: manager } = await loggedIn('owner')
    const res = await manager.put(
      `/api/bookings/${booking.id}`,
      body(d, '2026-11-22 10:00:00', '2026-11-24 10:00:00', [walk.id]),
    )
    expect(res.status).toBe(200)
    expect(res.body.booking).toMatchObject({ days: 2, total: 2 * 50 + 10 })
    expect((await other.c.post('/api/bookings', wanted)).status).toBe(201)
  })

  it('keeps its drop-off and type, and its pick-up is not moved into the past', async () => {
    const walk = await createService({ priceCents: 1000 })
    const { d, booking } = await stayUnderWay('Juno', walk)
    const { client: manager } = await loggedIn('manager')
    const db = await getDb()
    const before = await db('bookings').where({ id: booking.id }).first()
    for (const [change, errors] of [
      [
        { drop_off_date: '2026-11-21 10:00:00' },
        { drop_off_date: 'A stay that has started keeps its drop-off' },
      ],
      [
        { booking_type: 'day_care', pick_up_date: '2026-11-22 17:00:00' },
        { booking_type: 'A stay that has started keeps its type' },
      ],
      [{ pick_up_date: '2026-11-23 09:00:00' }, { pick_up_date: 'Pick-up must be later than now' }],
      [{ pick_up_date: '2026-11-22 18:00:00' }, { pick_up_date: expect.any(String) }],
      [{ pick_up_date: '2026-11-26 10:30:00' }, { pick_up_date: expect.any(String) }],
    ] as const) {
      const res = await manager.put(`/api/bookings/${booking.id}`, {
        ...body(d, '2026-11-22 10:00:00', '2026-11-25 10:00:00', [walk.id]),
        ...change,
      })
      expect(res.status, JSON.stringify(change)).toBe(400)
      expect(res.body.errors).toMatchObject(errors)
    }
    expect(await db('bookings').where({ id: booking.id }).first()).toEqual(before)
  })

  it('cannot change once it is over', async () => {
    const walk = await createService({ priceCents: 1000 })
    const { d, booking } = await stayUnderWay('Tofu', walk)
    const { client: staff } = await loggedIn('employee')
    expect((await staff.post(`/api/bookings/${booking.id}/check-in`)).status).toBe(200)
    expect((await staff.post(`/api/bookings/${booking.id}/check-out`)).status).toBe(200)
    const { client: manager } = await loggedIn('manager')
    const res = await manager.put(
      `/api/bookings/${booking.id}`,
      body(d, '2026-11-22 10:00:00', '2026-11-26 10:00:00', [walk.id]),
    )
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('This stay is over: it cannot be changed')
  })

  it('is changed from the pet’s booking page without JavaScript, by a manager only', async () => {
    const walk = await createService({ priceCents: 1000 })
    const { d, booking } = await stayUnderWay('Pico', walk)
    const page = `/bookings/pet/${d.pet.id}`
    const mine = (await d.c.get(page)).body as string
    expect(mine).toContain('Reservation has started, cannot Update &amp; Delete')
    expect(mine).not.toContain('Change this stay')
    const forged = await d.c.postForm(
      page,
      formOf({
        intent: 'change-stay',
        booking_id: String(booking.id),
        pick_up_date: '2026-11-26',
        pick_up_time: '10:00',
        services: String(walk.id),
      }),
    )
    expect(forged.status).toBe(409)
    expect(forged.body).toContain('Reservation has started, cannot Update &amp; Delete')

    const { client: manager } = await loggedIn('manager')
    expect((await manager.get(page)).body).toContain('Change this stay')
    const form = (await manager.get(`${page}?change`)).body as string
    expect(form).toContain('name="pick_up_date"')
    expect(form).toContain('value="2026-11-25"')
    const past = await manager.postForm(
      `${page}?change`,
      formOf({
        intent: 'change-stay',
        booking_id: String(booking.id),
        pick_up_date: '2026-11-23',
        pick_up_time: '09:00',
        services: String(walk.id),
      }),
    )
    expect(past.status).toBe(400)
    expect(past.body).toContain('Pick-up must be later than now')
    const changed = await manager.postForm(
      `${page}?change`,
      formOf({
        intent: 'change-stay',
        booking_id: String(booking.id),
        pick_up_date: '2026-11-26',
        pick_up_time: '12:00',
        services: String(walk.id),
      }),
    )
    expect(changed.status).toBe(302)
    expect(changed.headers.get('Location')).toBe(`${page}?saved=changed`)
    const db = await getDb()
    const row = await db('bookings')
      .select(db.raw(`to_char(pick_up_at, 'YYYY-MM-DD HH24:MI:SS') as pick_up`), 'days')
      .where({ id: booking.id })
      .first()
    // Two hours past the fourth day count a fifth, as for any booking.
    expect(row).toEqual({ pick_up: '2026-11-26 12:00:00', days: 5 })
  })
})
