import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../app/infra/db.server'
import { Client, startServer } from '../support/http'
import { createPet, createService, createUser, loggedIn } from '../support/factories'

let base: string
beforeAll(async () => {
  base = await startServer()
})

/** Every row of the service tables, to prove that a refused call changed nothing. */
async function serviceTables() {
  const db = await getDb()
  return {
    services: await db('services').select('*').orderBy('id'),
    staff: await db('service_staff').select('*').orderBy(['service_id', 'user_id']),
  }
}

describe('GET /api/services', () => {
  it('lists offered services publicly, by name, with exact field names and JSON types', async () => {
    const employee = await createUser({ role: 'employee', fname: 'Emma', lname: 'Groomer' })
    const zeta = await createService({ service: 'Zeta Walk', priceCents: 1999, staff: [employee] })
    const alpha = await createService({ service: 'alpha Bath', priceCents: 4000 })
    const res = await new Client(base).get('/api/services/')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['services'])
    const ours = res.body.services.filter((s: { id: number }) => [zeta.id, alpha.id].includes(s.id))
    expect(ours).toEqual([
      {
        id: alpha.id,
        service: 'alpha Bath',
        price: 40,
        staff: [],
        species: 'both',
        description: '',
      },
      {
        id: zeta.id,
        service: 'Zeta Walk',
        price: 19.99,
        staff: [{ id: employee.id, fname: 'Emma', lname: 'Groomer' }],
        species: 'both',
        description: '',
      },
    ])
    const names = res.body.services.map((s: { service: string }) => s.service.toLowerCase())
    expect(names).toEqual([...names].sort())
    expect(res.body.services[0]).not.toHaveProperty('priceCents')
    // Without the trailing slash too.
    expect((await new Client(base).get('/api/services')).body).toEqual(res.body)
  })

  it('serves one service by id; 404 for unknown, deleted and non-numeric ids', async () => {
    const s = await createService({ service: 'Nail Trim', priceCents: 1250 })
    const c = new Client(base)
    const one = await c.get(`/api/services/${s.id}`)
    expect(one.status).toBe(200)
    expect(one.body).toEqual({
      id: s.id,
      service: 'Nail Trim',
      price: 12.5,
      staff: [],
      species: 'both',
      description: '',
    })
    expect((await c.get('/api/services/999999')).status).toBe(404)
    expect((await c.get('/api/services/abc')).body).toEqual({ message: 'Service not found' })
    expect((await c.get('/api/services/99999999999999999999')).status).toBe(404)
    const { client: m } = await loggedIn('manager')
    expect((await m.delete(`/api/services/${s.id}`)).status).toBe(200)
    expect((await c.get(`/api/services/${s.id}`)).status).toBe(404)
  })
})

