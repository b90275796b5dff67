import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { bookedStay, loggedIn } from '../support/factories'
import { startServer, type Client } from '../support/http'
import { statementsDuring, type Statement } from '../support/statements'

// The signed-in pages read by key through prepared statements
// (app/infra/prepared-statements.server.ts): on PostgreSQL each is parsed
// and planned once per connection and runs on the read pipeline with every
// other request's lookups, where an ordinary query costs a pool connection's
// round trip and a parse and plan each time — a pet's page made ten such
// reads, a third of its cost. So every read a page makes is marked, but for
// the few that pass too many rows for a pipeline (the booking form's half
// year of places; a name search) — counted here, so a new
// unmarked read on a page fails this test and is either marked or counted
// with its reason. (Writes, such as a session's last-seen time, are not reads.)

// Booked ahead, then looked at during the stay.
const BOOKED = '2026-03-02T12:00:00-05:00'
const NOW = '2026-03-11T12:00:00-05:00'

/** The reads (selects) that ran without being marked prepared. */
const unprepared = (queries: Statement[]) =>
  queries.filter((q) => /^\s*(with|select)\b/i.test(q.sql) && !q.options?.prepared)

/** The unprepared reads of a page, asked for a second time (the first warms the read cache). */
async function unpreparedReadsOf(client: Client, path: string) {
  expect((await client.get(path)).status, path).toBe(200)
  const { result, queries } = await statementsDuring(() => client.get(path))
  expect(result.status, path).toBe(200)
  return unprepared(queries).map((q) => q.sql.slice(0, 120))
}

let stay: Awaited<ReturnType<typeof bookedStay>>
beforeAll(async () => {
  await startServer()
  setNow(new Date(BOOKED))
  stay = await bookedStay({ dropOff: '2026-03-10 10:00:00', pickUp: '2026-03-12 10:00:00' })
  setNow(new Date(NOW))
})
afterAll(() => setNow(undefined))

describe('the signed-in pages read by key through prepared statements', () => {
  it("a client's pages", async () => {
    const petPages = [
      '/pets',
      `/pets/${stay.pet.id}`,
      `/pets/${stay.pet.id}/edit`,
      '/my-bookings',
      '/account',
    ]
    for (const path of petPages) expect(await unpreparedReadsOf(stay.c, path), path).toEqual([])
    // The booking form also reads which dates are full over the half year it
    // shows: a range of stays and held places, in one statement, an ordinary
    // one (too many rows for a pipeline, where it would hold up the rest).
    expect(await unpreparedReadsOf(stay.c, `/bookings/pet/${stay.pet.id}`)).toHaveLength(1)
  })

  it("staff's pages", async () => {
    const { client } = await loggedIn('employee')
    // The day sheet too: its month at a glance (the month's stays and held
    // places, one statement) runs prepared, on the scans' pipeline.
    for (const path of ['/pets', `/pets/${stay.pet.id}`, '/bookingsByDate?date=2026-03-11'])
      expect(await unpreparedReadsOf(client, path), path).toEqual([])
  })

  it("a manager's pages", async () => {
    const { client } = await loggedIn('manager')
    for (const path of ['/users', '/bookings', '/bookings?tab=past', '/settings'])
      expect(await unpreparedReadsOf(client, path), path).toEqual([])
  })
})
