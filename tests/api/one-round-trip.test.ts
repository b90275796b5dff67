import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Knex } from 'knex'
import { getDb, oneRoundTripQuery, rowsOf } from '../../app/infra/db.server'
import { setNow } from '../../app/infra/clock.server'
import { bookedStay, loggedIn } from '../support/factories'
import { startServer } from '../support/http'
import { statementsDuring } from '../support/statements'

// oneRoundTripQuery reads several lists in one statement, each as a JSON array:
// what comes back must be what each read gives alone, row for row and in
// its order, on both drivers; and a booking's details cost one round trip.

beforeAll(async () => {
  await startServer()
})
afterEach(() => setNow(undefined))

/** The reads' rows, read together: the statement's one row. */
const inOneRoundTrip = async (
  db: Knex | Knex.Transaction,
  reads: Record<string, Knex.QueryBuilder>,
  options: { prepared?: boolean } = {},
) => (await rowsOf<Record<string, unknown[]>>(oneRoundTripQuery(db, reads, options)))[0]

describe('oneRoundTripQuery', () => {
  it('gives each read the rows it gives alone, in its order, in one statement', async () => {
    const db = await getDb()
    await db.schema.createTable('round_trip_things', (t) => {
      t.increments('id')
      t.text('name').notNullable()
      t.boolean('flag').notNullable()
      t.date('day')
      t.timestamp('at', { useTz: false })
      t.integer('n')
    })
    await db('round_trip_things').insert([
      { name: 'b “quoted” \\ ?', flag: true, day: '2026-02-28', at: '2026-11-23 10:00:00', n: 3 },
      { name: 'a', flag: false, day: null, at: null, n: null },
      { name: 'c', flag: true, day: '1999-12-31', at: '2027-01-01 23:59:59', n: -7 },
    ])
    const things = () =>
      db('round_trip_things').select(
        'id',
        'name',
        'flag',
        db.raw(`to_char(day, 'YYYY-MM-DD') as day`),
        db.raw(`to_char(at, 'YYYY-MM-DD HH24:MI:SS') as at`),
        'n',
      )
    const reads = () => ({
      byName: things().orderBy('name', 'desc'),
      flagged: things().where({ flag: true }).orderBy('id'),
      some: things().whereRaw('id = ANY(?::int[])', ['{1,3}']).orderBy('id', 'desc'),
      none: things().where('name', 'no such thing'),
    })

    const alone: Record<string, unknown[]> = {}
    for (const [name, read] of Object.entries(reads())) alone[name] = await read

    const { result: together, statements } = await statementsDuring(() =>
      inOneRoundTrip(db, reads(), { prepared: true }),
    )
    expect(together).toEqual(alone)
    expect(together.none).toEqual([])
    expect(alone.byName).toHaveLength(3)
    expect(statements).toHaveLength(1)

    // The same inside a transaction.
    await db.transaction(async (trx) => {
      expect(await inOneRoundTrip(trx, { flagged: reads().flagged.transacting(trx) })).toEqual({
        flagged: alone.flagged,
      })
    })
    await db.schema.dropTable('round_trip_things')
  })

  it("reads the day's bookings and their details in two round trips after the session's", async () => {
    setNow(new Date('2026-03-02T12:00:00-05:00'))
    const stay = await bookedStay({ dropOff: '2026-03-10 10:00:00', pickUp: '2026-03-12 10:00:00' })
    const staff = await loggedIn('employee')
    const day = () => staff.client.get('/api/bookings/date/2026-03-11')
    // Once first: the hotel's settings (which vaccines are required) come from the read cache after.
    expect((await day()).status).toBe(200)
    const { result: res, statements } = await statementsDuring(day)
    expect(res.status).toBe(200)
    expect(res.body.map((b: { id: number }) => b.id)).toEqual([stay.id])
    expect(res.body[0].services).toHaveLength(1)
    // The session, the bookings covering the day, then their lines, staff and
    // vaccination records together.
    expect(statements).toHaveLength(3)
  })

  it("reads the five sections of the Users page in one round trip after the session's", async () => {
    const { client: owner } = await loggedIn('owner')
    await loggedIn('employee')
    const users = () => owner.get('/users')
    expect((await users()).status).toBe(200)
    const { result: res, statements } = await statementsDuring(users)
    expect(res.status).toBe(200)
    expect(statements).toHaveLength(2)
  })
})
