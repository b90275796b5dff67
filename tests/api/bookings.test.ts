import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Client, startServer, clientFor } from '../support/http'
import { createPet, createService, createUser, type Role } from '../support/factories'
import { setNow } from '../../app/infra/clock.server'
import { BOOKING_MESSAGES } from '../../app/schemas/booking'
import { updateHotelSettings, getHotelSettings } from '../../app/models/hotel-settings.server'
import { getDaySheet } from '../../app/models/booking/day-sheet.server'
import { addDays } from '../../app/domain/hotel-time'
import { coveredDates } from '../../app/domain/booking-states'

// The booking calls of the JSON API over real HTTP on a real database, with the
// hotel's clock pinned: 2026-03-02 12:00 in America/New_York (17:00 UTC).
// Clocks in New York spring forward on 2026-03-08.

const NOW = '2026-03-02T17:00:00Z'
const BOOKING_FIELDS = [
  'adjustments',
  'booking_type',
  'cancelled_at',
  'checked_in_at',
  'checked_out_at',
  'client_id',
  'daily_price',
  'days',
  'drop_off_date',
  'id',
  'no_show_at',
  'pet',
  'pet_id',
  'pick_up_date',
  'services',
  'started',
  'status',
  'total',
  'vaccinations_missing',
].sort()

let base: string
beforeAll(async () => {
  base = await startServer()
})

// Tests share one database per file: each starts from the default settings.
const DEFAULT_SETTINGS = {
  dog_kennels: 20,
  cat_condos: 10,
  day_care_places: 25,
  day_care_daily_price_cents: 3500,
  boarding_daily_price_cents: 5500,
}
beforeEach(async () => {
  const { getDb } = await import('../../app/infra/db.server')
  await (await getDb())('hotel_settings').where({ id: 1 }).update(DEFAULT_SETTINGS)
})

async function roomFor(kennels: number) {
  const { getDb } = await import('../../app/infra/db.server')
  await (await getDb())('hotel_settings').where({ id: 1 }).update({ dog_kennels: kennels })
}

async function hotel() {
  setNow(NOW)
  const groomer = await createUser({ role: 'employee', fname: 'Gina', lname: 'Groomer' })
  const bath = await createService({
    service: `Bath ${Math.random()}`,
    priceCents: 2550,
    staff: [groomer],
  })
  const walk = await createService({ service: `Walk ${Math.random()}`, priceCents: 1000 })
  const client = await createUser()
  const pet = await createPet({ owner: client, type: 'dog', name: 'Rex' })
  return { groomer, bath, walk, client, pet, c: await clientFor(client) }
}

function boarding(
  h: { client: { id: number }; pet: { id: number }; bath: { id: number } },
  overrides: Record<string, unknown> = {},
) {
  return {
    client_id: h.client.id,
    pet_id: h.pet.id,
    booking_type: 'boarding_care',
    drop_off_date: '2026-03-10 10:00:00',
    pick_up_date: '2026-03-12 10:00:00',
    services: [h.bath.id],
    ...overrides,
  }
}

