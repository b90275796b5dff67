import http from 'node:http'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { WHOLE_LISTS_AT_ONCE, wholeListQueue } from '../../app/http/json-list.server'
import { getDb } from '../../app/infra/db.server'
import { setNow } from '../../app/infra/clock.server'
import { LIST_BATCH_SIZE } from '../../app/models/batches.server'
import { createPet, createService, createUser, loggedIn } from '../support/factories'
import { Client, startServer, type ApiResponse } from '../support/http'

// The lists that grow with the hotel — GET /api/reviews, /api/bookings and
// /api/pets — keep their bodies for existing clients, whole or paged
// (?page=&limit=, links in the Link header), and the whole form is read in
// batches and streamed.

const BOOKINGS = LIST_BATCH_SIZE * 2 + 345 // three batches, the last one partial
const REVIEWS = LIST_BATCH_SIZE + 77
const PETS = LIST_BATCH_SIZE + 12

let base: string
let manager: Client
let employee: Client
let anonymous: Client
let ids: { bookings: number[]; reviews: number[]; pets: number[] }

// The setup resets the clock after each test: pin it again for every test.
const NOW = '2026-03-02T15:00:00.000Z'
beforeEach(() => setNow(NOW))

beforeAll(async () => {
  setNow(NOW)
  base = await startServer()
  manager = (await loggedIn('manager')).client
  employee = (await loggedIn('employee')).client
  anonymous = new Client(base)
  const owner = await createUser()
  await createPet({ owner })
  await createService({ service: 'Bath', priceCents: 1000 })
  const db = await getDb()
  // Many rows at once, in SQL: pets, a stay for each of many of them with a
  // service line, and reviews of which many share one timestamp (the order's
  // tie is broken by id, and batches must not lose or repeat any of them).
  await db.raw(
    `INSERT INTO pets (owner_id, name, type, breed, age, gender, color, weight, dob, size, behavior)
     SELECT ?, 'Bulk' || g, 'dog', 'Mixed', 3, 'male', 'Brown', 20, '2020-01-01', 'he chomnk', 'calm'
     FROM generate_series(1, ?) g`,
    [owner.id, PETS - 1],
  )
  await db.raw(
    `INSERT INTO bookings (client_id, pet_id, booking_type, drop_off_at, pick_up_at, days, daily_price_cents, total_cents)
     SELECT p.owner_id, p.id, 'boarding_care',
            timestamp '2020-01-01 10:00' + (g || ' days')::interval * 4,
            timestamp '2020-01-03 10:00' + (g || ' days')::interval * 4, 2, 5500, 12000
     FROM generate_series(1, ?) g JOIN pets p ON p.id = (SELECT min(id) FROM pets) + g % 50`,
    [BOOKINGS],
  )
  await db.raw(
    `INSERT INTO booking_services (booking_id, service_id, service_name, price_cents)
     SELECT b.id, s.id, s.service, 1000 FROM bookings b CROSS JOIN (SELECT id, service FROM services ORDER BY id LIMIT 1) s
     WHERE b.id % 3 = 0`,
  )
  await db.raw(
    `INSERT INTO reviews (client_id, review, paws, created_at, updated_at)
     SELECT ?, 'Review ' || g, 1 + g % 5,
            CASE WHEN g % 4 = 0 THEN timestamptz '2026-01-01 12:00:00.123456+00'
                 ELSE timestamptz '2026-01-01 12:00:00+00' - (g || ' microseconds')::interval END,
            now()
     FROM generate_series(1, ?) g`,
    [owner.id, REVIEWS],
  )
  const col = async (sql: string) => (await db.raw(sql)).rows.map((r: { id: number }) => r.id)
  ids = {
    bookings: await col('SELECT id FROM bookings ORDER BY id'),
    reviews: await col('SELECT id FROM reviews ORDER BY created_at DESC, id DESC'),
    pets: await col('SELECT id FROM pets ORDER BY id'),
  }
}, 120_000)

const idsOf = (items: { id: number }[]) => items.map((i) => i.id)

