import { beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { DEMO_PASSWORD, demoEmail } from '../../app/models/demo-seed.server'
import { createPet, createService, createUser } from '../support/factories'
import { Client, startServer } from '../support/http'
import { image, petForm } from '../support/forms'

// Bodies of the wrong type or shape, one by one: a page takes a form
// (urlencoded or multipart) and answers anything else with 415, a form that
// does not parse with 400; a JSON call takes JSON (415 otherwise) and an id in
// a body must be an id. Each refusal changes nothing, and the right bodies
// still work.

// The hotel's clock: 2026-03-02 10:00 in New York.
const NOW = '2026-03-02T15:00:00.000Z'

let base: string
beforeAll(async () => {
  base = await startServer()
  // The demo client, so that a demo login that parsed would work.
  await createUser({ username: 'demo-client', email: demoEmail('client'), password: DEMO_PASSWORD })
})

// knex's bookkeeping, and the counts of attempts that rate limits keep, are not data.
const NOT_DATA = ['knex_migrations', 'knex_migrations_lock', 'rate_limits', 'login_rate_limits']

/** Every row of every table (but NOT_DATA), to compare before and after a refused post. */
async function rows() {
  const db = await getDb()
  const res = await db.raw(
    `select tablename from pg_tables where schemaname = current_schema() order by tablename`,
  )
  const tables = ((res.rows ?? res) as { tablename: string }[])
    .map((r) => r.tablename)
    .filter((t) => !NOT_DATA.includes(t))
  const out: Record<string, string[]> = {}
  for (const table of tables)
    out[table] = (await db(table).select()).map((row) => JSON.stringify(row)).sort()
  return out
}

async function loggedIn(role: 'client' | 'manager' = 'client') {
  const user = await createUser({ role })
  const c = new Client(base)
  await c.login(user.email)
  return { user, c }
}

/** POST raw bytes with exactly this Content-Type (none when undefined). */
function postRaw(c: Client, url: string, body: string, type: string | undefined) {
  return c.request('POST', url, { body, headers: type ? { 'Content-Type': type } : {} })
}

const BROKEN_MULTIPART: [string, (fields: Record<string, string>) => string][] = [
  // A boundary that never appears in the body.
  ['multipart/form-data; boundary=zzz', () => 'this is not multipart at all'],
  // No boundary at all.
  ['multipart/form-data', (fields) => multipart('zzz', fields)],
  // An empty boundary.
  ['multipart/form-data; boundary=', (fields) => multipart('zzz', fields)],
  // The right boundary, but the body stops in the middle of a part.
  [
    'multipart/form-data; boundary=zzz',
    (fields) =>
      multipart('zzz', fields)
        .replace(/--zzz--\r\n$/, '')
        .slice(0, -10),
  ],
]

function multipart(boundary: string, fields: Record<string, string>) {
  let out = ''
  for (const [name, value] of Object.entries(fields))
    out += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  return `${out}--${boundary}--\r\n`
}

describe('page forms take forms', () => {
  it('POST /login with text/plain is 415, and logs nobody in', async () => {
    const { user } = await loggedIn()
    const c = new Client(base)
    const before = await rows()
    const res = await postRaw(
      c,
      '/login',
      `email=${encodeURIComponent(user.email)}&password=${user.password}`,
      'text/plain',
    )
    expect(res.status).toBe(415)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await rows()).toEqual(before)
    // The same fields as a form log in.
    const form = await postRaw(
      c,
      '/login',
      `email=${encodeURIComponent(user.email)}&password=${user.password}`,
      'application/x-www-form-urlencoded',
    )
    expect(form.status).toBe(302)
  })

  it('POST /signup with a JSON body is 415, and makes no account', async () => {
    const fields = {
      username: 'json_signup',
      email: 'json.signup@example.com',
      password: 'a-long-password',
      fname: 'Jay',
      lname: 'Son',
      phone_num: '5551234567',
      address: '12 Main Street',
      city: 'Burlington',
      state: 'Vermont',
      zip: '05401',
    }
    const c = new Client(base)
    const before = await rows()
    const res = await c.request('POST', '/signup', { json: fields })
    expect(res.status).toBe(415)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await rows()).toEqual(before)
  })

  it('broken multipart to POST /demo-login, /reviews and /bookings/pet/{id} is 400', async () => {
    setNow(NOW)
    const { user, c } = await loggedIn()
    const pet = await createPet({ owner: user })
    const service = await createService()
    const posts: { url: string; client: Client; fields: Record<string, string> }[] = [
      { url: '/demo-login', client: new Client(base), fields: { account: 'client' } },
      {
        url: '/reviews',
        client: c,
        fields: { intent: 'create', review: 'Lovely stay', paws: '5' },
      },
      {
        url: `/bookings/pet/${pet.id}`,
        client: c,
        fields: {
          intent: 'create',
          booking_type: 'boarding_care',
          drop_off_date: '2026-03-20',
          drop_off_time: '10:00',
          pick_up_date: '2026-03-22',
          pick_up_time: '10:00',
          services: String(service.id),
        },
      },
    ]
    const answers: string[] = []
    for (const { url, client, fields } of posts) {
      for (const [type, body] of BROKEN_MULTIPART) {
        const before = await rows()
        const res = await postRaw(client, url, body(fields), type)
        answers.push(`${url} ${type}: ${res.status}`)
        expect(await rows(), `${url} ${type}`).toEqual(before)
      }
    }
    expect(answers).toEqual(
      posts.flatMap(({ url }) => BROKEN_MULTIPART.map(([type]) => `${url} ${type}: 400`)),
    )
    // The same fields, well formed, do what they say.
    for (const { url, client, fields } of posts) {
      const res = await postRaw(
        client,
        url,
        multipart('zzz', fields),
        'multipart/form-data; boundary=zzz',
      )
      expect(res.status, url).toBe(302)
    }
  })
})

