import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { createPet, createService, createUser, loggedIn } from '../support/factories'
import { formOf } from '../support/forms'
import { clientFor, startServer, type Client } from '../support/http'

// A booking's life after it is made, over real HTTP: cancelling keeps it
// (marked cancelled, its nights free, gone for its client, kept for staff),
// a pet that never came is a no-show after its drop-off day (its nights
// free), and a pet checked out early ends its stay then (the unused nights
// free, the price as booked). Undoing either gives the nights back only if
// nobody has taken them. The hotel has ONE dog kennel here, so "free" is
// proven by another dog booking it. New York time; the clock is pinned.

const at = (wall: string) => setNow(new Date(`${wall.replace(' ', 'T')}-04:00`))

beforeAll(async () => {
  await startServer()
  const db = await getDb()
  await db('hotel_settings').update({ dog_kennels: 1 })
})
afterEach(() => setNow(undefined))

type Dog = { c: Client; owner: { id: number; email: string }; pet: { id: number } }

async function dog(name: string): Promise<Dog> {
  const owner = await createUser({ fname: name })
  const pet = await createPet({ owner, name, type: 'dog' })
  return { owner, pet, c: await clientFor(owner) }
}

let service: { id: number }
async function book(d: Dog, dropOff: string, pickUp: string) {
  service ??= await createService()
  return d.c.post('/api/bookings', {
    client_id: d.owner.id,
    pet_id: d.pet.id,
    booking_type: 'boarding_care',
    drop_off_date: dropOff,
    pick_up_date: pickUp,
    services: [service.id],
  })
}

/** A tap on the day sheet without JavaScript: 302 back to the entry when done, the sheet with why otherwise. */
const tap = (staff: Client, date: string, intent: string, id: number) =>
  staff.postForm(`/bookingsByDate?date=${date}`, formOf({ intent, id: String(id) }))

describe('cancelling a booking', () => {
  it('marks it cancelled, frees its nights, hides it from its client and keeps it for staff', async () => {
    at('2026-04-01 12:00:00')
    const rex = await dog('Rex')
    const made = await book(rex, '2026-04-10 10:00:00', '2026-04-12 10:00:00')
    expect(made.status).toBe(201)
    const id = made.body.booking.id as number
    const fido = await dog('Fido')
    expect((await book(fido, '2026-04-11 10:00:00', '2026-04-13 10:00:00')).status).toBe(409)

    const del = await rex.c.delete(`/api/bookings/${id}`)
    expect(del.status).toBe(200)
    expect(del.body).toEqual({ message: expect.any(String) })

    // Gone for its client in every call of the contract, as after a delete.
    expect((await rex.c.get(`/api/bookings/${id}`)).status).toBe(404)
    expect((await rex.c.get('/api/bookings/user')).body).toEqual({ bookings: [] })
    expect((await rex.c.get(`/api/bookings/pet/${rex.pet.id}`)).body).toEqual({ booking: null })
    expect((await rex.c.delete(`/api/bookings/${id}`)).status).toBe(404)
    const again = await rex.c.put(`/api/bookings/${id}`, {
      client_id: rex.owner.id,
      pet_id: rex.pet.id,
      booking_type: 'boarding_care',
      drop_off_date: '2026-04-10 10:00:00',
      pick_up_date: '2026-04-12 10:00:00',
      services: [service.id],
    })
    expect(again.status).toBe(404)
    const { client: employee } = await loggedIn('employee')
    const onDate = await employee.get('/api/bookings/date/2026-04-10')
    expect(onDate.body.map((b: { id: number }) => b.id)).not.toContain(id)

    // Its night is free: another dog takes the one kennel, and Rex may book the same dates again.
    expect((await book(fido, '2026-04-11 10:00:00', '2026-04-13 10:00:00')).status).toBe(201)
    expect((await book(rex, '2026-04-09 10:00:00', '2026-04-11 10:00:00')).status).toBe(201)

    // Kept, with when and who, for the Owner and Managers.
    const { client: manager, user: managerUser } = await loggedIn('manager')
    const seen = await manager.get(`/api/bookings/${id}`)
    expect(seen.status).toBe(200)
    expect(seen.body).toMatchObject({
      id,
      status: 'cancelled',
      cancelled_at: '2026-04-01 12:00:00',
    })
    const db = await getDb()
    const row = await db('bookings').where({ id }).first()
    expect(row.cancelled_by).toBe(rex.owner.id)
    expect(await db('booking_events').where({ booking_id: id }).select('action')).toEqual([
      { action: 'cancel' },
    ])
    const page = await manager.get('/bookings?view=cancelled')
    expect(page.status).toBe(200)
    expect(page.body).toContain('Cancelled stays, most recently cancelled first.')
    expect(page.body).toMatch(/Rex<\/a>[\s\S]*?Cancelled<\/span>/)
    expect((await manager.get('/bookings')).body).not.toContain(`booking ${id} of Rex`)
    const sheet = await employee.get('/bookingsByDate?date=2026-04-10')
    expect(sheet.body).not.toContain(`booking-${id}"`)
    // Staff cancelling record themselves.
    const other = await book(await dog('Max'), '2026-04-20 10:00:00', '2026-04-21 10:00:00')
    expect(other.status).toBe(201)
    await manager.delete(`/api/bookings/${other.body.booking.id}`)
    expect((await db('bookings').where({ id: other.body.booking.id }).first()).cancelled_by).toBe(
      managerUser.id,
    )
  })
})

