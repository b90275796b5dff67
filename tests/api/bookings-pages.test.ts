import { beforeAll, describe, expect, it } from 'vitest'
import { Client, startServer, clientFor, reconnect } from '../support/http'
import { formOf } from '../support/forms'
import { explain } from '../support/plans'
import { statementsDuring } from '../support/statements'
import {
  addPastGuests,
  bookedStay,
  createPet,
  createService,
  createUser,
} from '../support/factories'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { listBookingsPage } from '../../app/models/booking/queries.server'

// The booking pages rendered by the server (no JavaScript needed): who may see
// them, the started state, the settings form, and Manage Bookings and the day
// sheet reading about their page, not the table, with 150,000 bookings (their
// query plans are checked: a timing would say more about the machine).

const NOW = '2026-03-02T17:00:00Z' // 12:00 in New York

let base: string
beforeAll(async () => {
  base = await startServer()
})

const form = formOf

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

describe('who sees the booking pages', () => {
  it('keeps staff and manager pages from clients and the logged out', async () => {
    setNow(NOW)
    const client = await clientFor(await createUser())
    const employee = await clientFor(await createUser({ role: 'employee' }))
    const manager = await clientFor(await createUser({ role: 'manager' }))
    const anon = new Client(base)
    for (const path of ['/bookings', '/bookingsByDate', '/settings']) {
      expect((await anon.get(path)).status, path).toBe(302)
      const res = await client.get(path)
      expect(res.status, path).toBe(403)
      expect(text(res.body)).toContain('Unauthorized')
    }
    expect((await employee.get('/bookingsByDate')).status).toBe(200)
    expect((await employee.get('/bookings')).status).toBe(403)
    expect((await employee.get('/settings')).status).toBe(403)
    for (const path of [
      '/bookings',
      '/bookings?view=past&page=2',
      '/bookingsByDate?date=2026-03-10',
      '/settings',
    ])
      expect((await manager.get(path)).status, path).toBe(200)
  })

  it('shows a pet’s booking page to its owner and staff, Unauthorized to other clients', async () => {
    setNow(NOW)
    const owner = await createUser()
    const pet = await createPet({ owner, name: 'Pip' })
    const other = await clientFor(await createUser())
    const employee = await clientFor(await createUser({ role: 'employee' }))
    expect((await (await clientFor(owner)).get(`/bookings/pet/${pet.id}`)).status).toBe(200)
    expect((await employee.get(`/bookings/pet/${pet.id}`)).status).toBe(200)
    expect((await other.get(`/bookings/pet/${pet.id}`)).status).toBe(403)
    expect((await other.get('/bookings/pet/99999999')).status).toBe(404)
    expect(text((await other.get('/bookings/pet/99999999')).body)).toContain('Pet not found')
  })
})

