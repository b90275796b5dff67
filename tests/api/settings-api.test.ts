import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../app/infra/db.server'
import { loggedIn } from '../support/factories'
import { startServer } from '../support/http'

// GET and PUT /api/settings: the hotel's capacity and daily prices for API
// clients, the Owner's and Managers' only; a PUT may carry only the fields it
// changes. The row is put back afterwards (other suites book against it).

let saved: Record<string, unknown>
beforeAll(async () => {
  await startServer()
  const db = await getDb()
  saved = await db('hotel_settings').where({ id: 1 }).first()
})
afterAll(async () => {
  const db = await getDb()
  await db('hotel_settings').where({ id: 1 }).update(saved)
})

describe('GET /api/settings', () => {
  it('answers the Owner and Managers with counts and dollar prices', async () => {
    const db = await getDb()
    const row = await db('hotel_settings').where({ id: 1 }).first()
    for (const role of ['manager', 'owner'] as const) {
      const { client } = await loggedIn(role)
      const res = await client.get('/api/settings')
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        dog_kennels: row.dog_kennels,
        cat_condos: row.cat_condos,
        day_care_places: row.day_care_places,
        day_care_daily_price: row.day_care_daily_price_cents / 100,
        boarding_daily_price: row.boarding_daily_price_cents / 100,
        required_vaccines_dog: ['Rabies', 'DHPP', 'Bordetella'],
        required_vaccines_cat: ['Rabies', 'FVRCP'],
        vaccinations_required_to_book: false,
      })
    }
  })

  it('refuses a visitor (401), a client and an employee (403), reading and writing', async () => {
    for (const role of ['anonymous', 'client', 'employee'] as const) {
      const { client } = await loggedIn(role)
      const expected = role === 'anonymous' ? 401 : 403
      expect((await client.get('/api/settings')).status, role).toBe(expected)
      expect((await client.put('/api/settings', { dog_kennels: 1 })).status, role).toBe(expected)
    }
  })
})

describe('PUT /api/settings', () => {
  it('changes only the fields it carries, and the page shows them', async () => {
    const { client } = await loggedIn('manager')
    const before = (await client.get('/api/settings')).body
    const res = await client.put('/api/settings', { cat_condos: 7, boarding_daily_price: '61.50' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ...before, cat_condos: 7, boarding_daily_price: 61.5 })
    expect((await client.get('/api/settings')).body).toEqual(res.body)
    const page = (await client.get('/settings')).body as string
    expect(page).toContain('value="61.50"')
    // A body that names no setting (a misspelt field, say) is refused, not ignored.
    for (const body of [{}, { dog_kenels: 3 }]) {
      const refused = await client.put('/api/settings', body)
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({
        message: 'Settings were not saved',
        errors: {
          form: 'Send at least one of dog_kennels, cat_condos, day_care_places, day_care_daily_price, boarding_daily_price, required_vaccines_dog, required_vaccines_cat, vaccinations_required_to_book',
        },
      })
    }
    expect((await client.get('/api/settings')).body).toEqual(res.body)
  })

  it('takes the required vaccines as lists and the booking rule as a boolean', async () => {
    const { client } = await loggedIn('owner')
    const res = await client.put('/api/settings', {
      required_vaccines_cat: [' Rabies ', 'FeLV'],
      vaccinations_required_to_book: true,
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      required_vaccines_dog: ['Rabies', 'DHPP', 'Bordetella'],
      required_vaccines_cat: ['Rabies', 'FeLV'],
      vaccinations_required_to_book: true,
    })
    const before = res.body
    for (const [body, field, message] of [
      [{ required_vaccines_dog: 'Rabies' }, 'required_vaccines_dog', null],
      [
        { required_vaccines_dog: [1] },
        'required_vaccines_dog',
        'Vaccines for dogs must be vaccine names',
      ],
      [
        { required_vaccines_dog: ['Rabies', 'rabies'] },
        'required_vaccines_dog',
        'Vaccines for dogs: a vaccine is listed twice',
      ],
      [
        { required_vaccines_cat: ['x'.repeat(61)] },
        'required_vaccines_cat',
        'Vaccines for cats: a vaccine name is at most 60 characters',
      ],
      [
        { required_vaccines_cat: Array.from({ length: 11 }, (_, i) => `V${i}`) },
        'required_vaccines_cat',
        'Vaccines for cats: at most 10 vaccines',
      ],
      [
        { vaccinations_required_to_book: 'yes' },
        'vaccinations_required_to_book',
        'vaccinations_required_to_book must be true or false',
      ],
    ] as const) {
      const refused = await client.put('/api/settings', body)
      if (message === null) {
        // A comma line is what the page sends; JSON may send it too.
        expect(refused.status).toBe(200)
        continue
      }
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body.errors[field]).toBe(message)
    }
    const after = (await client.get('/api/settings')).body
    expect(after).toEqual({ ...before, required_vaccines_dog: ['Rabies'] })
  })

  it('refuses bad values with the page’s messages and changes nothing', async () => {
    const { client } = await loggedIn('owner')
    const before = (await client.get('/api/settings')).body
    const res = await client.put('/api/settings', {
      dog_kennels: -1,
      day_care_daily_price: 'free',
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      message: 'Settings were not saved',
      errors: {
        dog_kennels: 'Dog kennels cannot be negative',
        day_care_daily_price: 'Day care daily price must be a price like 55.00',
      },
    })
    expect((await client.put('/api/settings', 'not an object')).status).toBe(400)
    expect((await client.get('/api/settings')).body).toEqual(before)
    const post = await client.post('/api/settings', { dog_kennels: 3 })
    expect(post.status).toBe(405)
    expect(post.headers.get('Allow')).toBe('GET, PUT')
  })
})
