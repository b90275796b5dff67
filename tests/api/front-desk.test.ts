import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { bookedStay, loggedIn } from '../support/factories'
import { formOf } from '../support/forms'
import { Client, startServer } from '../support/http'

// The front desk over real HTTP: staff check a pet in and out (JSON and the
// day sheet's forms), only the allowed steps happen (409 with why
// otherwise), clients can't, two taps at once make one change, every step is
// recorded with who made it, and the owner hears of arrival and departure.
// The hotel is in New York; the clock is pinned around a stay from Tue 10
// March 2026 10:00 to Thu 12 March 10:00.

const at = (wall: string) => setNow(new Date(`${wall.replace(' ', 'T')}-04:00`))

let base: string
beforeAll(async () => {
  base = await startServer()
})
afterEach(() => setNow(undefined))

async function stay() {
  at('2026-03-02 12:00:00')
  const { owner, pet, c, id } = await bookedStay({
    dropOff: '2026-03-10 10:00:00',
    pickUp: '2026-03-12 10:00:00',
  })
  const { client: staff, user: employee } = await loggedIn('employee')
  return { owner, pet, c, id, staff, employee }
}

async function mailTo(email: string) {
  const db = await getDb()
  return db('mail_outbox')
    .where({ recipient: email })
    .orderBy('id')
    .select('kind', 'subject', 'text_body')
}