describe('the pet booking page without JavaScript', () => {
  it('books, prices a quote, and shows a started booking as locked', async () => {
    setNow(NOW)
    const owner = await createUser()
    const pet = await createPet({ owner, name: 'Pip' })
    const bath = await createService({ service: `Bath ${Math.random()}`, priceCents: 2550 })
    const c = await clientFor(owner)
    const fields = {
      booking_type: 'boarding_care',
      drop_off_date: '2026-03-10',
      drop_off_time: '10:00',
      pick_up_date: '2026-03-12',
      pick_up_time: '10:00',
      services: [String(bath.id)],
    }
    // "Show total": priced by the server, nothing booked.
    const quote = await c.postForm(`/bookings/pet/${pet.id}`, form({ ...fields, intent: 'quote' }))
    expect(quote.status).toBe(200)
    expect(text(quote.body)).toContain('Total cost: $135.50')
    expect(text(quote.body)).toContain('Boarding Care: 2 days × $55.00')
    expect((await c.get(`/api/bookings/pet/${pet.id}`)).body.booking).toBeNull()

    // A rule's message under its field, from the same schema as the API.
    const bad = await c.postForm(
      `/bookings/pet/${pet.id}`,
      form({ ...fields, pick_up_date: '2026-03-09', intent: 'create' }),
    )
    expect(bad.status).toBe(400)
    expect(text(bad.body)).toContain(
      'Pick-Up Date must be after Drop-Off Date or click the Boarding Care again',
    )

    // Day care may leave its pick-up date empty: it is the drop-off date.
    const pet2 = await createPet({ owner, name: 'Dot' })
    const dayCare = await c.postForm(
      `/bookings/pet/${pet2.id}`,
      form({
        ...fields,
        booking_type: 'day_care',
        pick_up_date: '',
        pick_up_time: '17:00',
        intent: 'create',
      }),
    )
    expect(dayCare.status).toBe(302)
    expect((await c.get(`/api/bookings/pet/${pet2.id}`)).body.booking).toMatchObject({
      drop_off_date: '2026-03-10 10:00:00',
      pick_up_date: '2026-03-10 17:00:00',
      days: 1,
    })

    const made = await c.postForm(`/bookings/pet/${pet.id}`, form({ ...fields, intent: 'create' }))
    expect(made.status).toBe(302)
    expect(made.headers.get('location')).toBe(`/bookings/pet/${pet.id}?saved=created`)
    const page = text((await c.get(`/bookings/pet/${pet.id}?saved=created`)).body)
    expect(page).toContain('Your reservation is booked.')
    expect(page).toContain('Total cost: $135.50')
    expect(page).not.toContain('Reservation has started')

    // Once the drop-off moment is reached: the message, Update and Delete disabled, and the server refuses.
    setNow('2026-03-10T14:00:00Z')
    const started = (await c.get(`/bookings/pet/${pet.id}`)).body as string
    expect(text(started)).toContain(
      'Reservation has started, cannot Update &amp; Delete'.replace('&amp;', '&'),
    )
    expect(started).toMatch(/<button[^>]*disabled[^>]*>Update<\/button>/)
    expect(started).toMatch(
      /<button[^>]*disabled[^>]*>(<svg[\s\S]*?<\/svg>)?Cancel booking<\/button>/,
    )
    // Their own pet: no "owner" line with their own name.
    expect(started).not.toMatch(/· owner /)
    const id = (await c.get(`/api/bookings/pet/${pet.id}`)).body.booking.id
    const del = await c.postForm(
      `/bookings/pet/${pet.id}`,
      form({ intent: 'delete', booking_id: String(id) }),
    )
    expect(del.status).toBe(409)
    expect(text(del.body)).toContain('Reservation has started, cannot Update & Delete')
    expect((await c.get(`/api/bookings/${id}`)).status).toBe(200)
  })

  it('cancels a booking only from the page of its own pet', async () => {
    setNow(NOW)
    const owner = await createUser()
    const manager = await createUser({ role: 'manager' })
    const [pip, dot] = [await createPet({ owner }), await createPet({ owner })]
    const bath = await createService()
    const c = await clientFor(owner)
    const made = await c.post('/api/bookings', {
      client_id: owner.id,
      pet_id: pip.id,
      booking_type: 'day_care',
      drop_off_date: '2026-03-10 09:00:00',
      pick_up_date: '2026-03-10 17:00:00',
      services: [bath.id],
    })
    expect(made.status).toBe(201)
    const id = String(made.body.booking.id)
    for (const who of [c, await clientFor(manager)]) {
      const res = await who.postForm(
        `/bookings/pet/${dot.id}`,
        form({ intent: 'delete', booking_id: id }),
      )
      expect(res.status).toBe(404)
    }
    expect((await c.get(`/api/bookings/${id}`)).status).toBe(200)
  })
})

describe('settings', () => {
  it('lets a manager change capacity and prices, with the schema’s messages', async () => {
    setNow(NOW)
    const manager = await clientFor(await createUser({ role: 'manager' }))
    const good = {
      dog_kennels: '12',
      cat_condos: '6',
      day_care_places: '30',
      day_care_daily_price: '40',
      boarding_daily_price: '62.50',
      required_vaccines_dog: ' Rabies,DHPP ,, ',
      required_vaccines_cat: 'Rabies, FVRCP, FeLV',
      vaccinations_required_to_book: 'on',
    }
    const bad = await manager.postForm(
      '/settings',
      form({ ...good, dog_kennels: '-1', boarding_daily_price: 'lots' }),
    )
    expect(bad.status).toBe(400)
    expect(text(bad.body)).toContain('Dog kennels cannot be negative')
    expect(text(bad.body)).toContain('Boarding daily price must be a price like 55.00')
    const saved = await manager.postForm('/settings', form(good))
    expect(saved.status).toBe(302)
    const db = await getDb()
    expect(await db('hotel_settings').where({ id: 1 }).first()).toMatchObject({
      dog_kennels: 12,
      cat_condos: 6,
      day_care_places: 30,
      day_care_daily_price_cents: 4000,
      boarding_daily_price_cents: 6250,
      required_vaccines_dog: ['Rabies', 'DHPP'],
      required_vaccines_cat: ['Rabies', 'FVRCP', 'FeLV'],
      vaccinations_required_to_book: true,
    })
    const client = await clientFor(await createUser())
    expect((await client.postForm('/settings', form(good))).status).toBe(403)
  })
})

