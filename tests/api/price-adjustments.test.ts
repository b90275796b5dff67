import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../app/domain/hotel-time'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { bookedStay, loggedIn } from '../support/factories'
import { formOf } from '../support/forms'
import { startServer } from '../support/http'

// Price adjustments over real HTTP: the Owner and Managers add a line with a
// reason to a booking's price — a discount after an early check-out, a late
// pick-up fee — the total moves by it, the client sees the line, the change
// is recorded with who made it; nobody else may, nothing takes the total
// below zero, a cancelled booking takes none, and a stay re-priced later
// keeps its lines. The hotel is in New York; the clock is pinned in June
// 2031 (EDT).

const at = (wall: string) => setNow(new Date(`${wall.replace(' ', 'T')}-04:00`))

beforeAll(async () => {
  await startServer()
})
afterEach(() => setNow(undefined))

let day = 0
/** A four-night boarding stay of its own, booked a week ahead (fresh days per call). */
async function stay() {
  day += 6
  const d = (n: number) => addDays('2031-06-01', day + n)
  at(`${addDays(d(0), -7)} 12:00:00`)
  const { owner, pet, c, booking } = await bookedStay({
    dropOff: `${d(0)} 10:00:00`,
    pickUp: `${d(4)} 10:00:00`,
  })
  const { client: manager, user: managerUser } = await loggedIn('manager')
  return {
    owner,
    pet,
    c,
    booking,
    manager,
    managerUser,
    d,
    url: `/api/bookings/${booking.id}/adjustments`,
  }
}

describe('POST /api/bookings/{id}/adjustments', () => {
  it('discounts the nights not used after an early check-out; the client sees the line', async () => {
    const s = await stay()
    const { client: staff } = await loggedIn('employee')
    at(`${s.d(0)} 10:00:00`)
    expect((await staff.post(`/api/bookings/${s.booking.id}/check-in`)).status).toBe(200)
    at(`${s.d(2)} 09:00:00`)
    const out = await staff.post(`/api/bookings/${s.booking.id}/check-out`)
    expect(out.status).toBe(200)
    // The price stays as booked…
    expect(out.body.booking.total).toBe(s.booking.total)
    expect(out.body.booking.adjustments).toEqual([])

    // …until a manager adds a line for the two nights not used.
    const discount = -2 * s.booking.daily_price
    const res = await s.manager.post(s.url, {
      amount: discount,
      reason: 'Went home two days early',
    })
    expect(res.status).toBe(201)
    expect(res.body.booking.total).toBe(s.booking.total + discount)
    expect(res.body.booking.adjustments).toEqual([
      {
        id: expect.any(Number),
        amount: discount,
        reason: 'Went home two days early',
        by: s.managerUser.fname,
        created_at: `${s.d(2)} 09:00:00`,
      },
    ])
    // A fee as text, with a dollar sign.
    const fee = await s.manager.post(s.url, { amount: '+$15.50', reason: 'Extra bath' })
    expect(fee.status).toBe(201)
    expect(fee.body.booking.total).toBe(s.booking.total + discount + 15.5)
    expect(fee.body.booking.adjustments.map((a: { amount: number }) => a.amount)).toEqual([
      discount,
      15.5,
    ])

    const seen = await s.c.get(`/api/bookings/${s.booking.id}`)
    expect(seen.body.total).toBe(s.booking.total + discount + 15.5)
    expect(seen.body.adjustments).toHaveLength(2)
    const db = await getDb()
    const events = await db('booking_events')
      .where({ booking_id: s.booking.id, action: 'adjust' })
      .orderBy('id')
      .select('actor_id', 'detail')
    expect(events).toEqual([
      {
        actor_id: s.managerUser.id,
        detail: `−$${(-discount).toFixed(2)}: Went home two days early`,
      },
      { actor_id: s.managerUser.id, detail: '+$15.50: Extra bath' },
    ])
  })

  it('is for the Owner and Managers only', async () => {
    const s = await stay()
    const { client: employee } = await loggedIn('employee')
    const { client: other } = await loggedIn('client')
    const { client: owner } = await loggedIn('owner')
    const body = { amount: -10, reason: 'Goodwill' }
    expect((await s.c.post(s.url, body)).status).toBe(403)
    expect((await other.post(s.url, body)).status).toBe(403)
    expect((await employee.post(s.url, body)).status).toBe(403)
    expect((await (await loggedIn('anonymous')).client.post(s.url, body)).status).toBe(401)
    expect((await s.c.get(`/api/bookings/${s.booking.id}`)).body.total).toBe(s.booking.total)
    expect((await owner.post(s.url, body)).status).toBe(201)
    expect((await s.manager.post('/api/bookings/999999/adjustments', body)).status).toBe(404)
    expect((await s.manager.get(s.url)).status).toBe(405)
  })

  it('refuses a bad amount or reason, a total below zero and a cancelled booking, changing nothing', async () => {
    const s = await stay()
    const amount = 'Amount must be an amount like -40.00 (a discount) or 15.00 (a fee)'
    const cases: [unknown, Record<string, string>][] = [
      [{ reason: 'x' }, { amount: 'Amount is required' }],
      [{ amount: '', reason: 'x' }, { amount: 'Amount is required' }],
      [{ amount: 0, reason: 'x' }, { amount: 'Amount cannot be zero' }],
      [{ amount: '-0.00', reason: 'x' }, { amount: 'Amount cannot be zero' }],
      [{ amount: 'ten', reason: 'x' }, { amount }],
      [{ amount: '1.234', reason: 'x' }, { amount }],
      [{ amount: '--5', reason: 'x' }, { amount }],
      // A line break inside the amount is not an amount (it once crashed the parse: 500).
      [{ amount: '5\n0', reason: 'x' }, { amount }],
      [{ amount: '-\n5', reason: 'x' }, { amount }],
      [{ amount: '\u0000\n\u0000', reason: 'x' }, { amount }],
      [{ amount: 1e21, reason: 'x' }, { amount }],
      [{ amount: [5], reason: 'x' }, { amount }],
      [
        { amount: 10000.01, reason: 'x' },
        { amount: 'Amount can be at most $10,000.00 either way' },
      ],
      [{ amount: -5 }, { reason: 'Reason is required' }],
      [{ amount: -5, reason: '   ' }, { reason: 'Reason is required' }],
      [
        { amount: -5, reason: 'y'.repeat(201) },
        { reason: 'Reason must be at most 200 characters' },
      ],
      [{ amount: -5, reason: 42 }, { reason: 'Reason is required' }],
    ]
    for (const [body, errors] of cases) {
      const res = await s.manager.post(s.url, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body).toEqual({ message: 'Price was not adjusted', errors })
    }
    const below = await s.manager.post(s.url, { amount: -(s.booking.total + 0.01), reason: 'x' })
    expect(below.status).toBe(400)
    expect(below.body.errors).toEqual({ amount: 'The total cannot go below $0.00' })
    // Down to exactly zero is fine.
    expect(
      (await s.manager.post(s.url, { amount: -s.booking.total, reason: 'On us' })).status,
    ).toBe(201)
    const t = await stay()
    expect((await t.c.delete(`/api/bookings/${t.booking.id}`)).status).toBe(200)
    const cancelled = await t.manager.post(t.url, { amount: 5, reason: 'Fee' })
    expect(cancelled.status).toBe(409)
    expect(cancelled.body.message).toBe('A cancelled booking has nothing to adjust')
    const db = await getDb()
    expect(await db('booking_adjustments').where({ booking_id: t.booking.id })).toEqual([])
  })

  it('keeps its lines when the stay is re-priced by a change', async () => {
    const s = await stay()
    expect((await s.manager.post(s.url, { amount: -25, reason: 'Loyal guest' })).status).toBe(201)
    // The client moves the pick-up a day earlier (before the stay starts): three nights, at today's price.
    const changed = await s.c.put(`/api/bookings/${s.booking.id}`, {
      client_id: s.owner.id,
      pet_id: s.pet.id,
      booking_type: 'boarding_care',
      drop_off_date: `${s.d(0)} 10:00:00`,
      pick_up_date: `${s.d(3)} 10:00:00`,
      services: (await s.c.get(`/api/bookings/${s.booking.id}`)).body.services.map(
        (x: { id: number }) => x.id,
      ),
    })
    expect(changed.status).toBe(200)
    expect(changed.body.booking.total).toBe(s.booking.total - s.booking.daily_price - 25)
    expect(changed.body.booking.adjustments).toHaveLength(1)
  })
})