describe('a no-show', () => {
  it('is set only after the drop-off day has ended, by staff, and frees the nights', async () => {
    at('2026-05-01 12:00:00')
    const rex = await dog('Rex')
    const id = (await book(rex, '2026-05-10 10:00:00', '2026-05-13 10:00:00')).body.booking
      .id as number
    const { client: staff, user: employee } = await loggedIn('employee')

    at('2026-05-10 18:00:00')
    const soon = await tap(staff, '2026-05-10', 'no-show', id)
    expect(soon.status).toBe(409)
    expect(soon.body).toContain('A stay is a no-show only after its drop-off day has ended')
    expect(
      (
        await rex.c.postForm(
          `/bookingsByDate?date=2026-05-10`,
          formOf({ intent: 'no-show', id: String(id) }),
        )
      ).status,
    ).toBe(403)

    at('2026-05-11 08:00:00')
    const marked = await tap(staff, '2026-05-10', 'no-show', id)
    expect(marked.status).toBe(302)
    const read = await rex.c.get(`/api/bookings/${id}`)
    expect(read.body).toMatchObject({ status: 'no_show', no_show_at: '2026-05-11 08:00:00' })
    // No longer the pet's current booking, no longer holding a kennel.
    expect((await rex.c.get(`/api/bookings/pet/${rex.pet.id}`)).body).toEqual({ booking: null })
    const fido = await dog('Fido')
    expect((await book(fido, '2026-05-11 10:00:00', '2026-05-12 10:00:00')).status).toBe(201)
    // It cannot be checked in any more; the sheet of its day shows it.
    expect((await staff.post(`/api/bookings/${id}/check-in`)).status).toBe(409)
    const sheet = await staff.get('/bookingsByDate?date=2026-05-10')
    expect(sheet.body).toMatch(/booking-\d+[\s\S]*No-show/)

    // Undo the same day: the night of the 11th is Fido's now, so it is refused.
    const undo = await tap(staff, '2026-05-10', 'undo-no-show', id)
    expect(undo.status).toBe(409)
    expect(undo.body).toContain('Its place has been taken since: it cannot be given back')
    const db = await getDb()
    const events = await db('booking_events').where({ booking_id: id }).orderBy('id')
    expect(events.map((e) => [e.action, e.actor_id])).toEqual([['no-show', employee.id]])
  })

  it('can be undone the same day while its nights are free, not the next day', async () => {
    at('2026-06-01 12:00:00')
    const rex = await dog('Rex')
    const id = (await book(rex, '2026-06-10 10:00:00', '2026-06-13 10:00:00')).body.booking
      .id as number
    const { client: staff } = await loggedIn('employee')
    at('2026-06-11 08:00:00')
    expect((await tap(staff, '2026-06-10', 'no-show', id)).status).toBe(302)
    const undone = await tap(staff, '2026-06-10', 'undo-no-show', id)
    expect(undone.status).toBe(302)
    expect((await rex.c.get(`/api/bookings/${id}`)).body).toMatchObject({
      status: 'booked',
      no_show_at: null,
    })
    expect((await tap(staff, '2026-06-10', 'no-show', id)).status).toBe(302)
    at('2026-06-12 08:00:00')
    const late = await tap(staff, '2026-06-10', 'undo-no-show', id)
    expect(late.status).toBe(409)
    expect(late.body).toContain('A mis-tap can only be undone on the day it was made')
  })
})