describe('booking calls', () => {
  it('creates a booking and answers it with every field of a booking, priced and counted', async () => {
    const h = await hotel()
    const res = await h.c.post('/api/bookings', boarding(h, { services: [h.bath.id, h.walk.id] }))
    expect(res.status).toBe(201)
    const b = res.body.booking
    expect(Object.keys(b).sort()).toEqual(BOOKING_FIELDS)
    expect(b).toEqual({
      id: expect.any(Number),
      client_id: h.client.id,
      pet_id: h.pet.id,
      booking_type: 'boarding_care',
      drop_off_date: '2026-03-10 10:00:00',
      pick_up_date: '2026-03-12 10:00:00',
      services: [
        {
          id: h.bath.id,
          service: h.bath.service,
          price: 25.5,
          staff: [{ id: h.groomer.id, fname: 'Gina', lname: 'Groomer' }],
        },
        { id: h.walk.id, service: h.walk.service, price: 10, staff: [] },
      ],
      daily_price: 55,
      days: 2,
      total: 145.5, // 2 × 55 + 25.50 + 10
      pet: { id: h.pet.id, name: 'Rex', type: 'dog' },
      started: false,
      status: 'booked',
      checked_in_at: null,
      checked_out_at: null,
      cancelled_at: null,
      no_show_at: null,
      vaccinations_missing: [],
      adjustments: [],
    })
  })

  it('reads bookings back through every GET call', async () => {
    const h = await hotel()
    const manager = await createUser({ role: 'manager' })
    const employee = await createUser({ role: 'employee' })
    const { body } = await h.c.post('/api/bookings', boarding(h))
    const booking = body.booking

    const byId = await h.c.get(`/api/bookings/${booking.id}`)
    expect(byId.status).toBe(200)
    expect(byId.body).toEqual(booking)

    const mine = await h.c.get('/api/bookings/user')
    expect(mine.body).toEqual({ bookings: [booking] })

    const forPet = await h.c.get(`/api/bookings/pet/${h.pet.id}`)
    expect(forPet.body).toEqual({ booking })
    const staffView = await (await clientFor(employee)).get(`/api/bookings/pet/${h.pet.id}/`)
    expect(staffView.body).toEqual({ booking })

    const m = await clientFor(manager)
    const all = await m.get('/api/bookings/')
    expect(all.status).toBe(200)
    expect(Object.keys(all.body)).toEqual(['bookings'])
    expect(all.body.bookings).toContainEqual(booking)

    for (const date of ['2026-03-10', '2026-03-11', '2026-03-12']) {
      const onDate = await m.get(`/api/bookings/date/${date}`)
      expect(onDate.status).toBe(200)
      expect(Array.isArray(onDate.body)).toBe(true)
      expect(onDate.body).toContainEqual(booking)
    }
    expect((await m.get('/api/bookings/date/2026-03-09')).body).toEqual([])
    expect((await m.get('/api/bookings/date/2026-03-13')).body).toEqual([])
  })

  it('answers a pet without a current booking with booking null', async () => {
    const h = await hotel()
    const res = await h.c.get(`/api/bookings/pet/${h.pet.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ booking: null })
  })

  it('updates and re-prices at current prices, saying so', async () => {
    const h = await hotel()
    const owner = await createUser({ role: 'owner' })
    const created = (await h.c.post('/api/bookings', boarding(h))).body.booking
    expect(created.total).toBe(135.5) // 2 × 55 + 25.50

    const settings = await getHotelSettings()
    await updateHotelSettings({
      actor: owner,
      input: {
        dog_kennels: settings.dog_kennels,
        cat_condos: settings.cat_condos,
        day_care_places: settings.day_care_places,
        day_care_daily_price: settings.day_care_daily_price_cents,
        boarding_daily_price: 6000,
      },
    })
    const o = await clientFor(owner)
    await o.put(`/api/services/${h.bath.id}`, {
      service: h.bath.service,
      price: 30,
      staff: [h.groomer.id],
    })

    // Unchanged until it is updated.
    expect((await h.c.get(`/api/bookings/${created.id}`)).body.total).toBe(135.5)

    const res = await h.c.put(`/api/bookings/${created.id}`, {
      ...boarding(h, { pick_up_date: '2026-03-13 10:00:00' }),
      id: created.id,
    })
    expect(res.status).toBe(200)
    expect(res.body.repriced).toBe(true)
    expect(res.body.previous_total).toBe(135.5)
    expect(res.body.message).toMatch(/re-priced/)
    expect(res.body.booking).toMatchObject({
      id: created.id,
      pick_up_date: '2026-03-13 10:00:00',
      daily_price: 60,
      days: 3,
      total: 210, // 3 × 60 + 30
      services: [{ id: h.bath.id, price: 30 }],
    })
    expect(Object.keys(res.body.booking).sort()).toEqual(BOOKING_FIELDS)
  })

  it('deletes a booking with a JSON message', async () => {
    const h = await hotel()
    const created = (await h.c.post('/api/bookings', boarding(h))).body.booking
    const res = await h.c.delete(`/api/bookings/${created.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: expect.any(String) })
    expect((await h.c.get(`/api/bookings/${created.id}`)).status).toBe(404)
    expect((await h.c.get(`/api/bookings/pet/${h.pet.id}`)).body).toEqual({ booking: null })
  })

  it('keeps a booking’s lines as booked when a service is renamed, repriced or deleted', async () => {
    const h = await hotel()
    const manager = await createUser({ role: 'manager' })
    const created = (
      await h.c.post('/api/bookings', boarding(h, { services: [h.bath.id, h.walk.id] }))
    ).body.booking
    const m = await clientFor(manager)
    expect(
      (await m.put(`/api/services/${h.walk.id}`, { service: 'Long walk', price: 99, staff: [] }))
        .status,
    ).toBe(200)
    expect((await m.delete(`/api/services/${h.bath.id}`)).status).toBe(200)
    const after = await h.c.get(`/api/bookings/${created.id}`)
    expect(after.body.services).toEqual(created.services)
    expect(after.body.total).toBe(created.total)
  })
})