describe('Manage Bookings with 150,000 bookings', () => {
  it('reads each page through indexes, never the whole table', async () => {
    setNow(NOW)
    const owner = await createUser()
    const managerUser = await createUser({ role: 'manager' })
    const manager = await clientFor(managerUser)
    // A hundred pets take turns: a pet's own stays never overlap (the database refuses that).
    const pets: number[] = []
    for (let i = 0; i < 100; i++)
      pets.push((await createPet({ owner, name: `Marathon ${i}`, vaccinated: false })).id)
    const service = await createService({ priceCents: 1000 })
    const db = await getDb()
    // One two-day stay every 30 minutes from 2018 on (each pet's every 50 hours): mostly
    // past, some thousands upcoming, about a hundred under way.
    await db.raw(
      `INSERT INTO bookings (client_id, pet_id, booking_type, drop_off_at, pick_up_at, days, daily_price_cents, total_cents)
       SELECT ?, (?::int[])[1 + g % 100], 'boarding_care', ts, ts + interval '2 days', 2, 5500, 12000
       FROM (SELECT g, timestamp '2018-01-01 10:00:00' + g * interval '30 minutes' AS ts FROM generate_series(1, 150000) AS g) AS s`,
      [owner.id, `{${pets.join(',')}}`],
    )
    await db.raw(
      `INSERT INTO booking_services (booking_id, service_id, service_name, price_cents) SELECT id, ?, 'Walk', 1000 FROM bookings`,
      [service.id],
    )
    // And 3,000 more clients with a pet each, each pet with 17 stays years
    // before, long over (checked out): a hotel's mix of clients, pets and
    // statuses, which the planner's estimates come from.
    await addPastGuests(db, {
      clients: 3000,
      modelPetId: pets[0],
      from: '2010-01-01 10:00:00',
      every: '30 minutes',
    })
    await db.raw('ANALYZE users')
    await db.raw('ANALYZE bookings')
    await db.raw('ANALYZE pets')
    await db.raw('ANALYZE booking_services')
    await reconnect(base)

    const { queries } = await statementsDuring(async () => {
      for (const path of [
        '/bookings',
        '/bookings?page=3',
        '/bookings?view=past',
        '/bookings?view=past&page=40',
      ]) {
        const res = await manager.get(path)
        expect(res.status, path).toBe(200)
        expect(text(res.body)).toContain('Marathon')
      }
    })

    const bookingReads = queries.filter(
      (q) => /from "bookings"|from "booking_services"/i.test(q.sql) && /^select/i.test(q.sql),
    )
    expect(bookingReads.length).toBeGreaterThanOrEqual(8)
    // Prepared (on PostgreSQL, read on the pipeline with the key lookups):
    // tonight's guests, and a page of the rest while it passes at most 200
    // rows first; page 40 of the past passes 1,950 and is not.
    const preparedOf = (re: RegExp) =>
      bookingReads.filter((q) => re.test(q.sql)).map((q) => !!q.options?.prepared)
    expect(preparedOf(/tsrange/)).toEqual([true, true])
    // (Page 1 is all guests under way; page 3 goes on to future drop-offs.)
    expect(preparedOf(/"b"\."drop_off_at" > \$\d+ order by/)).toEqual([true])
    expect(preparedOf(/order by "b"\."drop_off_at" desc/)).toEqual([true, false])
    // The stays under way (the top of the upcoming list, on every page of it)
    // are found through the stay-range index, their pets and clients by key.
    const underWay = bookingReads.filter((q) => /tsrange/.test(q.sql))
    expect(underWay.length).toBeGreaterThanOrEqual(2)
    for (const q of bookingReads) {
      const { plan, removed, read } = await explain(q)
      expect(plan, q.sql).not.toMatch(/Seq Scan on (bookings|booking_services)/)
      if (underWay.includes(q)) {
        expect(plan, q.sql).toMatch(/bookings_stay_range/)
        expect(plan, q.sql).not.toMatch(/Seq Scan on (pets|users)/)
        expect(read, `${q.sql}\n${plan}`).toBeLessThan(1000)
      }
      // Work done is about the page, not the table: an index scan that filters away most of the
      // 150,000 rows (say, every past booking on the way to the upcoming ones) would show here.
      expect(removed, `${q.sql}\n${plan}`).toBeLessThan(10_000)
    }

    // The JSON pages, a client's own bookings (one stay among the 150,000) and
    // a booking by id read through indexes too; the last is a prepared
    // statement (a key lookup), so its generic plan is the one checked.
    const stay = await bookedStay({ dropOff: '2026-09-10 09:00:00', pickUp: '2026-09-12 09:00:00' })
    const { queries: jsonQueries } = await statementsDuring(async () => {
      for (const page of [1, 40]) {
        const res = await manager.get(`/api/bookings?page=${page}`)
        expect(res.status).toBe(200)
        expect(res.body.bookings).toHaveLength(50)
      }
      const own = await stay.c.get('/api/bookings/user')
      expect(own.body.bookings.map((b: { id: number }) => b.id)).toEqual([stay.id])
      expect((await stay.c.get('/my-bookings')).status).toBe(200)
      expect((await stay.c.get(`/api/bookings/${stay.id}`)).body.id).toBe(stay.id)
    })
    const jsonReads = jsonQueries.filter((q) => /^select .* from "bookings"/i.test(q.sql))
    expect(jsonReads.length).toBeGreaterThanOrEqual(6)
    const byId = jsonReads.filter((q) =>
      /where b\.status <> 'cancelled' and "b"\."id" = \$1/.test(q.sql),
    )
    expect(byId.map((q) => q.options?.prepared)).toEqual([true])
    // A first page is a prepared statement (the read pipeline's, with the key
    // lookups); page 40 passes 1,950 bookings first and stays off it.
    const pages = jsonReads.filter((q) =>
      /order by "b"\."id" asc limit \$\d+ offset \$\d+$/.test(q.sql),
    )
    expect(pages.map((q) => !!q.options?.prepared)).toEqual([true, false])
    // A client's own bookings (/api/bookings/user, and /my-bookings' current and past) are prepared too.
    const own = jsonReads.filter((q) => /"b"\."client_id" = \$\d+/.test(q.sql))
    expect(own.map((q) => !!q.options?.prepared)).toEqual([true, true, true])
    for (const q of jsonReads) {
      const { plan, removed } = await explain(q)
      expect(plan, q.sql).not.toMatch(/Seq Scan on bookings/)
      expect(removed, `${q.sql}\n${plan}`).toBeLessThan(10_000)
    }

    // Pages follow each other without gap or repeat: stays under way first, then future ones, soonest first.
    const expectedUpcoming = (
      await db('bookings')
        .select('id')
        .where('pick_up_at', '>', '2026-03-02 12:00:00')
        .orderBy(['drop_off_at', 'id'])
        .limit(150)
    ).map((r) => r.id)
    const upcomingPages = []
    for (const page of [1, 2, 3])
      upcomingPages.push(
        ...(await listBookingsPage({ actor: managerUser, when: 'upcoming', page })).bookings.map(
          (b) => b.id,
        ),
      )
    expect(upcomingPages).toEqual(expectedUpcoming)
    const expectedPast = (
      await db('bookings')
        .select('id')
        .where('pick_up_at', '<=', '2026-03-02 12:00:00')
        .orderBy([
          { column: 'drop_off_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .offset(50)
        .limit(50)
    ).map((r) => r.id)
    expect(
      (await listBookingsPage({ actor: managerUser, when: 'past', page: 2 })).bookings.map(
        (b) => b.id,
      ),
    ).toEqual(expectedPast)

    // The day sheet and its JSON find the stays covering a date through the
    // stay-range index: the rows read are about the day (about 150 stays in),
    // not every later pick-up or a year of drop-offs.
    let dayJson: { id: number }[] = []
    const { queries: dayQueries } = await statementsDuring(async () => {
      expect((await manager.get('/bookingsByDate?date=2026-03-02')).status).toBe(200)
      const res = await manager.get('/api/bookings/date/2026-03-02')
      expect(res.status).toBe(200)
      dayJson = res.body
    })
    const expectedDay = (
      await db('bookings')
        .select('id')
        .where('drop_off_at', '<', '2026-03-03 00:00:00')
        .where('pick_up_at', '>=', '2026-03-02 00:00:00')
        .orderBy(['drop_off_at', 'id'])
    ).map((r) => r.id)
    expect(expectedDay.length).toBeGreaterThan(100)
    expect(dayJson.map((b) => b.id)).toEqual(expectedDay)
    const dayReads = dayQueries.filter(
      (q) => /from "bookings"/i.test(q.sql) && /^select/i.test(q.sql),
    )
    expect(dayReads.length).toBeGreaterThanOrEqual(2)
    // The day's stays, for the sheet and for the JSON, are read by prepared
    // statements (planned once per connection, not per request), so it is
    // their generic plan that must read the day through the index.
    const dayLists = dayReads.filter((q) => /order by "b"\."drop_off_at"/.test(q.sql))
    expect(dayLists.map((q) => !!q.options?.prepared)).toEqual([true, true])
    for (const q of dayReads) {
      const { plan, removed, read } = await explain(q)
      if (dayLists.includes(q)) {
        expect(plan, q.sql).toMatch(/bookings_stay_range/)
        // Each stay's pet and client by key, not a pass over every pet or client of the hotel.
        expect(plan, q.sql).not.toMatch(/Seq Scan on (pets|users)/)
        expect(read, `${q.sql}\n${plan}`).toBeLessThan(1000)
      }
      expect(removed, `${q.sql}\n${plan}`).toBeLessThan(1000)
    }
  }, 120_000)
})