describe('PUT /api/bookings/{id}: an id in the body must be this booking id', () => {
  it('answers an id that is no id with 400 and leaves the booking as it was', async () => {
    setNow(NOW)
    const { user, c } = await loggedIn()
    const pet = await createPet({ owner: user })
    const service = await createService()
    const body = {
      client_id: user.id,
      pet_id: pet.id,
      booking_type: 'boarding_care',
      drop_off_date: '2026-03-10 10:00:00',
      pick_up_date: '2026-03-12 10:00:00',
      services: [service.id],
    }
    const created = await c.post('/api/bookings', body)
    expect(created.status).toBe(201)
    const booking = created.body.booking
    const update = { ...body, pick_up_date: '2026-03-14 10:00:00' }
    const stored = async () => (await c.get(`/api/bookings/${booking.id}`)).body

    const notIds: unknown[] = [
      { toString: 'x' },
      { toString: 'x', valueOf: 'y' },
      { valueOf: booking.id },
      {},
      [booking.id],
      [String(booking.id)],
      [],
      true,
      false,
      booking.id + 0.5,
      -booking.id,
      0,
      booking.id + 1,
      `${booking.id}.0`,
      `${booking.id}abc`,
      '1e1',
      'x',
    ]
    const answers = []
    for (const id of notIds) {
      const res = await c.put(`/api/bookings/${booking.id}`, { ...update, id })
      answers.push({
        id: JSON.stringify(id),
        status: res.status,
        errors: res.body?.errors,
        unchanged: JSON.stringify(await stored()) === JSON.stringify(booking),
      })
    }
    expect(answers).toEqual(
      notIds.map((id) => ({
        id: JSON.stringify(id),
        status: 400,
        errors: { id: expect.any(String) },
        unchanged: true,
      })),
    )

    // Its own id, as a number or as text, or none at all: updated.
    const same = await c.put(`/api/bookings/${booking.id}`, { ...update, id: booking.id })
    expect(same.status).toBe(200)
    expect(same.body.booking.pick_up_date).toBe('2026-03-14 10:00:00')
    const asText = await c.put(`/api/bookings/${booking.id}`, {
      ...body,
      id: String(booking.id),
    })
    expect(asText.status).toBe(200)
    expect(asText.body.booking.pick_up_date).toBe('2026-03-12 10:00:00')
  })
})

describe('JSON calls take JSON', () => {
  it('answers another type with 415 and changes nothing; charset is fine', async () => {
    setNow(NOW)
    const { c: client } = await loggedIn()
    const { c: manager } = await loggedIn('manager')
    const before = await rows()

    const text = await postRaw(
      client,
      '/api/reviews',
      JSON.stringify({ review: 'Plain text review', paws: 5 }),
      'text/plain',
    )
    expect(text.status).toBe(415)
    expect(text.body.message).toEqual(expect.any(String))
    const form = await postRaw(
      manager,
      '/api/services',
      'service=Form+Bath&price=12.50',
      'application/x-www-form-urlencoded',
    )
    expect(form.status).toBe(415)
    expect(await rows()).toEqual(before)

    const review = await postRaw(
      client,
      '/api/reviews',
      JSON.stringify({ review: 'Charset review', paws: 5 }),
      'application/json; charset=utf-8',
    )
    expect(review.status).toBe(201)
    const service = await postRaw(
      manager,
      '/api/services',
      JSON.stringify({ service: 'Charset Bath', price: 12.5 }),
      'application/json; charset=UTF-8',
    )
    expect(service.status).toBe(201)

    // A DELETE has no body, and needs no type.
    const gone = await client.request('DELETE', `/api/reviews/${review.body.id}`)
    expect(gone.status).toBe(200)
  })

  it('POST /api/pets still takes multipart', async () => {
    setNow(NOW)
    const { c } = await loggedIn()
    const form = petForm(
      { name: 'Multi' },
      { preview: await image(16, 16, { format: 'jpeg', color: '#c98b4a' }) },
    )
    const res = await c.postForm('/api/pets', form)
    expect(res.status).toBe(201)
    expect(res.body.name).toBe('Multi')
  })
})