describe("the staff a booking's services name", () => {
  // Read from the services' cache outside a transaction and from the
  // database inside one (the answer to a write): both as they are now.
  it("are the services' staff as they are now: reassigned, renamed, deactivated", async () => {
    const h = await hotel()
    const owner = await createUser({ role: 'owner' })
    const o = await clientFor(owner)
    const created = (await h.c.post('/api/bookings', boarding(h))).body.booking
    const staffOf = async () =>
      (await h.c.get(`/api/bookings/${created.id}`)).body.services[0].staff
    expect(await staffOf()).toEqual([{ id: h.groomer.id, fname: 'Gina', lname: 'Groomer' }])

    const second = await createUser({ role: 'employee', fname: 'Ada', lname: 'Bather' })
    const put = await o.put(`/api/services/${h.bath.id}`, {
      service: h.bath.service,
      price: 25.5,
      staff: [second.id, h.groomer.id],
    })
    expect(put.status).toBe(200)
    const both = [
      { id: h.groomer.id, fname: 'Gina', lname: 'Groomer' },
      { id: second.id, fname: 'Ada', lname: 'Bather' },
    ].sort((a, b) => a.id - b.id)
    expect(await staffOf()).toEqual(both)

    const renamed = await (
      await clientFor(h.groomer)
    ).put('/api/users/me', {
      fname: 'Regina',
      lname: 'Groomer',
      username: h.groomer.username,
      phone_num: '8025550142',
      address: '1 Kennel Lane',
      city: 'Montpelier',
      state: 'Vermont',
      zip: '05602',
    })
    expect(renamed.status).toBe(200)
    const afterRename = both.map((s) => (s.id === h.groomer.id ? { ...s, fname: 'Regina' } : s))
    expect(await staffOf()).toEqual(afterRename)

    // A deactivated member leaves the offered list but not the stays booked with them.
    expect((await o.put(`/api/users/${second.id}/active`, { active: false })).status).toBe(200)
    expect(await staffOf()).toEqual(afterRename)
    const offered = (await new Client(base).get('/api/services/')).body.services
    expect(offered.find((s: { id: number }) => s.id === h.bath.id).staff).toEqual([
      { id: h.groomer.id, fname: 'Regina', lname: 'Groomer' },
    ])

    // The answer to a write reads them on its transaction.
    const updated = await h.c.put(`/api/bookings/${created.id}`, {
      ...boarding(h, { pick_up_date: '2026-03-13 10:00:00' }),
      id: created.id,
    })
    expect(updated.status).toBe(200)
    expect(updated.body.booking.services[0].staff).toEqual(afterRename)
  })
})