describe('POST /api/bookings/{id}/check-in and /check-out', () => {
  it('checks a pet in and out, with the moments in hotel time, recorded, and the owner told', async () => {
    const h = await stay()
    at('2026-03-10 09:40:00')
    const checkedIn = await h.staff.post(`/api/bookings/${h.id}/check-in`)
    expect(checkedIn.status).toBe(200)
    expect(checkedIn.body.booking).toMatchObject({
      id: h.id,
      status: 'checked_in',
      checked_in_at: '2026-03-10 09:40:00',
      checked_out_at: null,
      drop_off_date: '2026-03-10 10:00:00',
    })
    // The contract's own call gains the fields and keeps the rest.
    const read = await h.c.get(`/api/bookings/${h.id}`)
    expect(read.body).toEqual(checkedIn.body.booking)

    at('2026-03-12 09:55:00')
    const out = await h.staff.post(`/api/bookings/${h.id}/check-out`)
    expect(out.status).toBe(200)
    expect(out.body.booking).toMatchObject({
      status: 'checked_out',
      checked_in_at: '2026-03-10 09:40:00',
      checked_out_at: '2026-03-12 09:55:00',
    })

    const db = await getDb()
    const events = await db('booking_events').where({ booking_id: h.id }).orderBy('id')
    expect(events.map((e) => [e.action, e.actor_id, e.detail])).toEqual([
      ['check-in', h.employee.id, '2026-03-10 09:40:00'],
      ['check-out', h.employee.id, '2026-03-12 09:55:00'],
    ])
    const row = await db('bookings').where({ id: h.id }).first()
    expect([row.checked_in_by, row.checked_out_by]).toEqual([h.employee.id, h.employee.id])

    const mail = (await mailTo(h.owner.email)).filter((m) => m.kind.startsWith('checked'))
    expect(mail.map((m) => [m.kind, m.subject])).toEqual([
      ['checked-in', 'Rex has checked in at Whiskers & Wags'],
      ['checked-out', 'Rex has checked out of Whiskers & Wags'],
    ])
    expect(mail[0].text_body).toContain('Rex checked in at Tue, Mar 10, 2026, 9:40 AM')
  })

  it('refuses the steps that are not allowed now with 409 and why, changing nothing', async () => {
    const h = await stay()
    const db = await getDb()
    const snapshot = async () => ({
      booking: await db('bookings').where({ id: h.id }).first(),
      events: await db('booking_events').where({ booking_id: h.id }),
    })
    at('2026-03-08 18:00:00')
    const before = await snapshot()
    const early = await h.staff.post(`/api/bookings/${h.id}/check-in`)
    expect(early.status).toBe(409)
    expect(early.body).toEqual({
      message: 'Check-in opens the day before drop-off, on Mon, Mar 9, 2026',
    })
    const notIn = await h.staff.post(`/api/bookings/${h.id}/check-out`)
    expect(notIn.status).toBe(409)
    expect(notIn.body.message).toBe('Only a pet that is checked in can be checked out')
    expect(await snapshot()).toEqual(before)

    at('2026-03-09 19:00:00') // the evening before: early is allowed
    expect((await h.staff.post(`/api/bookings/${h.id}/check-in`)).status).toBe(200)
    const twice = await h.staff.post(`/api/bookings/${h.id}/check-in`)
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('This pet is already checked in')
  })

  it('is for staff only: 401 for a visitor, 403 for clients (their own stay included), 404 for no booking', async () => {
    const h = await stay()
    at('2026-03-10 09:00:00')
    const visitor = new Client(base)
    expect((await visitor.post(`/api/bookings/${h.id}/check-in`)).status).toBe(401)
    expect((await h.c.post(`/api/bookings/${h.id}/check-in`)).status).toBe(403)
    const { client: other } = await loggedIn('client')
    expect((await other.post(`/api/bookings/${h.id}/check-out`)).status).toBe(403)
    for (const id of ['2000000000', 'abc', '0'])
      expect((await h.staff.post(`/api/bookings/${id}/check-in`)).status, id).toBe(404)
    const get = await h.staff.get(`/api/bookings/${h.id}/check-in`)
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('POST')
    const db = await getDb()
    expect((await db('bookings').where({ id: h.id }).first()).status).toBe('booked')
    // Every staff role may.
    const { client: manager } = await loggedIn('manager')
    expect((await manager.post(`/api/bookings/${h.id}/check-in`)).status).toBe(200)
  })

  it('makes one change when two phones tap Check in at once', async () => {
    const h = await stay()
    at('2026-03-10 09:00:00')
    const { client: second } = await loggedIn('employee')
    const answers = await Promise.all([
      h.staff.post(`/api/bookings/${h.id}/check-in`),
      second.post(`/api/bookings/${h.id}/check-in`),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const db = await getDb()
    expect(await db('booking_events').where({ booking_id: h.id })).toHaveLength(1)
    expect((await mailTo(h.owner.email)).filter((m) => m.kind === 'checked-in')).toHaveLength(1)
  })
})

describe('the day sheet', () => {
  const sheet = (c: Client, date = '2026-03-10') => c.get(`/bookingsByDate?date=${date}`)

  it('shows each pet’s status and the counts, and checks in and out without JavaScript', async () => {
    const h = await stay()
    at('2026-03-10 09:30:00')
    const page = (await sheet(h.staff)).body as string
    const entry = page.slice(page.indexOf(`id="booking-${h.id}"`))
    expect(entry).toContain('Expected')
    expect(entry).toContain('aria-label="Check in Rex"')
    expect(page).toMatch(/\d+ expected · \d+ here · \d+ gone home/)

    const res = await h.staff.postForm(
      '/bookingsByDate?date=2026-03-10',
      formOf({ intent: 'check-in', id: String(h.id) }),
    )
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(`/bookingsByDate?date=2026-03-10#booking-${h.id}`)
    const after = (await sheet(h.staff)).body as string
    const updated = after.slice(after.indexOf(`id="booking-${h.id}"`))
    expect(updated).toContain('Checked in Tue, Mar 10, 2026, 9:30 AM')
    expect(updated).toContain('aria-label="Undo check-in Rex"')

    // A refused tap comes back on its entry.
    const again = await h.staff.postForm(
      '/bookingsByDate?date=2026-03-10',
      formOf({ intent: 'check-in', id: String(h.id) }),
    )
    expect(again.status).toBe(409)
    expect(again.body).toContain('This pet is already checked in')

    // Undo the same day, then check in for real.
    await h.staff.postForm(
      '/bookingsByDate?date=2026-03-10',
      formOf({ intent: 'undo-check-in', id: String(h.id) }),
    )
    const db = await getDb()
    expect((await db('bookings').where({ id: h.id }).first()).status).toBe('booked')
    const events = await db('booking_events').where({ booking_id: h.id }).orderBy('id')
    expect(events.map((e) => e.action)).toEqual(['check-in', 'undo-check-in'])
  })

  it('flags a late pick-up', async () => {
    const h = await stay()
    at('2026-03-10 09:30:00')
    await h.staff.post(`/api/bookings/${h.id}/check-in`)
    at('2026-03-12 10:30:00')
    const page = (await sheet(h.staff, '2026-03-12')).body as string
    const entry = page.slice(page.indexOf(`id="booking-${h.id}"`))
    expect(entry.slice(0, 4000)).toContain('Late pick-up')
  })

  it('answers a post in place when the page runs JavaScript', async () => {
    const h = await stay()
    at('2026-03-10 09:30:00')
    const res = await h.staff.postForm(
      '/bookingsByDate?date=2026-03-10',
      formOf({ intent: 'check-in', id: String(h.id), in_place: '1' }),
    )
    expect(res.status).toBe(200)
    const db = await getDb()
    expect((await db('bookings').where({ id: h.id }).first()).status).toBe('checked_in')
  })

  it('refuses clients and unknown intents', async () => {
    const h = await stay()
    at('2026-03-10 09:30:00')
    const client = await h.c.postForm(
      '/bookingsByDate?date=2026-03-10',
      formOf({ intent: 'check-in', id: String(h.id) }),
    )
    expect(client.status).toBe(403)
    const odd = await h.staff.postForm(
      '/bookingsByDate',
      formOf({ intent: 'teleport', id: String(h.id) }),
    )
    expect(odd.status).toBe(400)
    const db = await getDb()
    expect((await db('bookings').where({ id: h.id }).first()).status).toBe('booked')
  })
})