describe('checking out early', () => {
  it('ends the stay then: the unused nights are free, the price stays as booked, an undo needs them free', async () => {
    at('2026-07-01 12:00:00')
    const rex = await dog('Rex')
    const made = (await book(rex, '2026-07-10 10:00:00', '2026-07-14 10:00:00')).body.booking
    const { client: staff } = await loggedIn('employee')
    at('2026-07-10 09:30:00')
    expect((await staff.post(`/api/bookings/${made.id}/check-in`)).status).toBe(200)

    at('2026-07-12 08:15:00')
    const out = await staff.post(`/api/bookings/${made.id}/check-out`)
    expect(out.status).toBe(200)
    expect(out.body.booking).toMatchObject({
      status: 'checked_out',
      checked_out_at: '2026-07-12 08:15:00',
      pick_up_date: '2026-07-12 08:15:00',
      days: made.days,
      total: made.total,
    })
    const db = await getDb()
    const row = await db('bookings')
      .where({ id: made.id })
      .first(db.raw(`to_char(booked_pick_up_at, 'YYYY-MM-DD HH24:MI:SS') as booked`))
    expect(row.booked).toBe('2026-07-14 10:00:00')

    // Undo while the nights are still free: the booked pick-up comes back.
    const undo = await tap(staff, '2026-07-12', 'undo-check-out', made.id)
    expect(undo.status).toBe(302)
    expect((await rex.c.get(`/api/bookings/${made.id}`)).body).toMatchObject({
      status: 'checked_in',
      pick_up_date: '2026-07-14 10:00:00',
      checked_out_at: null,
    })
    // A second dog can't have the 12th while Rex holds it …
    const fido = await dog('Fido')
    expect((await book(fido, '2026-07-12 10:00:00', '2026-07-13 10:00:00')).status).toBe(409)
    // … and can once Rex has left early.
    expect((await staff.post(`/api/bookings/${made.id}/check-out`)).status).toBe(200)
    expect((await book(fido, '2026-07-12 10:00:00', '2026-07-13 10:00:00')).status).toBe(201)
    const refused = await tap(staff, '2026-07-12', 'undo-check-out', made.id)
    expect(refused.status).toBe(409)
    expect(refused.body).toContain('Its place has been taken since: it cannot be given back')
    expect((await rex.c.get(`/api/bookings/${made.id}`)).body.status).toBe('checked_out')
  })

  it('leaves the stay as booked when the pet leaves after its pick-up time (a late pick-up)', async () => {
    at('2026-08-01 12:00:00')
    const rex = await dog('Rex')
    const made = (await book(rex, '2026-08-10 10:00:00', '2026-08-11 10:00:00')).body.booking
    const { client: staff } = await loggedIn('employee')
    at('2026-08-10 09:30:00')
    await staff.post(`/api/bookings/${made.id}/check-in`)
    at('2026-08-11 17:00:00')
    const out = await staff.post(`/api/bookings/${made.id}/check-out`)
    expect(out.body.booking).toMatchObject({
      pick_up_date: '2026-08-11 10:00:00',
      checked_out_at: '2026-08-11 17:00:00',
    })
  })
})