describe('booking rules', () => {
  async function refused(overrides: Record<string, unknown>) {
    const h = await hotel()
    const res = await h.c.post('/api/bookings', boarding(h, overrides))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Create Booking Failed')
    return res.body.errors as Record<string, string>
  }

  it('refuses dates in the past, in hotel time', async () => {
    expect(await refused({ drop_off_date: '2026-03-01 10:00:00' })).toEqual({
      drop_off_date: BOOKING_MESSAGES.past,
    })
    expect(
      await refused({ drop_off_date: '2026-02-27 10:00:00', pick_up_date: '2026-03-01 10:00:00' }),
    ).toEqual({
      drop_off_date: BOOKING_MESSAGES.past,
      pick_up_date: BOOKING_MESSAGES.past,
    })
    // Today at 11:00 has passed at 12:00 in New York (it is already 17:00 UTC, and Auckland is a day ahead).
    expect(await refused({ drop_off_date: '2026-03-02 11:00:00' })).toEqual({
      drop_off_date: BOOKING_MESSAGES.dropOffTimePast,
    })
    expect(await refused({ drop_off_date: '2026-03-02 12:00:00' })).toEqual({
      drop_off_date: BOOKING_MESSAGES.dropOffTimePast,
    })
    const h = await hotel()
    expect(
      (await h.c.post('/api/bookings', boarding(h, { drop_off_date: '2026-03-02 13:00:00' })))
        .status,
    ).toBe(201)
  })

  it('keeps drop-off on the hour 06:00–18:00 and pick-up on the hour 07:00–18:00', async () => {
    for (const t of ['05:00:00', '19:00:00', '10:30:00', '10:00:01'])
      expect(await refused({ drop_off_date: `2026-03-10 ${t}` })).toEqual({
        drop_off_date: BOOKING_MESSAGES.dropOffHours,
      })
    for (const t of ['06:00:00', '19:00:00', '12:15:00'])
      expect(await refused({ pick_up_date: `2026-03-12 ${t}` })).toEqual({
        pick_up_date: BOOKING_MESSAGES.pickUpHours,
      })
    const h = await hotel()
    const edge = await h.c.post(
      '/api/bookings',
      boarding(h, { drop_off_date: '2026-03-10 06:00:00', pick_up_date: '2026-03-12 18:00:00' }),
    )
    expect(edge.status).toBe(201)
    const h2 = await hotel()
    const edge2 = await h2.c.post(
      '/api/bookings',
      boarding(h2, { drop_off_date: '2026-03-10 18:00:00', pick_up_date: '2026-03-12 07:00:00' }),
    )
    expect(edge2.status).toBe(201)
  })

  it('needs a boarding pick-up date after the drop-off date', async () => {
    for (const pick_up_date of ['2026-03-09 10:00:00', '2026-03-10 17:00:00'])
      expect(await refused({ pick_up_date })).toEqual({
        pick_up_date: BOOKING_MESSAGES.boardingOrder,
      })
    expect(BOOKING_MESSAGES.boardingOrder).toBe(
      'Pick-Up Date must be after Drop-Off Date or click the Boarding Care again',
    )
  })

  it('keeps day care on one day, picked up after drop-off', async () => {
    expect(
      await refused({ booking_type: 'day_care', pick_up_date: '2026-03-11 10:00:00' }),
    ).toEqual({
      pick_up_date: BOOKING_MESSAGES.dayCareSameDay,
    })
    for (const pick_up_date of ['2026-03-10 09:00:00', '2026-03-10 10:00:00'])
      expect(await refused({ booking_type: 'day_care', pick_up_date })).toEqual({
        pick_up_date: BOOKING_MESSAGES.dayCareOrder,
      })
    const h = await hotel()
    const ok = await h.c.post(
      '/api/bookings',
      boarding(h, {
        booking_type: 'day_care',
        pick_up_date: '2026-03-10 11:00:00',
        services: [h.walk.id],
      }),
    )
    expect(ok.status).toBe(201)
    expect(ok.body.booking).toMatchObject({ days: 1, daily_price: 35, total: 45 })
  })

  it('opens bookings at most 365 days ahead', async () => {
    expect(
      await refused({ drop_off_date: '2027-03-03 10:00:00', pick_up_date: '2027-03-05 10:00:00' }),
    ).toEqual({
      drop_off_date: BOOKING_MESSAGES.tooFarAhead,
    })
    const h = await hotel()
    const last = await h.c.post(
      '/api/bookings',
      boarding(h, { drop_off_date: '2027-03-02 10:00:00', pick_up_date: '2027-03-04 10:00:00' }),
    )
    expect(last.status).toBe(201)
  })

  it('needs at least one existing, offered service', async () => {
    expect(await refused({ services: [] })).toEqual({ services: BOOKING_MESSAGES.servicesRequired })
    expect(await refused({ services: undefined })).toEqual({
      services: BOOKING_MESSAGES.servicesRequired,
    })
    expect(await refused({ services: [999999] })).toEqual({
      services: 'Service 999999 does not exist',
    })
    expect(await refused({ services: ['x'] })).toHaveProperty('services')
    const h = await hotel()
    const m = await clientFor(await createUser({ role: 'manager' }))
    await m.delete(`/api/services/${h.walk.id}`)
    const res = await h.c.post('/api/bookings', boarding(h, { services: [h.bath.id, h.walk.id] }))
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ services: `Service ${h.walk.id} does not exist` })
  })

  it('names every missing or malformed field', async () => {
    const h = await hotel()
    const res = await h.c.post('/api/bookings', {})
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      client_id: 'client_id is required',
      pet_id: 'pet_id is required',
      booking_type: BOOKING_MESSAGES.typeRequired,
      drop_off_date: BOOKING_MESSAGES.dropOffDateRequired,
      pick_up_date: BOOKING_MESSAGES.pickUpDateRequired,
      services: BOOKING_MESSAGES.servicesRequired,
    })
    const bad = await h.c.post(
      '/api/bookings',
      boarding(h, { booking_type: 'spa', drop_off_date: '2026-02-30 10:00:00', pick_up_date: 12 }),
    )
    expect(bad.body.errors).toEqual({
      booking_type: BOOKING_MESSAGES.typeRequired,
      drop_off_date: BOOKING_MESSAGES.dateTimeShape,
      pick_up_date: BOOKING_MESSAGES.dateTimeShape,
    })
    expect((await h.c.get('/api/bookings/user')).body.bookings).toEqual([])
  })

  it('counts boarding days on the wall clock, across the spring-forward change', async () => {
    const h = await hotel()
    // 10:00 on 7 March to 10:00 on 10 March is 3 days though only 71 real hours pass.
    const res = await h.c.post(
      '/api/bookings',
      boarding(h, { drop_off_date: '2026-03-07 10:00:00', pick_up_date: '2026-03-10 10:00:00' }),
    )
    expect(res.status).toBe(201)
    expect(res.body.booking).toMatchObject({ days: 3, total: 3 * 55 + 25.5 })
    // One hour more is a fourth (rounded-up) day.
    const h2 = await hotel()
    const res2 = await h2.c.post(
      '/api/bookings',
      boarding(h2, { drop_off_date: '2026-03-07 10:00:00', pick_up_date: '2026-03-10 11:00:00' }),
    )
    expect(res2.body.booking).toMatchObject({ days: 4, total: 4 * 55 + 25.5 })
    // Fall back in November: still whole wall-clock days.
    const h3 = await hotel()
    const res3 = await h3.c.post(
      '/api/bookings',
      boarding(h3, { drop_off_date: '2026-10-31 10:00:00', pick_up_date: '2026-11-02 10:00:00' }),
    )
    expect(res3.body.booking).toMatchObject({ days: 2, total: 2 * 55 + 25.5 })
  })

  it('refuses a second current booking and any overlap for one pet with 409', async () => {
    const h = await hotel()
    expect((await h.c.post('/api/bookings', boarding(h))).status).toBe(201)
    const again = await h.c.post(
      '/api/bookings',
      boarding(h, { drop_off_date: '2026-04-10 10:00:00', pick_up_date: '2026-04-12 10:00:00' }),
    )
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(
      'This pet already has a booking that has not been picked up yet',
    )
    const overlap = await h.c.post(
      '/api/bookings',
      boarding(h, { drop_off_date: '2026-03-11 10:00:00', pick_up_date: '2026-03-14 10:00:00' }),
    )
    expect(overlap.status).toBe(409)
    // Once it has been picked up, the pet can be booked again — never overlapping the old stay.
    setNow('2026-03-12T16:00:00Z') // 12:00 on 12 March in New York
    expect(
      (
        await h.c.post(
          '/api/bookings',
          boarding(h, {
            drop_off_date: '2026-03-14 10:00:00',
            pick_up_date: '2026-03-15 10:00:00',
          }),
        )
      ).status,
    ).toBe(201)
    expect((await h.c.get('/api/bookings/user')).body.bookings).toHaveLength(2)
  })

  it('refuses to update or delete a started booking with 409', async () => {
    const h = await hotel()
    const created = (await h.c.post('/api/bookings', boarding(h))).body.booking
    setNow('2026-03-10T14:00:00Z') // 10:00 in New York (EDT since 8 March): the drop-off moment
    const got = await h.c.get(`/api/bookings/${created.id}`)
    expect(got.body.started).toBe(true)
    const put = await h.c.put(`/api/bookings/${created.id}`, { ...boarding(h), id: created.id })
    expect(put.status).toBe(409)
    expect(put.body.message).toBe('Reservation has started, cannot Update & Delete')
    const del = await h.c.delete(`/api/bookings/${created.id}`)
    expect(del.status).toBe(409)
    expect(del.body.message).toBe('Reservation has started, cannot Update & Delete')
    // A minute earlier it had not.
    setNow('2026-03-10T13:59:00Z')
    expect((await h.c.get(`/api/bookings/${created.id}`)).body.started).toBe(false)
    expect((await h.c.get(`/api/bookings/pet/${h.pet.id}`)).body.booking.id).toBe(created.id)
  })

  it('answers an unknown date, id or body with 4xx and changes nothing', async () => {
    const h = await hotel()
    const staff = await clientFor(await createUser({ role: 'employee' }))
    expect((await staff.get('/api/bookings/date/2026-02-30')).status).toBe(400)
    expect((await staff.get('/api/bookings/date/tomorrow')).status).toBe(400)
    expect((await h.c.get('/api/bookings/abc')).status).toBe(404)
    expect((await h.c.get('/api/bookings/99999999')).status).toBe(404)
    expect((await h.c.put('/api/bookings/99999999', boarding(h))).status).toBe(404)
    expect((await h.c.delete('/api/bookings/99999999')).status).toBe(404)
    const created = (await h.c.post('/api/bookings', boarding(h))).body.booking
    expect(
      (await h.c.put(`/api/bookings/${created.id}`, { ...boarding(h), id: created.id + 1 })).status,
    ).toBe(400)
    expect(
      (
        await h.c.put(`/api/bookings/${created.id}`, {
          ...boarding(h),
          pet_id: (await createPet({ owner: h.client })).id,
        })
      ).status,
    ).toBe(400)
    const malformed = await h.c.request('POST', '/api/bookings', {
      body: '{"pet_id":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect((await h.c.post('/api/bookings', boarding(h, { pet_id: 99999999 }))).status).toBe(404)
    expect((await h.c.get(`/api/bookings/${created.id}`)).body).toEqual(created)
  })
})

