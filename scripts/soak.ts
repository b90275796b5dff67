// `npm run soak -- --minutes 10`: a realistic day at the hotel, for minutes,
// on two app servers behind nginx on one PostgreSQL database (photos on a
// local S3). Many client accounts browse, log in, book, change and cancel
// stays and write reviews; staff read the day sheet. First a short run
// without a limit measures what the cluster can take; then the soak runs at
// about half that. It reports errors (any failed request or non-2xx answer:
// there must be none), latency, and each server's memory at the start and
// the end (it must stay flat).
//
//   npm run build && npm run soak [-- --minutes 10 --accounts 200 --calibrate 20]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { residentMB, startCluster } from './lib/cluster'
import { openDatabase, seedDemo, withPostgres, type Db } from './lib/hotel-data'
import { demoLogin, machine, round } from './lib/load'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    accounts: { type: 'string', default: '200' },
    calibrate: { type: 'string', default: '20' },
  },
})
const MINUTES = Number(values.minutes)
const ACCOUNTS = Number(values.accounts)
const CALIBRATE_SECONDS = Number(values.calibrate)
const CLIENT_CONNECTIONS = Math.max(1, Math.floor(ACCOUNTS / 2))
const STAFF_CONNECTIONS = 4
const PASSWORD = 'soak-password'

const ENV = {
  NODE_ENV: 'production',
  DEMO_MODE: 'true',
  SESSION_SECRET: 'soak-secret-soak-secret',
  // Every request comes from one address, and every account writes a review a minute.
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1000000',
  RATE_LIMIT_LOGINS_PER_IP: '1000000',
  RATE_LIMIT_REVIEWS_PER_USER: '1000000',
}

/** The soak's clients: one account and one dog each, room in the hotel for all. */
async function addAccounts(db: Db) {
  const { hashPassword } = await import('../app/models/user.server')
  const hash = await hashPassword(PASSWORD)
  await db.raw(
    `INSERT INTO users (username, email, password_hash, fname, lname, phone_num, address, city, state, zip)
     SELECT 'soak' || g, 'soak' || g || '@example.com', ?, 'Soak', 'Client', '5550000000', '1 Soak Road', 'Town', 'State', '00000'
     FROM generate_series(1, ?) g`,
    [hash, ACCOUNTS],
  )
  await db.raw(
    `INSERT INTO pets (owner_id, name, type, breed, age, gender, color, weight, dob, size, behavior)
     SELECT u.id, 'Soak' || u.id, 'dog', 'Mixed', 3, 'male', 'Brown', 20, '2020-01-01', 'he chomnk', 'calm'
     FROM users u WHERE u.username LIKE 'soak%'`,
  )
  await db('hotel_settings')
    .where({ id: 1 })
    .update({ dog_kennels: 100_000, day_care_places: 100_000 })
}

async function login(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

type Context = Record<string, unknown>
const json = { 'content-type': 'application/json' }
const isoDay = (d: Date) => d.toISOString().slice(0, 10)

type Step = {
  method: string
  path: string
  headers?: Record<string, string>
  body?: string
  setupRequest?: (req: Context, ctx: Context) => Context
  onResponse?: (
    status: number,
    body: string,
    ctx: Context,
    headers: Record<string, string | string[]>,
  ) => void
}

/** A soak account: who it is and the cookie of its current session. */
type Account = { email: string; cookie: string }

/** Visits are numbered across the calibration and the soak, so no two pick the same days. */
let visits = 0

/**
 * Each visit is one account's, and no two visits at once share an account (a
 * pet has one stay at a time, and a login ends the account's other session):
 * the first request takes a free account, the last gives it back. Every
 * request carries that account's cookie. autocannon gives each connection its
 * own context and starts it afresh for every visit.
 */
function asVisits(steps: Step[], accounts: Account[], shared = false): Step[] {
  const free = accounts.map((_, i) => i)
  return steps.map((step, i) => ({
    ...step,
    setupRequest: (req: Context, ctx: Context) => {
      if (i === 0) {
        ctx.visit = visits++
        const account = shared ? (ctx.visit as number) % accounts.length : free.shift()
        // Fewer free accounts than connections is a fault of the soak, not of the app.
        if (account === undefined)
          throw new Error('soak: no free account (more connections than accounts?)')
        ctx.account = account
        ctx.email = accounts[account].email
      }
      const out = step.setupRequest ? step.setupRequest(req, ctx) : req
      return {
        ...out,
        headers: { ...(out.headers as object), cookie: accounts[ctx.account as number].cookie },
      }
    },
    onResponse: (status, body, ctx, headers) => {
      if (process.env.SOAK_DEBUG && status >= 300)
        console.log('non-2xx', status, step.method, step.path, body.slice(0, 200))
      // A login ends the session the browser had and starts another: keep the new cookie.
      const set = headers['set-cookie']
      const account = accounts[ctx.account as number]
      if (set) account.cookie = mergeCookies(account.cookie, set)
      step.onResponse?.(status, body, ctx, headers)
      if (!shared && i === steps.length - 1) free.push(ctx.account as number)
    },
  }))
}

/** A Cookie header with the cookies of Set-Cookie headers put in. */
function mergeCookies(header: string, set: string | string[]): string {
  const jar = new Map<string, string>()
  const put = (pair: string) => {
    const at = pair.indexOf('=')
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1))
  }
  for (const pair of header.split(';')) put(pair)
  for (const line of Array.isArray(set) ? set : [set]) put(line.split(';')[0])
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
}

