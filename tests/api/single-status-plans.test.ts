import { beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { createPet, createUser } from '../support/factories'
import { clientFor, reconnect, startServer } from '../support/http'
import { explain } from '../support/plans'
import { statementsDuring } from '../support/statements'

// Every query is planned for no value in particular (a generic plan). A
// hotel that never checks guests in or out has every booking 'booked'; when
// ANALYZE sees a single status, a bound "status <> $1" is guessed to let no
// row through, and a page of all bookings was read by sorting the whole
// table. The lists must still read about their page.

beforeAll(async () => {
  await startServer()
})

describe('a hotel whose bookings all have one status', () => {
  it('reads a page of all bookings, and the day, about the page', async () => {
    setNow('2026-03-02T17:00:00Z')
    const owner = await createUser()
    const manager = await clientFor(await createUser({ role: 'manager' }))
    const pets: number[] = []
    for (let i = 0; i < 100; i++) pets.push((await createPet({ owner, name: `Solo ${i}` })).id)
    const db = await getDb()
    // A two-day stay every 30 minutes (each pet's every 50 hours), all 'booked'.
    await db.raw(
      `INSERT INTO bookings (client_id, pet_id, booking_type, drop_off_at, pick_up_at, days, daily_price_cents, total_cents)
       SELECT ?, (?::int[])[1 + g % 100], 'boarding_care', ts, ts + interval '2 days', 2, 5500, 11000
       FROM (SELECT g, timestamp '2025-01-01 10:00:00' + g * interval '30 minutes' AS ts
             FROM generate_series(1, 30000) AS g) AS s`,
      [owner.id, `{${pets.join(',')}}`],
    )
    expect((await db('bookings').distinct('status')).map((r) => r.status)).toEqual(['booked'])
    await db.raw('ANALYZE bookings')
    await reconnect((await startServer()) as string)

    const { queries } = await statementsDuring(async () => {
      for (const path of ['/api/bookings?page=1', '/api/bookings?page=3&limit=200']) {
        const res = await manager.get(path)
        expect(res.status, path).toBe(200)
        expect(res.body.bookings.length, path).toBeGreaterThan(0)
      }
      expect((await manager.get('/api/bookings/date/2026-03-02')).status).toBe(200)
      expect((await manager.get('/bookings')).status).toBe(200)
    })
    const reads = queries.filter((q) => /^select .* from "bookings"/i.test(q.sql))
    expect(reads.length).toBeGreaterThanOrEqual(4)
    for (const q of reads) {
      const { plan, removed, read } = await explain(q)
      expect(plan, q.sql).not.toMatch(/Seq Scan on bookings/)
      expect(read + removed, `${q.sql}\n${plan}`).toBeLessThan(5_000)
    }
  }, 60_000)
})