describe('booking permissions', () => {
  const ROLES = ['anon', 'client', 'other', 'employee', 'manager', 'owner'] as const
  type Who = (typeof ROLES)[number]

  async function cast() {
    await roomFor(1000) // this test books many dogs on the same nights
    const h = await hotel()
    const clients: Record<Who, Client> = { anon: new Client(base), client: h.c } as Record<
      Who,
      Client
    >
    clients.other = await clientFor(await createUser())
    for (const role of ['employee', 'manager', 'owner'] as Role[])
      clients[role as Who] = await clientFor(await createUser({ role }))
    return { h, clients }
  }

  async function freshBooking(h: Awaited<ReturnType<typeof hotel>>) {
    const pet = await createPet({ owner: h.client })
    const res = await h.c.post('/api/bookings', boarding({ ...h, pet }))
    expect(res.status).toBe(201)
    return { pet, booking: res.body.booking }
  }

  const expected: Record<string, Record<Who, number>> = {
    'GET /api/bookings': {
      anon: 401,
      client: 403,
      other: 403,
      employee: 403,
      manager: 200,
      owner: 200,
    },
    'GET /api/bookings?page=1': {
      anon: 401,
      client: 403,
      other: 403,
      employee: 403,
      manager: 200,
      owner: 200,
    },
    'GET /api/bookings/{id}': {
      anon: 401,
      client: 200,
      other: 403,
      employee: 403,
      manager: 200,
      owner: 200,
    },
    'GET /api/bookings/pet/{petId}': {
      anon: 401,
      client: 200,
      other: 403,
      employee: 200,
      manager: 200,
      owner: 200,
    },
    'GET /api/bookings/user': {
      anon: 401,
      client: 200,
      other: 200,
      employee: 200,
      manager: 200,
      owner: 200,
    },
    'GET /api/bookings/date/{date}': {
      anon: 401,
      client: 403,
      other: 403,
      employee: 200,
      manager: 200,
      owner: 200,
    },
    'POST /api/bookings': {
      anon: 401,
      client: 201,
      other: 403,
      employee: 403,
      manager: 201,
      owner: 201,
    },
    'PUT /api/bookings/{id}': {
      anon: 401,
      client: 200,
      other: 403,
      employee: 403,
      manager: 200,
      owner: 200,
    },
    'DELETE /api/bookings/{id}': {
      anon: 401,
      client: 200,
      other: 403,
      employee: 403,
      manager: 200,
      owner: 200,
    },
  }

  it('enforces the matrix for every call and role', async () => {
    const { h, clients } = await cast()
    const { pet, booking } = await freshBooking(h)
    const seen: Record<string, Record<string, number>> = {}
    const note = (call: string, who: Who, status: number) => ((seen[call] ??= {})[who] = status)

    for (const who of ROLES) {
      const c = clients[who]
      note('GET /api/bookings', who, (await c.get('/api/bookings')).status)
      note('GET /api/bookings?page=1', who, (await c.get('/api/bookings?page=1')).status)
      note('GET /api/bookings/{id}', who, (await c.get(`/api/bookings/${booking.id}`)).status)
      note(
        'GET /api/bookings/pet/{petId}',
        who,
        (await c.get(`/api/bookings/pet/${pet.id}`)).status,
      )
      note('GET /api/bookings/user', who, (await c.get('/api/bookings/user')).status)
      note(
        'GET /api/bookings/date/{date}',
        who,
        (await c.get('/api/bookings/date/2026-03-11')).status,
      )

      const newPet = await createPet({ owner: h.client })
      note(
        'POST /api/bookings',
        who,
        (await c.post('/api/bookings', boarding({ ...h, pet: newPet }))).status,
      )

      const target = await freshBooking(h)
      const put = await c.put(`/api/bookings/${target.booking.id}`, {
        ...boarding({ ...h, pet: target.pet }, { pick_up_date: '2026-03-14 10:00:00' }),
        id: target.booking.id,
      })
      note('PUT /api/bookings/{id}', who, put.status)
      const after = (await h.c.get(`/api/bookings/${target.booking.id}`)).body
      if (put.status === 200) expect(after.pick_up_date).toBe('2026-03-14 10:00:00')
      else expect(after).toEqual(target.booking)

      const doomed = await freshBooking(h)
      const del = await c.delete(`/api/bookings/${doomed.booking.id}`)
      note('DELETE /api/bookings/{id}', who, del.status)
      expect((await h.c.get(`/api/bookings/${doomed.booking.id}`)).status).toBe(
        del.status === 200 ? 404 : 200,
      )
    }
    expect(seen).toEqual(expected)
  })

  it('shows each client only their own bookings', async () => {
    const { h, clients } = await cast()
    const { booking } = await freshBooking(h)
    expect((await clients.other.get('/api/bookings/user')).body).toEqual({ bookings: [] })
    expect(
      (await clients.client.get('/api/bookings/user')).body.bookings.map(
        (b: { id: number }) => b.id,
      ),
    ).toEqual([booking.id])
  })

  it('lets a client book only their own pet, as themselves', async () => {
    const { h, clients } = await cast()
    const other = await createUser()
    const otherPet = await createPet({ owner: other })
    const o = await clientFor(other)
    // Someone else's pet, even naming its owner: 403.
    expect(
      (await h.c.post('/api/bookings', boarding({ ...h, pet: otherPet, client: other }))).status,
    ).toBe(403)
    // Own pet but claiming to be someone else: 403.
    expect(
      (await o.post('/api/bookings', boarding({ ...h, pet: otherPet, client: h.client }))).status,
    ).toBe(403)
    // A manager books for a client, but client_id must be the pet's owner.
    const wrongOwner = await clients.manager.post(
      '/api/bookings',
      boarding({ ...h, pet: otherPet, client: h.client }),
    )
    expect(wrongOwner.status).toBe(400)
    expect(wrongOwner.body.errors).toHaveProperty('client_id')
    expect((await o.get('/api/bookings/user')).body.bookings).toEqual([])
  })
})