/** One client's visit: browse, check who they are, log in, book, change, look, cancel, review. */
function clientVisit(today: string, serviceId: number): Step[] {
  const start = new Date(`${today}T00:00:00Z`)
  const stay = (ctx: Context, nights: number) => {
    // Two or three nights somewhere in the next 300 days: one account's visits never overlap.
    const drop = new Date(start.getTime() + (1 + ((ctx.visit as number) % 300)) * 86_400_000)
    const pick = new Date(drop.getTime() + nights * 86_400_000)
    return {
      client_id: ctx.userId,
      pet_id: ctx.petId,
      booking_type: 'boarding_care',
      drop_off_date: `${isoDay(drop)} 10:00:00`,
      pick_up_date: `${isoDay(pick)} 10:00:00`,
      services: [serviceId],
    }
  }
  return [
    { method: 'GET', path: '/' },
    { method: 'GET', path: '/services' },
    { method: 'GET', path: '/api/auth' },
    {
      method: 'POST',
      path: '/api/auth/login',
      headers: json,
      setupRequest: (req, ctx) => ({
        ...req,
        body: JSON.stringify({ email: ctx.email, password: PASSWORD }),
      }),
      onResponse: (status, body, ctx) => {
        if (status !== 200) return
        const parsed = JSON.parse(body)
        ctx.userId = (parsed.user ?? parsed).id
      },
    },
    {
      method: 'GET',
      path: '/api/pets/user',
      onResponse: (status, body, ctx) => {
        if (status === 200) ctx.petId = JSON.parse(body).Pets[0]?.id
        else if (process.env.SOAK_DEBUG) console.log('pets/user', status, body, ctx)
      },
    },
    {
      method: 'POST',
      path: '/api/bookings',
      headers: json,
      setupRequest: (req, ctx) => ({ ...req, body: JSON.stringify(stay(ctx, 2)) }),
      onResponse: (status, body, ctx) => {
        if (status === 201) ctx.bookingId = JSON.parse(body).booking.id
        else if (process.env.SOAK_DEBUG) console.log('booking', status, body)
      },
    },
    {
      method: 'PUT',
      path: '/api/bookings/0',
      headers: json,
      setupRequest: (req, ctx) => ({
        ...req,
        path: `/api/bookings/${ctx.bookingId}`,
        body: JSON.stringify(stay(ctx, 3)),
      }),
    },
    { method: 'GET', path: '/api/bookings/user' },
    {
      method: 'DELETE',
      path: '/api/bookings/0',
      setupRequest: (req, ctx) => ({ ...req, path: `/api/bookings/${ctx.bookingId}` }),
    },
    {
      method: 'POST',
      path: '/api/reviews',
      headers: json,
      body: JSON.stringify({ review: 'A lovely stay, again', paws: 5 }),
    },
    { method: 'GET', path: '/reviews' },
  ]
}

function staffRound(today: string): Step[] {
  return [
    { method: 'GET', path: `/bookingsByDate?date=${today}` },
    { method: 'GET', path: `/api/bookings/date/${today}` },
    { method: 'GET', path: '/pets' },
  ]
}

