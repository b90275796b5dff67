import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../app/infra/db.server'
import { setNow } from '../../app/infra/clock.server'
import { addPastGuests, createPet, createUser, loggedIn } from '../support/factories'
import { Client, reconnect, startServer } from '../support/http'
import { explain } from '../support/plans'
import { statementsDuring } from '../support/statements'

// The pages and JSON lists that grow with the hotel, other than the
// bookings' (tests/api/bookings-pages.test.ts): with 3,000 clients, their
// pets, 20,000 reviews and 51,000 old stays, each query they run reads about
// its page, not its table — in the plan the servers run (see explain).

const NOW = '2026-03-02T17:00:00Z'
const CLIENTS = 3000
const REVIEWS = 20_000

let anonymous: Client
let manager: Client

beforeAll(async () => {
  setNow(NOW)
  const base = await startServer()
  anonymous = new Client(base)
  manager = (await loggedIn('manager')).client
  const owner = await createUser()
  const model = await createPet({ owner, name: 'Model' })
  const db = await getDb()
  // Each pet 17 stays, long over; a review every 20 minutes back from now.
  await addPastGuests(db, {
    clients: CLIENTS,
    modelPetId: model.id,
    from: '2018-01-01 10:00:00',
    every: '70 minutes',
  })
  await db.raw(
    `INSERT INTO reviews (client_id, review, paws, created_at, updated_at)
     SELECT u.id, 'A lovely stay number ' || g, 1 + g % 5, timestamptz '2026-03-02 12:00:00+00' - g * interval '20 minutes', now()
     FROM generate_series(1, ?) AS g JOIN users AS u ON u.username = 'guest' || (1 + g % ?)`,
    [REVIEWS, CLIENTS],
  )
  for (const table of ['users', 'pets', 'bookings', 'reviews']) await db.raw(`ANALYZE ${table}`)
  await reconnect(base)
}, 120_000)

describe('pages that grow with the hotel, with 3,000 clients and 20,000 reviews', () => {
  it('read each page through indexes, in the plans the servers run', async () => {
    const firstPages: [Client, string][] = [
      [anonymous, '/reviews'],
      [anonymous, '/api/reviews?page=1'],
      [anonymous, '/api/reviews/ordered'],
      [anonymous, '/'],
      [manager, '/users'],
      [manager, '/pets'],
      [manager, '/api/pets?page=1'],
    ]
    // A later page reads the pages before it (OFFSET): the rows read grow
    // with the page asked for, not with the table, and from half-way through
    // a table a scan of it is a fair plan; but none filters thousands away.
    const laterPages: [Client, string][] = [
      [anonymous, '/reviews?page=40'],
      [anonymous, '/api/reviews?page=50&limit=200'],
      [manager, '/users?clients=30&employees=2'],
      [manager, '/pets?page=30'],
      [manager, '/api/pets?page=20&limit=50'],
    ]
    const visits = [...firstPages, ...laterPages]
    let explained = 0
    for (const [client, path] of visits) {
      const { queries } = await statementsDuring(async () => {
        const res = await client.get(path)
        expect(res.status, path).toBe(200)
      })
      for (const q of queries.filter((q) => /^select/i.test(q.sql))) {
        const { plan, removed } = await explain(q)
        const where = `${path}: ${q.sql}\n${plan}`
        if (firstPages.some(([, first]) => first === path))
          expect(plan, where).not.toMatch(/Seq Scan on (users|pets|reviews|bookings)\b/)
        // Found through an index, not filtered out of thousands of accounts or stays.
        expect(removed, where).toBeLessThan(1000)
        explained++
      }
      // The first page of pets is a prepared statement (on PostgreSQL the
      // read pipeline's, with the key lookups); page 20 passes 950 pets first
      // and stays off it.
      if (path.startsWith('/api/pets?')) {
        const page = queries.filter((q) => /from "pets" order by "id" asc limit/.test(q.sql))
        expect(
          page.map((q) => !!q.options?.prepared),
          path,
        ).toEqual([path.endsWith('page=1')])
      }
      // So is the first page of the staff's /pets; page 30 passes 1,450 pets first.
      if (path.startsWith('/pets')) {
        const page = queries.filter((q) => /from "pets" as "p"/.test(q.sql))
        expect(
          page.map((q) => !!q.options?.prepared),
          path,
        ).toEqual([path === '/pets'])
      }
    }
    expect(explained).toBeGreaterThanOrEqual(visits.length)
  }, 120_000)
})