describe('the pet page', () => {
  it('lets a manager add a line without JavaScript; a refusal shows beside that stay', async () => {
    const s = await stay()
    const page = (await s.manager.get(`/pets/${s.pet.id}`)).body as string
    expect(page).toContain('Adjust the price')
    expect((await s.c.get(`/pets/${s.pet.id}`)).body).not.toContain('Adjust the price')

    const refused = await s.manager.postForm(
      `/pets/${s.pet.id}`,
      formOf({ intent: 'adjust-price', id: String(s.booking.id), amount: 'ten', reason: 'x' }),
    )
    expect(refused.status).toBe(400)
    expect(refused.body).toContain(
      'Amount must be an amount like -40.00 (a discount) or 15.00 (a fee)',
    )
    const byClient = await s.c.postForm(
      `/pets/${s.pet.id}`,
      formOf({ intent: 'adjust-price', id: String(s.booking.id), amount: '-5', reason: 'x' }),
    )
    expect(byClient.status).toBe(403)

    const added = await s.manager.postForm(
      `/pets/${s.pet.id}`,
      formOf({
        intent: 'adjust-price',
        id: String(s.booking.id),
        amount: '−40',
        reason: 'Two <nights> unused',
      }),
    )
    expect(added.status).toBe(302)
    expect(added.headers.get('Location')).toBe(`/pets/${s.pet.id}#booking-${s.booking.id}`)
    const shown = (await s.c.get(`/pets/${s.pet.id}`)).body as string
    expect(shown).toContain('−$40.00')
    expect(shown).toContain('Two &lt;nights&gt; unused')
    expect(shown).toContain(`$${(s.booking.total - 40).toFixed(2)}`)
    // Staff see the stay's history with who did what; its client does not.
    expect(shown).not.toContain('History (')
    const staffView = (await s.manager.get(`/pets/${s.pet.id}`)).body as string
    expect(staffView).toContain('History (1)')
    expect(staffView).toContain(
      `Price adjusted: −$40.00: Two &lt;nights&gt; unused (${s.managerUser.fname} ${s.managerUser.lname})`,
    )
  })
})
