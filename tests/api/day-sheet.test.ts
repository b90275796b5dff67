import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { getDaySheet } from '../../app/models/booking/day-sheet.server'
import { occupancyByDate } from '../../app/models/booking/occupancy.server'
import { bookedStay, createPet, createService, createUser, loggedIn } from '../support/factories'
import { clientFor, startServer, type Client } from '../support/http'
import { statementsDuring } from '../support/statements'

// The day sheet reads its stays, then everything it shows of them in one
// round trip (their services, their pets' vaccination records, their
// updates, the day's places held for the waitlist and its waitlisted stays).
// Each entry must say what
// the rest of the app says of the same booking, pet and day: its services
// and the vaccines it lacks as GET /api/bookings/{id} gives them, its pet's
// unverified records as the pet's record list, its updates' count and newest
// as the stay's update list, and the day's occupancy as the month's count
// (bookings and live holds; a lapsed hold or a waiting stay takes no place),
// and its waitlist what GET /api/waitlist?date= does. New York in July 2031 (EDT).

const at = (wall: string) => setNow(new Date(`${wall.replace(' ', 'T')}-04:00`))
const DAY = '2031-07-10'

beforeAll(async () => {
  await startServer()
})
afterEach(() => setNow(undefined))

type Entry = Awaited<ReturnType<typeof getDaySheet>>['sheet']['arrivals'][number]

/** What the rest of the API says of an entry's booking, pet and updates, in the sheet's terms. */
async function asTheApiSays(manager: Client, entry: Entry) {
  const id = entry.booking.id
  const booking = (await manager.get(`/api/bookings/${id}`)).body
  const records = (await manager.get(`/api/pets/${entry.pet.id}/vaccinations`)).body.vaccinations
  const updates = (await manager.get(`/api/bookings/${id}/updates`)).body.updates
  return {
    booking: {
      id,
      booking_type: booking.booking_type,
      status: booking.status,
      drop_off_date: booking.drop_off_date,
      pick_up_date: booking.pick_up_date,
      checked_in_at: booking.checked_in_at,
      checked_out_at: booking.checked_out_at,
      no_show_at: booking.no_show_at,
      vaccinations_missing: booking.vaccinations_missing,
      services: booking.services.map((s: { service: string }) => ({ service: s.service })),
    },
    unverified: records
      .filter((r: { verified: boolean }) => !r.verified)
      .map((r: { vaccine: string }) => r.vaccine),
    updates: updates.length ? { count: updates.length, latest: updates[0] } : null,
  }
}