describe('the whole lists', () => {
  it('GET /api/bookings streams every booking once, in id order, each as GET /api/bookings/{id} has it', async () => {
    const res = await fetch(`${base}/api/bookings`, { headers: { Cookie: manager.cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    // Longer than a batch: sent as it is read, with no length known up front.
    expect(res.headers.get('content-length')).toBeNull()
    const body = await res.json()
    expect(Object.keys(body)).toEqual(['bookings'])
    expect(idsOf(body.bookings)).toEqual(ids.bookings)
    for (const i of [0, 2, 1000, BOOKINGS - 1]) {
      const one = await manager.get(`/api/bookings/${body.bookings[i].id}`)
      expect(body.bookings[i]).toEqual(one.body)
    }
    expect(body.bookings.some((b: { services: unknown[] }) => b.services.length === 1)).toBe(true)
  })

  it('GET /api/reviews keeps newest first across batches, ties by id, none lost or repeated', async () => {
    const res = await anonymous.get('/api/reviews')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['reviews'])
    expect(idsOf(res.body.reviews)).toEqual(ids.reviews)
    expect(Object.keys(res.body.reviews[0]).sort()).toEqual(
      ['client_id', 'client_username', 'created_at', 'id', 'paws', 'review', 'updated_at'].sort(),
    )
  })

  it('GET /api/pets gives staff every pet, by id, with its photos', async () => {
    const res = await employee.get('/api/pets')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['Pets'])
    expect(idsOf(res.body.Pets)).toEqual(ids.pets)
    const one = await employee.get(`/api/pets/${res.body.Pets[0].id}`)
    expect(res.body.Pets[0]).toEqual(one.body)
  })
})

describe('paged lists', () => {
  it('gives one page, links to the first, previous and next in the Link header, and the body shape kept', async () => {
    const res = await manager.get('/api/bookings?page=2&limit=3')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['bookings'])
    expect(idsOf(res.body.bookings)).toEqual(ids.bookings.slice(3, 6))
    expect(links(res.headers.get('link'))).toEqual({
      first: `${base}/api/bookings?page=1&limit=3`,
      prev: `${base}/api/bookings?page=1&limit=3`,
      next: `${base}/api/bookings?page=3&limit=3`,
    })

    // limit alone: the first page; page alone: 50 a page.
    const first = await anonymous.get('/api/reviews?limit=7')
    expect(idsOf(first.body.reviews)).toEqual(ids.reviews.slice(0, 7))
    expect(Object.keys(links(first.headers.get('link')))).toEqual(['first', 'next'])
    const second = await anonymous.get('/api/reviews?page=2')
    expect(idsOf(second.body.reviews)).toEqual(ids.reviews.slice(50, 100))

    // The last page has no next; past the end, an empty list.
    const lastPage = Math.ceil(PETS / 200)
    const last = await employee.get(`/api/pets?page=${lastPage}&limit=200`)
    expect(idsOf(last.body.Pets)).toEqual(ids.pets.slice((lastPage - 1) * 200))
    expect(Object.keys(links(last.headers.get('link')))).toEqual(['first', 'prev'])
    const past = await employee.get('/api/pets?page=900&limit=200')
    expect(past.body).toEqual({ Pets: [] })
  })

  it('pages that together give the whole list, in its order', async () => {
    const seen: number[] = []
    let next: string | undefined = '/api/reviews?limit=200'
    while (next) {
      const res: ApiResponse = await anonymous.get(next.replace(base, ''))
      seen.push(...idsOf(res.body.reviews))
      next = links(res.headers.get('link')).next
    }
    expect(seen).toEqual(ids.reviews)
  })

  it('keeps other query parameters in its links', async () => {
    const res = await anonymous.get('/api/reviews?page=1&limit=2&lang=en')
    expect(links(res.headers.get('link')).next).toBe(`${base}/api/reviews?page=2&limit=2&lang=en`)
  })

  it('refuses bad paging with 400 and a message, never a 500', async () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=abc',
      'page=1.5',
      'page=1e3',
      'page=',
      'page=99999999999999999999',
      'limit=0',
      'limit=201',
      'limit=ten',
      'limit=%00',
      'page=2&limit=1000',
    ]) {
      const res = await anonymous.get(`/api/reviews?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.message, query).toBe('Invalid paging')
      expect(Object.keys(res.body.errors).length, query).toBe(1)
    }
    const res = await anonymous.get('/api/reviews?limit=500')
    expect(res.body.errors).toEqual({ limit: 'limit must be a whole number from 1 to 200' })
  })

  it('follows the same permissions as the whole list', async () => {
    const client = (await loggedIn('client')).client
    expect((await client.get('/api/pets?page=1')).status).toBe(403)
    expect((await client.get('/api/bookings?page=1')).status).toBe(403)
    expect((await anonymous.get('/api/pets?page=1')).status).toBe(401)
    expect((await employee.get('/api/bookings?page=1&limit=5')).status).toBe(403)
    // Refused before the paging is read.
    expect((await client.get('/api/pets?page=abc')).status).toBe(403)
    expect((await client.get('/api/bookings?page=abc')).status).toBe(403)
    expect((await employee.get('/api/bookings?limit=0')).status).toBe(403)
    expect((await anonymous.get('/api/bookings?page=abc')).status).toBe(401)
  })
})

describe('an attacker at the lists', () => {
  it('gets 400 or a page for odd paging, never a 5xx; the first of a repeated parameter counts', async () => {
    const cases: [string, number][] = [
      // Whitespace around a number is forgiven; anything else that is not plain digits is not.
      ['page=%201', 200],
      ['page=1%20', 200],
      ['page=%09%0A2', 200],
      ['page=%2B1', 400],
      ['page=01', 200],
      ['page=0000002', 200],
      ['page=00000002', 400],
      ['page=-0', 400],
      ['page=-5', 400],
      ['page=1e2', 400],
      ['page=0x10', 400],
      ['page=0b1', 400],
      ['page=Infinity', 400],
      ['page=NaN', 400],
      ['page=1%2C2', 400],
      ['page=1.0', 400],
      ['page=%EF%BC%91', 400], // a fullwidth 1
      ['page=%D9%A1', 400], // an Arabic-Indic 1
      ['page=1%00', 400],
      ['page=%00', 400],
      ['page=%FF', 400],
      ['page=%ED%A0%80', 400], // a lone surrogate, as UTF-8
      ['page=1000000', 200],
      ['page=1000001', 400],
      ['page', 400],
      ['limit', 400],
      ['limit=%20', 400],
      ['limit=200', 200],
      ['limit=-200', 400],
      ['page=1&page=abc', 200],
      ['page=abc&page=1', 400],
      ['limit=5&limit=500', 200],
      ['page[]=1', 200], // no parameter named page: the whole list
      ['PAGE=abc', 200],
    ]
    for (const [query, status] of cases) {
      const res = await anonymous.get(`/api/reviews?${query}`)
      expect(res.status, query).toBe(status)
      if (status === 400) expect(res.body.message, query).toBe('Invalid paging')
      else expect(Array.isArray(res.body.reviews), query).toBe(true)
    }
    // The links name each parameter once, whatever came in.
    const twice = await anonymous.get('/api/reviews?page=2&page=abc&limit=3&limit=x')
    expect(idsOf(twice.body.reviews)).toEqual(ids.reviews.slice(3, 6))
    expect(links(twice.headers.get('link'))).toEqual({
      first: `${base}/api/reviews?page=1&limit=3`,
      prev: `${base}/api/reviews?page=1&limit=3`,
      next: `${base}/api/reviews?page=3&limit=3`,
    })
    // The last page the schema takes is past every row: an empty page, quickly.
    const far = await manager.get('/api/bookings?page=1000000&limit=200')
    expect(far.status).toBe(200)
    expect(far.body).toEqual({ bookings: [] })
  })

  it('cannot break the Link header with odd parameters or a forged Host', async () => {
    for (const extra of ['x=%3E%2C%3C', 'a=%0D%0Ab', '%F0%9F%90%BE=%E2%80%A8', 'a=%22%3B']) {
      const res = await anonymous.get(`/api/reviews?page=1&limit=2&${extra}`)
      expect(res.status, extra).toBe(200)
      const header = res.headers.get('link')!
      expect(header, extra).not.toMatch(/[\r\n]/)
      expect(Object.keys(links(header)), extra).toEqual(['first', 'next'])
    }
    // A Host that would close the link's <…> is refused before any route runs.
    const forged = await rawRequest('GET', '/api/reviews?page=1&limit=1', {
      Host: 'evil.example>; rel="next"',
    })
    expect(forged.status).toBe(400)
  })

  it('refuses a 100 KB query before the app reads it (431), and goes on answering', async () => {
    for (const query of [`page=1&q=${'x'.repeat(100_000)}`, `limit=${'9'.repeat(100_000)}`]) {
      const res = await rawRequest('GET', `/api/reviews?${query}`)
      expect(res.status).toBe(431)
    }
    // Long but within the server's limit: the value itself is refused, or ignored. (The
    // links repeat the query, so their header is three times as long as it.)
    expect((await anonymous.get(`/api/reviews?limit=${'9'.repeat(10_000)}`)).status).toBe(400)
    const long = await rawRequest('GET', `/api/reviews?limit=1&x=${'y'.repeat(10_000)}`)
    expect(long.status).toBe(200)
    expect((await anonymous.get('/api/reviews?limit=1')).status).toBe(200)
  })

  it('cannot read other people’s bookings or pets through the lists, paged, whole or as .data', async () => {
    const client = (await loggedIn('client')).client
    for (const path of [
      '/api/bookings',
      '/api/bookings?page=1&limit=200',
      '/api/bookings?limit=1',
      '/api/pets',
      '/api/pets?page=1&limit=200',
      '/api/pets?page=abc',
    ]) {
      expect((await client.get(path)).status, path).toBe(403)
      expect((await anonymous.get(path)).status, path).toBe(401)
      expect((await rawRequest('HEAD', path, { Cookie: client.cookie })).status, path).toBe(403)
    }
    for (const path of ['/api/bookings', '/api/bookings?page=1', '/api/bookings.data']) {
      expect((await employee.get(path)).status, path).toBe(403)
    }
    for (const path of ['/api/pets.data', '/api/pets.data?page=1', '/api/bookings.data?limit=5'])
      expect((await client.get(path)).status, path).toBe(403)
    // A forged or stale cookie is nobody.
    for (const cookie of ['__session=forged', '__session=%00', `${manager.sessionCookie}x`])
      expect((await rawRequest('GET', '/api/bookings?page=1', { Cookie: cookie })).status).toBe(401)
  })

  it('answers HEAD with the headers alone, and a HEAD holds no turn', async () => {
    const queue = wholeListQueue()
    for (const [path, cookie] of [
      ['/api/bookings', manager.cookie],
      ['/api/reviews', ''],
      ['/api/pets', employee.cookie],
    ]) {
      for (let i = 0; i < WHOLE_LISTS_AT_ONCE + 1; i++) {
        const res = await rawRequest('HEAD', path, cookie ? { Cookie: cookie } : {})
        expect(res.status, path).toBe(200)
        expect(res.headers['content-type'], path).toMatch(/^application\/json/)
        expect(res.bytes, path).toBe(0)
        expect(queue.running, path).toBe(0)
      }
    }
    const paged = await rawRequest('HEAD', '/api/bookings?page=2&limit=3', {
      Cookie: manager.cookie,
    })
    expect(paged.status).toBe(200)
    expect(Object.keys(links(String(paged.headers.link)))).toEqual(['first', 'prev', 'next'])
    expect((await rawRequest('HEAD', '/api/reviews?page=0')).status).toBe(400)
    // Every whole list still comes, complete.
    const whole = await Promise.all(
      Array.from({ length: WHOLE_LISTS_AT_ONCE + 1 }, () => anonymous.get('/api/reviews')),
    )
    for (const res of whole) expect(idsOf(res.body.reviews)).toEqual(ids.reviews)
  })

  it('gives the turn back when a client leaves a whole list, however often and whenever it leaves', async () => {
    const queue = wholeListQueue()
    const leaves = ['at once', 'after the headers', 'after some of the list'] as const
    for (let i = 0; i < 24; i++) {
      await leaveWholeList('/api/bookings', manager.cookie, leaves[i % leaves.length])
    }
    // Leaving while React Router is still reading the first batches, many at once.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        leaveWholeList(i % 2 ? '/api/reviews' : '/api/pets', employee.cookie, leaves[i % 3]),
      ),
    )
    await vi.waitFor(() =>
      expect({ running: queue.running, waiting: queue.waiting }).toEqual({
        running: 0,
        waiting: 0,
      }),
    )
    // More whole lists than turns, all read to the end: each comes whole.
    const [bookings, reviews, pets] = await Promise.all([
      manager.get('/api/bookings'),
      anonymous.get('/api/reviews'),
      employee.get('/api/pets'),
    ])
    expect(idsOf(bookings.body.bookings)).toEqual(ids.bookings)
    expect(idsOf(reviews.body.reviews)).toEqual(ids.reviews)
    expect(idsOf(pets.body.Pets)).toEqual(ids.pets)
  })

  it('gives the turn back after a whole list asked for as React Router data (.data)', async () => {
    const queue = wholeListQueue()
    for (let i = 0; i < WHOLE_LISTS_AT_ONCE + 1; i++) {
      const res = await anonymous.get('/api/reviews.data')
      expect(res.status).toBe(200)
      expect(queue.running).toBe(0)
    }
    for (let i = 0; i < WHOLE_LISTS_AT_ONCE + 1; i++) {
      await leaveWholeList('/api/bookings.data', manager.cookie, 'at once')
      await leaveWholeList('/api/reviews.data', '', 'after the headers')
    }
    await vi.waitFor(() => expect(queue.running).toBe(0))
    expect(
      (await rawRequest('HEAD', '/api/bookings.data', { Cookie: manager.cookie })).status,
    ).toBe(200)
    expect(queue.running).toBe(0)
  })

  it('sends many whole lists asked at once, a few at a time, all complete', async () => {
    const queue = wholeListQueue()
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => anonymous.get('/api/reviews')),
    )
    for (const res of answers) {
      expect(res.status).toBe(200)
      expect(idsOf(res.body.reviews)).toEqual(ids.reviews)
    }
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 })
  })

  it('tells those that waited past 30 s for a turn to come back (503, Retry-After), and goes on', async () => {
    const queue = wholeListQueue()
    // Two slow downloads hold the turns (taken here directly, so nothing depends on socket buffers).
    const holders = Array.from({ length: WHOLE_LISTS_AT_ONCE }, () => {
      let release = () => {}
      const held = queue.run(() => new Promise<void>((done) => (release = done)))
      return { held, release: () => release() }
    })
    expect(queue.running).toBe(WHOLE_LISTS_AT_ONCE)
    const waiting = [
      ...Array.from({ length: 6 }, () => anonymous.get('/api/reviews')),
      manager.get('/api/bookings'),
      employee.get('/api/pets'),
    ]
    await vi.waitFor(() => expect(queue.waiting).toBe(waiting.length))
    // Half a minute later the turns come free: too late for every one of them.
    setNow(new Date(new Date(NOW).getTime() + 31_000))
    for (const h of holders) h.release()
    await Promise.all(holders.map((h) => h.held))
    for (const res of await Promise.all(waiting)) {
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('30')
      expect(res.body).toEqual({
        message: 'Too many whole lists are being sent; try again shortly',
      })
    }
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 })
    // Those that come back are served.
    expect(idsOf((await anonymous.get('/api/reviews')).body.reviews)).toEqual(ids.reviews)
    // Paged lists never wait for a turn.
    expect((await anonymous.get('/api/reviews?page=1')).status).toBe(200)
  })
})

/** One request on its own connection, headers as given (a Host of our own too); the answer's bytes counted. */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  const target = new URL(base)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method,
        headers,
        agent: false,
        // Long queries make long Link headers: read them all.
        maxHeaderSize: 1 << 20,
      },
      (res) => {
        let bytes = 0
        res.on('data', (c: Buffer) => (bytes += c.length))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** Asks for a whole list and goes away: at once, once the headers came, or partway through. */
function leaveWholeList(
  path: string,
  cookie: string,
  when: 'at once' | 'after the headers' | 'after some of the list',
): Promise<void> {
  const target = new URL(base)
  return new Promise((resolve) => {
    const req = http.request({
      host: target.hostname,
      port: target.port,
      path,
      headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' },
      agent: false,
    })
    req.on('close', () => resolve())
    req.on('error', () => {})
    req.on('response', (res) => {
      res.on('error', () => {})
      if (when === 'after the headers') return void req.destroy()
      res.once('data', () => req.destroy())
    })
    req.end()
    if (when === 'at once') setImmediate(() => req.destroy())
  })
}

/** The Link header's targets by rel. */
function links(header: string | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (header ?? '').split(/,\s*(?=<)/)) {
    const m = /^<([^>]*)>;\s*rel="([^"]+)"$/.exec(part.trim())
    if (m) out[m[2]] = m[1]
  }
  return out
}