describe('POST /api/services', () => {
  it('creates a service with staff for a manager: 201 and the service object', async () => {
    const { client: m } = await loggedIn('manager')
    const e1 = await createUser({ role: 'employee', fname: 'Ana', lname: 'Walker' })
    const owner = await createUser({ role: 'owner', fname: 'Olive', lname: 'Boss' })
    const res = await m.post('/api/services/', {
      service: 'Long Walk',
      price: '12.50',
      staff: [owner.id, e1.id, e1.id],
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.any(Number),
      service: 'Long Walk',
      price: 12.5,
      staff: [
        { id: e1.id, fname: 'Ana', lname: 'Walker' },
        { id: owner.id, fname: 'Olive', lname: 'Boss' },
      ].sort((a, b) => a.id - b.id),
      species: 'both',
      description: '',
    })
    const db = await getDb()
    const row = await db('services').where({ id: res.body.id }).first()
    expect(row.price_cents).toBe(1250)
    expect(row.deleted_at).toBeNull()
  })

  it('takes the price as a JSON number or text, exactly to the cent', async () => {
    const { client: o } = await loggedIn('owner')
    const cases: [unknown, number][] = [
      [12.5, 1250],
      ['0.10', 10],
      [0.29, 29],
      ['1234567.89', 123456789],
      [19.99, 1999],
      [' 7 ', 700],
    ]
    for (const [price, cents] of cases) {
      const res = await o.post('/api/services', { service: `Priced ${cents}`, price })
      expect(res.status).toBe(201)
      expect(res.body.price).toBe(cents / 100)
      const db = await getDb()
      expect((await db('services').where({ id: res.body.id }).first()).price_cents).toBe(cents)
    }
  })

  it('gives the rule messages and changes nothing', async () => {
    const { client: m } = await loggedIn('manager')
    const client = await createUser()
    const employee = await createUser({ role: 'employee' })
    await createService({ service: 'Grooming' })
    const before = await serviceTables()
    const bad: [unknown, number, Record<string, string>][] = [
      [{}, 400, { service: 'Service name is required', price: 'Price is required' }],
      [
        { service: '', price: '' },
        400,
        { service: 'Service name is required', price: 'Price is required' },
      ],
      [
        { service: '   ', price: null },
        400,
        { service: 'Service name is required', price: 'Price is required' },
      ],
      [
        { service: 'x'.repeat(101), price: 5 },
        400,
        { service: 'Service name must be at most 100 characters' },
      ],
      [{ service: 5, price: 5 }, 400, { service: 'Service name must be text' }],
      [
        { service: 'Ok', price: 0 },
        400,
        { price: 'Price must be a positive number with at most 2 decimals' },
      ],
      [
        { service: 'Ok', price: -3 },
        400,
        { price: 'Price must be a positive number with at most 2 decimals' },
      ],
      [
        { service: 'Ok', price: 12.555 },
        400,
        { price: 'Price must be a positive number with at most 2 decimals' },
      ],
      [
        { service: 'Ok', price: 0.1 + 0.2 },
        400,
        { price: 'Price must be a positive number with at most 2 decimals' },
      ],
      [
        { service: 'Ok', price: 'twelve' },
        400,
        { price: 'Price must be a positive number with at most 2 decimals' },
      ],
      [
        { service: 'Ok', price: '1e3' },
        400,
        { price: 'Price must be a positive number with at most 2 decimals' },
      ],
      [
        { service: 'Ok', price: 1e21 },
        400,
        { price: 'Price must be a positive number with at most 2 decimals' },
      ],
      [
        { service: 'Ok', price: 99999999 },
        400,
        { price: 'Price must be a positive number with at most 2 decimals' },
      ],
      [
        { service: 'Ok', price: true },
        400,
        { price: 'Price must be a positive number with at most 2 decimals' },
      ],
      [
        { service: 'Ok', price: 5, staff: 'abc' },
        400,
        { staff: 'Staff must be a list of staff user ids' },
      ],
      [
        { service: 'Ok', price: 5, staff: [{}] },
        400,
        { staff: 'Staff must be a list of staff user ids' },
      ],
      [
        { service: 'Ok', price: 5, staff: { a: 1 } },
        400,
        { staff: 'Staff must be a list of staff user ids' },
      ],
      [
        { service: 'Ok', price: 5, staff: [employee.id, client.id] },
        400,
        { staff: `User ${client.id} is not a staff member` },
      ],
      [
        { service: 'Ok', price: 5, staff: [999999] },
        400,
        { staff: 'User 999999 is not a staff member' },
      ],
      [
        { service: 'Bad\u0000Name', price: 5 },
        400,
        { service: 'Service name cannot contain a null character' },
      ],
      [
        { service: 'GROOMING', price: 5 },
        409,
        { service: 'A service with this name already exists' },
      ],
    ]
    for (const [body, status, errors] of bad) {
      const res = await m.post('/api/services', body)
      expect({ body, status: res.status }).toEqual({ body, status })
      expect(res.body).toEqual({ message: 'Could not create new service', errors })
    }
    const malformed = await m.request('POST', '/api/services', {
      body: '{"service":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect((await m.post('/api/services', [1, 2])).status).toBe(400)
    const huge = await m.request('POST', '/api/services', {
      body: JSON.stringify({ service: 'x'.repeat(1_100_000), price: 5 }),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(huge.status).toBe(413)
    expect(await serviceTables()).toEqual(before)
  })

  it('allows a name again once the service with it was deleted', async () => {
    const { client: m } = await loggedIn('manager')
    const old = await createService({ service: 'Pool Time' })
    expect((await m.delete(`/api/services/${old.id}`)).status).toBe(200)
    const again = await m.post('/api/services', { service: 'pool time', price: 9 })
    expect(again.status).toBe(201)
    expect(again.body.id).not.toBe(old.id)
  })
})

describe('PUT /api/services/{id}', () => {
  it('replaces name, price and staff: the service object', async () => {
    const { client: m } = await loggedIn('manager')
    const e1 = await createUser({ role: 'employee', fname: 'Eve', lname: 'One' })
    const e2 = await createUser({ role: 'employee', fname: 'Ed', lname: 'Two' })
    const s = await createService({ service: 'Playtime', priceCents: 1000, staff: [e1] })
    const res = await m.put(`/api/services/${s.id}/`, {
      id: s.id,
      service: 'Group Playtime',
      price: 15.75,
      staff: [e2.id],
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      id: s.id,
      service: 'Group Playtime',
      price: 15.75,
      staff: [{ id: e2.id, fname: 'Ed', lname: 'Two' }],
      species: 'both',
      description: '',
    })
    // The id in the body is optional; the same name in another case is the same service.
    const res2 = await m.put(`/api/services/${s.id}`, {
      service: 'group playtime',
      price: '16',
      staff: [],
    })
    expect(res2.status).toBe(200)
    expect(res2.body).toEqual({
      id: s.id,
      service: 'group playtime',
      price: 16,
      staff: [],
      species: 'both',
      description: '',
    })
    expect((await new Client(base).get(`/api/services/${s.id}`)).body).toEqual(res2.body)
  })

  it('gives the rule messages and changes nothing', async () => {
    const { client: m } = await loggedIn('owner')
    const client = await createUser()
    const s = await createService({ service: 'Brushing' })
    const other = await createService({ service: 'Teeth Cleaning' })
    const gone = await createService({ service: 'Gone Service' })
    await m.delete(`/api/services/${gone.id}`)
    const before = await serviceTables()
    const msg = 'Could not update service'
    const bad: [string, unknown, number, unknown][] = [
      [
        `/api/services/${s.id}`,
        {},
        400,
        {
          message: msg,
          errors: { service: 'Service name is required', price: 'Price is required' },
        },
      ],
      [
        `/api/services/${s.id}`,
        { service: 'A', price: 1.001 },
        400,
        {
          message: msg,
          errors: { price: 'Price must be a positive number with at most 2 decimals' },
        },
      ],
      [
        `/api/services/${s.id}`,
        { service: 'A', price: 1, staff: [client.id] },
        400,
        { message: msg, errors: { staff: `User ${client.id} is not a staff member` } },
      ],
      [
        `/api/services/${s.id}`,
        { id: other.id, service: 'A', price: 1 },
        400,
        { message: msg, errors: { id: 'The id does not match the URL' } },
      ],
      [
        `/api/services/${s.id}`,
        { id: 'abc', service: 'A', price: 1 },
        400,
        { message: msg, errors: { id: 'The id does not match the URL' } },
      ],
      [
        `/api/services/${s.id}`,
        { service: 'teeth cleaning', price: 1 },
        409,
        { message: msg, errors: { service: 'A service with this name already exists' } },
      ],
      [
        `/api/services/${gone.id}`,
        { service: 'Back', price: 1 },
        404,
        { message: 'Service not found', errors: { service: 'Service not found' } },
      ],
      [
        '/api/services/999999',
        { service: 'A', price: 1 },
        404,
        { message: 'Service not found', errors: { service: 'Service not found' } },
      ],
      ['/api/services/-1', { service: 'A', price: 1 }, 404, { message: 'Service not found' }],
    ]
    for (const [url, body, status, expected] of bad) {
      const res = await m.put(url, body)
      expect({ url, body, status: res.status }).toEqual({ url, body, status })
      expect(res.body).toEqual(expected)
    }
    expect(await serviceTables()).toEqual(before)
  })
})

describe('DELETE /api/services/{id}', () => {
  it('withdraws the service; existing bookings and their price lines stay exactly as they were', async () => {
    const { client: m } = await loggedIn('manager')
    const employee = await createUser({ role: 'employee' })
    const owner = await createUser()
    const pet = await createPet({ owner })
    const s = await createService({ service: 'Spa Day', priceCents: 3000, staff: [employee] })
    const db = await getDb()
    const [booking] = await db('bookings')
      .insert({
        client_id: owner.id,
        pet_id: pet.id,
        booking_type: 'day_care',
        drop_off_at: '2031-05-01 08:00:00',
        pick_up_at: '2031-05-01 17:00:00',
        days: 1,
        daily_price_cents: 3500,
        total_cents: 6500,
      })
      .returning('*')
    await db('booking_services').insert({
      booking_id: booking.id,
      service_id: s.id,
      service_name: 'Spa Day',
      price_cents: 3000,
    })
    const linesBefore = await db('booking_services').where({ booking_id: booking.id })
    // A rename and a price change first: the booking's line is a copy.
    expect(
      (
        await m.put(`/api/services/${s.id}`, {
          service: 'Spa Deluxe',
          price: 45,
          staff: [employee.id],
        })
      ).status,
    ).toBe(200)
    const res = await m.delete(`/api/services/${s.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Service deleted' })
    expect(await db('booking_services').where({ booking_id: booking.id })).toEqual(linesBefore)
    expect(await db('bookings').where({ id: booking.id }).first()).toEqual(booking)
    const row = await db('services').where({ id: s.id }).first()
    expect(row.deleted_at).not.toBeNull()
    const list = await new Client(base).get('/api/services')
    expect(list.body.services.map((x: { id: number }) => x.id)).not.toContain(s.id)
    // A second delete finds nothing to delete.
    expect((await m.delete(`/api/services/${s.id}`)).status).toBe(404)
    expect((await m.delete('/api/services/0')).status).toBe(404)
  })
})

describe('permissions', () => {
  const roles = ['anonymous', 'client', 'employee', 'manager', 'owner'] as const
  const expectedWrite: Record<(typeof roles)[number], number> = {
    anonymous: 401,
    client: 403,
    employee: 403,
    manager: 0,
    owner: 0,
  }

  it('lets everyone read, and only the Owner and Managers write; refusals change nothing', async () => {
    const e = await createUser({ role: 'employee' })
    const clients = [await loggedIn('client'), await loggedIn('client')] // a client and another client
    for (const role of roles) {
      const actors = role === 'client' ? clients : [await loggedIn(role)]
      for (const { client: c } of actors) {
        const s = await createService({ staff: [e] })
        expect((await c.get('/api/services')).status).toBe(200)
        expect((await c.get(`/api/services/${s.id}`)).status).toBe(200)
        const before = await serviceTables()
        const name = `By ${role} ${s.id}`
        const created = await c.post('/api/services', { service: name, price: 10, staff: [e.id] })
        const updated = await c.put(`/api/services/${s.id}`, {
          id: s.id,
          service: `${name} upd`,
          price: 11,
          staff: [],
        })
        const deleted = await c.delete(`/api/services/${s.id}`)
        if (expectedWrite[role]) {
          for (const res of [created, updated, deleted]) {
            expect({ role, status: res.status }).toEqual({ role, status: expectedWrite[role] })
            expect(typeof res.body.message).toBe('string')
          }
          expect(await serviceTables()).toEqual(before)
        } else {
          expect([created.status, updated.status, deleted.status]).toEqual([201, 200, 200])
        }
      }
    }
  })
})

describe('the /services page', () => {
  /** A form from [name, value] pairs (a name may repeat: the staff boxes). */
  const form = (fields: [string, string][]) => {
    const f = new FormData()
    for (const [k, v] of fields) f.append(k, v)
    return f
  }

  it('creates, updates and deletes through the page form for a manager', async () => {
    const { client: m } = await loggedIn('manager')
    const e1 = await createUser({ role: 'employee' })
    const e2 = await createUser({ role: 'employee' })
    const created = await m.postForm(
      '/services',
      form([
        ['intent', 'create'],
        ['service', 'Page Made'],
        ['price', '19.99'],
        ['staff', String(e1.id)],
        ['staff', String(e2.id)],
      ]),
    )
    expect(created.status).toBe(302)
    const id = Number(/created=(\d+)/.exec(created.headers.get('location') ?? '')?.[1])
    expect((await m.get(`/api/services/${id}`)).body).toEqual({
      id,
      service: 'Page Made',
      price: 19.99,
      staff: expect.arrayContaining([
        expect.objectContaining({ id: e1.id }),
        expect.objectContaining({ id: e2.id }),
      ]),
      species: 'both',
      description: '',
    })
    const invalid = await m.postForm(
      '/services',
      form([
        ['intent', 'update'],
        ['id', String(id)],
        ['service', 'Page Made'],
        ['price', '1.234'],
      ]),
    )
    expect(invalid.status).toBe(400)
    expect(invalid.body).toContain('Price must be a positive number with at most 2 decimals')
    const updated = await m.postForm(
      '/services',
      form([
        ['intent', 'update'],
        ['id', String(id)],
        ['service', 'Page Made'],
        ['price', '20'],
        ['staff', String(e2.id)],
      ]),
    )
    expect(updated.status).toBe(302)
    expect((await m.get(`/api/services/${id}`)).body).toMatchObject({
      price: 20,
      staff: [{ id: e2.id }],
    })
    expect(
      (
        await m.postForm(
          '/services',
          form([
            ['intent', 'delete'],
            ['id', String(id)],
          ]),
        )
      ).status,
    ).toBe(302)
    expect((await m.get(`/api/services/${id}`)).status).toBe(404)
  })

  it('refuses the page form to everyone else with 403 and changes nothing', async () => {
    const s = await createService()
    const before = await serviceTables()
    for (const role of ['anonymous', 'client', 'employee'] as const) {
      const { client: c } = await loggedIn(role)
      for (const fields of [
        [
          ['intent', 'create'],
          ['service', 'Sneaky'],
          ['price', '1'],
        ],
        [
          ['intent', 'update'],
          ['id', String(s.id)],
          ['service', 'Sneaky'],
          ['price', '1'],
        ],
        [
          ['intent', 'delete'],
          ['id', String(s.id)],
        ],
      ] as [string, string][][]) {
        expect((await c.postForm('/services', form(fields))).status).toBe(403)
      }
    }
    expect(await serviceTables()).toEqual(before)
    const page = await new Client(base).get('/services')
    expect(page.status).toBe(200)
    expect(page.body).toContain(s.service)
    expect(page.body).not.toContain('Create a Service')
  })
})