describe('the day sheet', () => {
  it('shows a booking on every date it covers, in the right list', async () => {
    const h = await hotel()
    const employee = await createUser({ role: 'employee' })
    const cat = await createPet({
      owner: h.client,
      type: 'cat',
      name: 'Mittens',
      dietary_note: 'Wet food only',
      medication_note: '',
    })
    const stay = (
      await h.c.post(
        '/api/bookings',
        boarding(h, { drop_off_date: '2026-06-06 09:00:00', pick_up_date: '2026-06-09 16:00:00' }),
      )
    ).body.booking
    const day = (
      await h.c.post(
        '/api/bookings',
        boarding(
          { ...h, pet: cat },
          {
            booking_type: 'day_care',
            drop_off_date: '2026-06-07 08:00:00',
            pick_up_date: '2026-06-07 17:00:00',
          },
        ),
      )
    ).body.booking

    const listsOf = async (date: string) => {
      const { sheet } = await getDaySheet({ date, actor: employee })
      const where: Record<number, string[]> = {}
      for (const list of ['arrivals', 'departures', 'staying', 'dayCare'] as const)
        for (const e of sheet[list])
          if (e.owner.id === h.client.id) (where[e.booking.id] ??= []).push(list)
      return { sheet, where }
    }
    const expectedFor: Record<string, Record<number, string[]>> = {
      '2026-06-05': {},
      '2026-06-06': { [stay.id]: ['arrivals'] },
      '2026-06-07': { [stay.id]: ['staying'], [day.id]: ['dayCare'] },
      '2026-06-08': { [stay.id]: ['staying'] },
      '2026-06-09': { [stay.id]: ['departures'] },
      '2026-06-10': {},
    }
    for (const [date, want] of Object.entries(expectedFor)) {
      const { where } = await listsOf(date)
      expect(where, date).toEqual(want)
    }
    expect(coveredDates(stay.drop_off_date, stay.pick_up_date)).toEqual([
      '2026-06-06',
      '2026-06-07',
      '2026-06-08',
      '2026-06-09',
    ])

    const { sheet } = await listsOf('2026-06-07')
    expect(sheet.occupancy).toEqual({ dog_kennel: 1, cat_condo: 0, day_care: 1 })
    expect(sheet.capacity).toEqual({ dog_kennel: 20, cat_condo: 10, day_care: 25 })
    const entry = sheet.dayCare[0]
    expect(entry.pet).toMatchObject({
      name: 'Mittens',
      type: 'cat',
      dietary_note: 'Wet food only',
      behavior: 'playful',
    })
    expect(entry.owner).toMatchObject({ id: h.client.id, phone_num: '5551234567' })
    // The sheet says what each stay's services are called (their prices and staff stay on the server).
    expect(entry.booking.services).toEqual([{ service: h.bath.service }])
    // On the departure day the dog no longer holds a kennel for the night.
    expect((await listsOf('2026-06-09')).sheet.occupancy.dog_kennel).toBe(0)
    expect(addDays('2026-06-09', 1)).toBe('2026-06-10')
  })
})