type Run = {
  requests: number
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

function run(options: autocannon.Options): Promise<Run> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
      if (error) return reject(error)
      resolve({
        requests: result.requests.total,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      })
    })
  })
}

console.log(
  `Soak: ${MINUTES} min, ${ACCOUNTS} client accounts on ${CLIENT_CONNECTIONS} connections + ${STAFF_CONNECTIONS} staff, on ${machine()}`,
)
await withPostgres(async (databaseUrl) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-hotel-soak-'))
  const { db, close } = await openDatabase('pg', dataDir, databaseUrl)
  await seedDemo(db)
  await addAccounts(db)
  const serviceId = (await db('services').min({ id: 'id' }).first())!.id as number
  const { hotelClock } = await import('../app/infra/clock.server')
  const { today } = hotelClock()
  const cleanDb = (sql: string, bindings: string[]) => db.raw(sql, bindings)

  const cluster = await startCluster({ databaseUrl, env: ENV, quiet: true })
  try {
    const clients: Account[] = []
    for (let i = 1; i <= ACCOUNTS; i++) {
      const email = `soak${i}@example.com`
      clients.push({ email, cookie: await login(cluster.url, email) })
    }
    const staff: Account[] = [{ email: '', cookie: await demoLogin(cluster.url, 'employee') }]
    const mix = (seconds: number, rate?: number) =>
      Promise.all([
        run({
          url: cluster.url,
          // Half as many connections as accounts: a free account is always there.
          connections: CLIENT_CONNECTIONS,
          duration: seconds,
          requests: asVisits(clientVisit(today, serviceId), clients),
          ...(rate ? { overallRate: rate } : {}),
        } as autocannon.Options),
        run({
          url: cluster.url,
          connections: STAFF_CONNECTIONS,
          duration: seconds,
          // Staff only read: the four connections share one session.
          requests: asVisits(staffRound(today), staff, true),
          ...(rate ? { overallRate: Math.max(1, Math.round(rate / 20)) } : {}),
        } as autocannon.Options),
      ])

    const [calClients, calStaff] = await mix(CALIBRATE_SECONDS)
    const capacity = calClients.rps + calStaff.rps
    const rate = Math.max(1, Math.round(calClients.rps / 2))
    console.log(
      `Capacity of the mix: ${round(capacity)} req/s (errors ${calClients.errors + calStaff.errors}, non-2xx ${calClients.non2xx + calStaff.non2xx}); soaking at ~${rate} req/s of clients + ${Math.max(1, Math.round(rate / 20))} of staff`,
    )

    // The calibration stopped visits midway: stays booked and not yet
    // cancelled, logins answered after autocannon stopped listening (their
    // new session unknown here). Requests it sent last are still being
    // answered for a moment; once they are, start the soak from a clean slate.
    await new Promise((resolve) => setTimeout(resolve, 5_000))
    await cleanDb(
      'DELETE FROM bookings WHERE client_id IN (SELECT id FROM users WHERE username LIKE ?)',
      ['soak%'],
    )
    for (const account of clients) account.cookie = await login(cluster.url, account.email)

    const pids = cluster.servers.map((s) => s.child.pid!)
    const memoryStart = pids.map(residentMB)
    const samples: number[][] = [memoryStart]
    const sampler = setInterval(() => samples.push(pids.map(residentMB)), 60_000)
    const [soakClients, soakStaff] = await mix(MINUTES * 60, rate)
    clearInterval(sampler)
    const memoryEnd = pids.map(residentMB)

    console.log('\nSoak results')
    console.table([
      {
        minutes: MINUTES,
        requests: soakClients.requests + soakStaff.requests,
        'req/s': round(soakClients.rps + soakStaff.rps),
        'client p50 ms': soakClients.p50,
        'client p99 ms': soakClients.p99,
        'staff p99 ms': soakStaff.p99,
        errors: soakClients.errors + soakStaff.errors,
        'non-2xx': soakClients.non2xx + soakStaff.non2xx,
      },
    ])
    console.log('Memory (RSS MB) per server, each minute:')
    console.table(samples.concat([memoryEnd]).map((row, i) => ({ minute: i, ...row })))
    console.log(`Memory start ${memoryStart.join(' / ')} MB, end ${memoryEnd.join(' / ')} MB`)
  } finally {
    await cluster.stop()
    await close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