describe('the day sheet', () => {
  it('shows each stay as the rest of the app does, and counts the places held for the waitlist', async () => {
    at('2031-07-01 09:00:00')
    // A dog staying over the day, checked in, with two updates.
    const rex = await bookedStay({ dropOff: '2031-07-09 10:00:00', pickUp: '2031-07-12 10:00:00' })
    // A cat arriving on the day with two services, whose owner has added a
    // record staff have not verified; it lacks the other required vaccine.
    const owner = await createUser({ fname: 'Ada' })
    const cat = await createPet({ owner, type: 'cat', name: 'Mittens', vaccinated: false })
    const c = await clientFor(owner)
    const rabies = { vaccine: 'Rabies', given_on: '2031-01-10', expires_on: '2032-01-10' }
    expect((await c.post(`/api/pets/${cat.id}/vaccinations`, rabies)).status).toBe(201)
    const [groom, play] = [await createService(), await createService()]
    const booked = await c.post('/api/bookings', {
      client_id: owner.id,
      pet_id: cat.id,
      booking_type: 'boarding_care',
      drop_off_date: `${DAY} 14:00:00`,
      pick_up_date: '2031-07-13 10:00:00',
      services: [groom.id, play.id],
    })
    expect(booked.status).toBe(201)
    // A dog of the same owner in for day care, with no updates.
    const dog = await createPet({ owner, type: 'dog', name: 'Pip' })
    const dayCare = await c.post('/api/bookings', {
      client_id: owner.id,
      pet_id: dog.id,
      booking_type: 'day_care',
      drop_off_date: `${DAY} 08:00:00`,
      pick_up_date: `${DAY} 17:00:00`,
      services: [groom.id],
    })
    expect(dayCare.status).toBe(201)
    // Waitlisted stays over the day: one offered and held, one whose hold
    // lapsed at 08:00 on the day, one still waiting.
    const db = await getDb()
    const waiting = (status: string, hold_until: string | null, [from, to] = ['09', '11']) => ({
      client_id: owner.id,
      pet_id: dog.id,
      booking_type: 'boarding_care',
      drop_off_at: `2031-07-${from} 12:00:00`,
      pick_up_at: `2031-07-${to} 12:00:00`,
      service_ids: [groom.id, play.id],
      status,
      created_at: '2031-07-01 09:00:00',
      hold_until,
    })
    await db('waitlist_entries').insert([
      waiting('offered', `${DAY} 20:00:00`),
      waiting('offered', `${DAY} 08:00:00`),
      waiting('waiting', null),
      // After the day: not on its sheet.
      waiting('waiting', null, ['11', '13']),
    ])

    const { client: staff, user: employee } = await loggedIn('employee')
    at('2031-07-09 10:05:00')
    expect((await staff.post(`/api/bookings/${rex.id}/check-in`)).status).toBe(200)
    at('2031-07-09 12:30:00')
    expect((await staff.post(`/api/bookings/${rex.id}/updates`, { note: 'Ate well' })).status).toBe(
      201,
    )
    at('2031-07-09 18:00:00')
    expect((await staff.post(`/api/bookings/${rex.id}/updates`, { note: 'Sleepy' })).status).toBe(
      201,
    )

    at(`${DAY} 09:00:00`)
    const { sheet, waitlist } = await getDaySheet({ date: DAY, actor: employee })
    const lists = {
      arrivals: sheet.arrivals.map((e) => e.booking.id),
      staying: sheet.staying.map((e) => e.booking.id),
      dayCare: sheet.dayCare.map((e) => e.booking.id),
      departures: sheet.departures.map((e) => e.booking.id),
    }
    expect(lists).toEqual({
      arrivals: [booked.body.booking.id],
      staying: [rex.id],
      dayCare: [dayCare.body.booking.id],
      departures: [],
    })
    // A Manager reads each booking whole (an Employee sees stays only through the sheet).
    const { client: manager } = await loggedIn('manager')
    for (const entry of [...sheet.arrivals, ...sheet.staying, ...sheet.dayCare]) {
      const said = await asTheApiSays(manager, entry)
      expect(entry.booking, `booking ${entry.booking.id}`).toEqual(said.booking)
      expect(entry.pet.unverified_vaccines).toEqual(said.unverified)
      expect(entry.updates).toEqual(said.updates)
    }
    // What each shows, beyond agreeing with the API.
    const [arriving] = sheet.arrivals
    expect(arriving.booking.services.map((s) => s.service).sort()).toEqual(
      [groom.service, play.service].sort(),
    )
    expect(arriving.booking.vaccinations_missing).toEqual(['FVRCP'])
    expect(arriving.pet.unverified_vaccines).toEqual(['Rabies'])
    expect(sheet.staying[0].updates).toMatchObject({ count: 2, latest: { note: 'Sleepy' } })
    expect(sheet.dayCare[0].updates).toBeNull()
    // Rex and the live hold take two kennels, Mittens a condo, Pip a day-care place.
    expect(sheet.occupancy).toEqual({ dog_kennel: 2, cat_condo: 1, day_care: 1 })
    const month = await occupancyByDate({ from: DAY, to: DAY })
    expect(sheet.occupancy).toEqual(month.days[0].occupancy)

    // The waitlist: the held stay and the waiting one (the lapsed hold has left it).
    const listed = async () => (await staff.get(`/api/waitlist?date=${DAY}`)).body.waitlist
    expect(waitlist).toEqual(await listed())
    expect(waitlist.map((e) => e.status)).toEqual(['offered', 'waiting'])
    expect(waitlist[0].services.map((s) => s.service)).toEqual([groom.service, play.service])

    // The stays, then all the rest in one statement (the hotel's settings and
    // the services' names come from the read cache).
    const { statements } = await statementsDuring(() => getDaySheet({ date: DAY, actor: employee }))
    expect(statements).toHaveLength(2)

    // A service renamed, another withdrawn: the waitlist names each as it is now.
    const renamed = { service: 'Groom (new)', price: 25, staff: [] }
    expect((await manager.put(`/api/services/${groom.id}`, renamed)).status).toBe(200)
    expect((await manager.delete(`/api/services/${play.id}`)).status).toBe(200)
    const after = (await getDaySheet({ date: DAY, actor: employee })).waitlist
    expect(after[0].services.map((s) => s.service)).toEqual(['Groom (new)', play.service])
    expect(after).toEqual(await listed())
  })
})
