import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../support/http'
import { SERVER_NODE_FLAGS, spawnServer, type SpawnedServer } from '../../scripts/lib/spawn-server'

const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>
}

// What only a whole server process shows (server.ts in a process of its own):
//
//  - A date far outside the hotel's calendar (the year 9999, say) once made
//    the day sheet throw while a query was still running; the rejection
//    nobody awaited made Node exit, so one GET by an employee took the whole
//    server down. Dates the hotel keeps run from 2000-01-01 to ten years
//    ahead; others get 400 with a message, and the server must still be
//    answering after each of them.
//  - A request refused before its body was read (a logged-out upload) once
//    got its answer and a closed connection while the client was still
//    sending, so fetch() saw EPIPE instead of the 401. The body is now read
//    (up to its limit) before the answer.

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

describe('an upload refused before its body is read', () => {
  it('gets its answer, readable by fetch, whatever the size of the body', async () => {
    const MB = 1024 * 1024
    const seen: string[] = []
    for (const size of [1024, 64 * 1024, MB, 8 * MB])
      for (let i = 0; i < 4; i++) {
        const form = new FormData()
        form.set('name', 'Rex')
        form.set('preview_image', new Blob([new Uint8Array(size).fill(3)]), 'a.jpg')
        try {
          const res = await fetch(`${server.url}/api/pets/1`, { method: 'PUT', body: form })
          seen.push(`${size}: ${res.status} ${(await res.json()).message}`)
        } catch (error) {
          const cause = (error as { cause?: { code?: string } }).cause
          seen.push(`${size}: ${cause?.code ?? String(error)}`)
        }
      }
    expect(new Set(seen.map((s) => s.replace(/^\d+: /, '')))).toEqual(
      new Set(['401 You must be logged in']),
    )
    await stillUp()
  })
})

describe('the request log', () => {
  // Lines are written to stdout in batches (one write for many lines on a
  // busy server), and a batch goes out at least every quarter second, so the
  // line of a lone request on an idle server still shows at once.
  it('shows the line of a lone request on an idle server', async () => {
    const path = `/no-such-page-${Date.now().toString(36)}`
    expect((await fetch(server.url + path)).status).toBe(404)
    const line = await server.waitForLog(
      (e) => (e.req as { path?: string } | undefined)?.path === path,
    )
    expect((line.res as { statusCode: number }).statusCode).toBe(404)
  })
})

describe('how Node is started', () => {
  // `npm start` gives Node a bigger young generation (decision 050), and the
  // servers the bench, the soak and these tests start must run the same way,
  // or what they measure is not what a hotel runs. SEMI_SPACE_MB overrides it
  // on a machine short of memory.
  const start = (env: Record<string, string>) =>
    execFileSync('sh', ['-c', `echo ${packageJson.scripts.start}`], {
      env: { PATH: process.env.PATH!, ...env },
      encoding: 'utf8',
    }).trim()

  it('starts the spawned servers with the flags npm start gives Node', () => {
    expect(start({})).toBe(`tsx ${SERVER_NODE_FLAGS.join(' ')} server.ts`)
  })

  it('lets SEMI_SPACE_MB set the young generation', () => {
    expect(start({ SEMI_SPACE_MB: '16' })).toBe('tsx --max-semi-space-size=16 server.ts')
  })
})
