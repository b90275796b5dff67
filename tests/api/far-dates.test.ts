import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../support/http'
import { spawnServer, type SpawnedServer } from '../support/spawn-server'

// A date far outside the hotel's calendar (the year 9999, say) once made the
// day sheet throw while a query was still running; the rejection nobody
// awaited made Node exit, so one GET by an employee took the whole server
// down. Dates the hotel keeps run from 2000-01-01 to ten years ahead; others
// get 400 with a message — and the server, a real process of its own here,
// must still be answering after each of them.

const FIXED_NOW = '2026-11-23T15:00:00Z' // Monday 10:00 in New York: today is 2026-11-23
let server: SpawnedServer
let staff: Client

beforeAll(async () => {
  server = await spawnServer({ FIXED_NOW, DEMO_MODE: 'true', HOTEL_TIMEZONE: 'America/New_York' })
  staff = new Client(server.url)
  await staff.login('demo-employee@example.com', 'password')
}, 60_000)

afterAll(async () => {
  await server?.stop()
})

async function stillUp() {
  const health = await fetch(`${server.url}/healthz`)
  expect(health.status).toBe(200)
  expect(server.child.exitCode).toBeNull()
}

const OUTSIDE = [
  '9999-12-31',
  '9999-12-30',
  '1999-12-31',
  '0001-01-01',
  '2036-11-24', // ten years and a day ahead
  '2026-02-30', // not a date at all
]

describe('dates outside the calendar', () => {
  it('the day sheet answers 400 with a message, and the server keeps serving', async () => {
    for (const date of OUTSIDE) {
      const res = await staff.get(`/bookingsByDate?date=${date}`)
      expect(res.status, date).toBe(400)
      expect(String(res.body), date).toMatch(/Date must be|real date/)
      await stillUp()
    }
  })

  it('GET /api/bookings/date/{date} answers 400 with a message, and the server keeps serving', async () => {
    for (const date of OUTSIDE) {
      const res = await staff.get(`/api/bookings/date/${date}`)
      expect(res.status, date).toBe(400)
      expect(res.body.message, date).toMatch(/Date must be/)
      expect(res.body.errors.date, date).toBe(res.body.message)
      await stillUp()
    }
  })

  it('the first and the last date of the calendar are answered', async () => {
    for (const date of ['2000-01-01', '2036-11-23']) {
      expect((await staff.get(`/api/bookings/date/${date}`)).status, date).toBe(200)
      expect((await staff.get(`/bookingsByDate?date=${date}`)).status, date).toBe(200)
    }
    await stillUp()
  })
})
