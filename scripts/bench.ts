// `npm run bench`: how fast the pages that grow with the years answer on an
// empty hotel and on one with 150,000 bookings, 20,000 reviews and 1,500 users.
// Runs the built app in-process over real HTTP on a fresh embedded database
// (or on BENCH_DATABASE_URL, a PostgreSQL database it may fill).
//   npm run build && npm run bench [-- --bookings 150000 --requests 30]
import type { Server } from 'node:http'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import type { AddressInfo } from 'node:net'
import type { ServerBuild } from 'react-router'

const { values } = parseArgs({
  options: {
    bookings: { type: 'string', default: '150000' },
    requests: { type: 'string', default: '30' },
  },
})
const BOOKINGS = Number(values.bookings)
const REQUESTS = Number(values.requests)

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-hotel-bench-'))
process.env.LOG_LEVEL = 'silent'
process.env.SESSION_SECRET = 'bench-secret-bench-secret'
if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL
else delete process.env.DATABASE_URL

const { getDb, closeDb } = await import('../app/infra/db.server')
const { createApp } = await import('../server/app')
const { seedDemoData } = await import('../app/models/demo-seed.server')
const { hotelToday } = await import('../app/domain/hotel-time')
const { getEnv } = await import('../app/infra/env.server')

const db = await getDb()
await db.raw(
  'TRUNCATE booking_services, bookings, reviews, service_staff, services, pet_images, pets, users RESTART IDENTITY CASCADE',
)
await seedDemoData()

const build = (await import(
  pathToFileURL(path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js')).href
)) as ServerBuild
const app = createApp({ build })
const server = await new Promise<Server>((resolve) => {
  const s = app.listen(0, '127.0.0.1', () => resolve(s))
})
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

async function login(email: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'password' }),
  })
  return res.headers.getSetCookie()[0].split(';')[0]
}
const manager = await login('demo-manager@example.com')
const today = hotelToday(new Date(), getEnv().HOTEL_TIMEZONE)

const targets: [string, string][] = [
  ['GET /bookings (page 1)', '/bookings'],
  ['GET /bookings?page=40', '/bookings?page=40'],
  ['GET /reviews', '/reviews'],
  ['GET /users', '/users'],
  ['GET /bookingsByDate (today)', `/bookingsByDate?date=${today}`],
  ['GET /api/bookings/date/today', `/api/bookings/date/${today}`],
  ['GET /', '/'],
]

async function measure(label: string) {
  const rows: { target: string; median: number; p95: number; status: number }[] = []
  for (const [name, url] of targets) {
    const times: number[] = []
    let status = 0
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now()
      const res = await fetch(base + url, { headers: { Cookie: manager } })
      await res.arrayBuffer()
      times.push(performance.now() - t0)
      status = res.status
    }
    times.sort((a, b) => a - b)
    rows.push({
      target: name,
      median: round(times[Math.floor(times.length / 2)]),
      p95: round(times[Math.floor(times.length * 0.95)]),
      status,
    })
  }
  console.log(`\n${label}`)
  console.table(rows)
}
const round = (ms: number) => Math.round(ms * 10) / 10

await measure('Demo hotel (a handful of bookings)')

console.log(`\nFilling: ${BOOKINGS} bookings, 20000 reviews, 1500 clients…`)
const t0 = performance.now()
await db.raw(`
  INSERT INTO users (username, email, password_hash, fname, lname, phone_num, address, city, state, zip)
  SELECT 'bench' || g, 'bench' || g || '@example.com', 'x', 'Bench', 'Client', '5550000000', '1 Bench Road', 'Town', 'State', '00000'
  FROM generate_series(1, 1500) g`)
await db.raw(`
  INSERT INTO pets (owner_id, name, type, breed, age, gender, color, weight, dob, size, behavior)
  SELECT u.id, 'Pet' || u.id, CASE WHEN u.id % 3 = 0 THEN 'cat' ELSE 'dog' END, 'Mixed', 3, 'male', 'Brown', 20, '2020-01-01', 'he chomnk', 'calm'
  FROM users u WHERE u.username LIKE 'bench%'`)
const perPet = Math.ceil(BOOKINGS / 1500)
// Each pet: a three-night stay every 110 days, pets staggered by a day each,
// so about 14 arrive a day and about 40 are in — a full hotel, as capacity
// allows — from decades ago to eight months ahead.
await db.raw(
  `INSERT INTO bookings (client_id, pet_id, booking_type, drop_off_at, pick_up_at, days, daily_price_cents, total_cents)
   SELECT p.owner_id, p.id, 'boarding_care',
          (date '${today}' - (k * 110 + p.id % 110 - 240)) + time '10:00',
          (date '${today}' - (k * 110 + p.id % 110 - 240) + 3) + time '10:00',
          3, 5500, 16500
   FROM pets p CROSS JOIN generate_series(1, ?) k
   WHERE p.name LIKE 'Pet%'
   LIMIT ?`,
  [perPet, BOOKINGS],
)
await db.raw(`
  INSERT INTO reviews (client_id, review, paws, created_at)
  SELECT u.id, 'A lovely stay number ' || g, 1 + g % 5, now() - (g || ' minutes')::interval
  FROM generate_series(1, 20000) g JOIN users u ON u.id = 10 + g % 1500`)
await db.raw('ANALYZE')
console.log(`Filled in ${round((performance.now() - t0) / 1000)} s`)

await measure(`Busy hotel (${BOOKINGS} bookings, 20000 reviews, 1500 users)`)

server.close()
await closeDb()
fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true })
