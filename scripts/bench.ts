// `npm run bench`: how fast the app answers, side by side with the fastest a
// Node server can answer the very same bytes here.
//
// For each target: the built app runs as a production server in a process of
// its own; autocannon (32 connections, 10 s) measures it; then a bare
// `node:http` server that answers the bytes the app answered (status, headers,
// body, captured once) is measured the same way. The table gives both rates,
// their ratio, p50/p99 and errors — for the demo hotel, then the same after
// filling a busy one (150,000 bookings, 20,000 reviews, 1,500 clients), on
// PostgreSQL and on the embedded database.
//
//   npm run build && npm run bench [-- --db pg|embedded|both --seconds 10 --connections 32 --only /api]
//   BENCH_DATABASE_URL=postgres://… picks the PostgreSQL database (else one is made and dropped on 127.0.0.1).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import knexFactory from 'knex'

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    bookings: { type: 'string', default: '150000' },
    only: { type: 'string' },
    busy: { type: 'string', default: 'true' },
  },
})
const SECONDS = Number(values.seconds)
const CONNECTIONS = Number(values.connections)
const BOOKINGS = Number(values.bookings)

type Who = 'visitor' | 'client' | 'employee' | 'manager'
type Target = { name: string; path: string; who: Who }

function targetsFor(today: string): Target[] {
  const all: Target[] = [
    { name: 'GET /api/services/', path: '/api/services/', who: 'visitor' },
    { name: 'GET /api/reviews/ordered', path: '/api/reviews/ordered', who: 'visitor' },
    { name: 'GET /api/auth/ (client)', path: '/api/auth/', who: 'client' },
    { name: 'GET /api/pets/user (client)', path: '/api/pets/user', who: 'client' },
    {
      name: 'GET /api/bookings/date/today (staff)',
      path: `/api/bookings/date/${today}`,
      who: 'employee',
    },
    { name: 'GET / (SSR)', path: '/', who: 'visitor' },
    { name: 'GET /services (SSR)', path: '/services', who: 'visitor' },
    { name: 'GET /pets (client, SSR)', path: '/pets', who: 'client' },
    // Pages and lists that grow with the hotel: they must stay flat.
    { name: 'GET /bookings (manager, SSR)', path: '/bookings', who: 'manager' },
    { name: 'GET /reviews (SSR)', path: '/reviews', who: 'visitor' },
    { name: 'GET /users (manager, SSR)', path: '/users', who: 'manager' },
    {
      name: 'GET /bookingsByDate (staff, SSR)',
      path: `/bookingsByDate?date=${today}`,
      who: 'employee',
    },
    { name: 'GET /pets (staff, SSR)', path: '/pets', who: 'employee' },
    { name: 'GET /api/reviews?page=1', path: '/api/reviews?page=1', who: 'visitor' },
    { name: 'GET /api/bookings?page=1 (manager)', path: '/api/bookings?page=1', who: 'manager' },
    { name: 'GET /api/pets?page=1 (staff)', path: '/api/pets?page=1', who: 'employee' },
  ]
  return values.only ? all.filter((t) => t.path.startsWith(values.only!)) : all
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits

// ---- servers ----

type Running = { url: string; child: ChildProcess; stop: () => Promise<void> }

async function startApp(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      try {
        const entry = JSON.parse(line) as { port?: number }
        if (typeof entry.port === 'number') resolve(`http://127.0.0.1:${entry.port}`)
      } catch {
        // not a log line
      }
    })
    child.once('exit', (code) => reject(new Error(`the app exited with ${code} before listening`)))
  })
  // Request logs go on being written (as in production), to nowhere.
  child.stdout!.resume()
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

type Captured = { status: number; headers: [string, string][]; body: Buffer }

async function capture(url: string, cookie?: string): Promise<Captured> {
  const res = await fetch(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' })
  const body = Buffer.from(await res.arrayBuffer())
  const headers: [string, string][] = []
  res.headers.forEach((value, key) => {
    // The bare server adds its own framing headers.
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(key))
      headers.push([key, value])
  })
  return { status: res.status, headers, body }
}

/** The fastest Node answers these bytes here: node:http, in a process of its own. */
async function startBare(captured: Captured): Promise<Running> {
  const file = path.join(os.tmpdir(), `bench-bare-${process.pid}.json`)
  fs.writeFileSync(file, JSON.stringify({ ...captured, body: captured.body.toString('base64') }))
  const code = `
    const http = require('node:http')
    const c = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'))
    const body = Buffer.from(c.body, 'base64')
    const headers = [...c.headers.flat(), 'content-length', String(body.length)]
    const server = http.createServer((req, res) => { res.writeHead(c.status, headers); res.end(body) })
    server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })))
  `
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
  const url = await new Promise<string>((resolve) => {
    readline
      .createInterface({ input: child.stdout! })
      .once('line', (line) => resolve(`http://127.0.0.1:${JSON.parse(line).port}`))
  })
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

type Measured = { rps: number; p50: number; p99: number; errors: number; non2xx: number }

function load(url: string, cookie?: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: cookie ? { cookie } : {},
      },
      (error, result) => {
        if (error) return reject(error)
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        })
      },
    )
  })
}

// ---- the hotel ----

type Db = ReturnType<typeof knexFactory>

async function openDatabase(kind: 'pg' | 'embedded', dataDir: string, pgUrl?: string) {
  process.env.DATA_DIR = dataDir
  process.env.LOG_LEVEL = 'silent'
  if (kind === 'pg') process.env.DATABASE_URL = pgUrl
  else delete process.env.DATABASE_URL
  const { resetEnvCache } = await import('../app/infra/env.server')
  resetEnvCache()
  const { getDb, closeDb } = await import('../app/infra/db.server')
  return { db: (await getDb()) as unknown as Db, close: closeDb }
}

async function seedDemo(db: Db) {
  await db.raw(
    'TRUNCATE booking_services, bookings, reviews, service_staff, services, pet_images, pets, sessions, users, rate_limits RESTART IDENTITY CASCADE',
  )
  const { seedDemoData } = await import('../app/models/demo-seed.server')
  await seedDemoData()
}

async function fillBusyHotel(db: Db, today: string) {
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
    INSERT INTO booking_services (booking_id, service_id, service_name, price_cents)
    SELECT b.id, 1 + b.id % 5, 'Bench service', 1000 FROM bookings b
    WHERE NOT EXISTS (SELECT 1 FROM booking_services s WHERE s.booking_id = b.id)`)
  await db.raw(`
    INSERT INTO reviews (client_id, review, paws, created_at)
    SELECT u.id, 'A lovely stay number ' || g, 1 + g % 5, now() - (g || ' minutes')::interval
    FROM generate_series(1, 20000) g JOIN users u ON u.id = 10 + g % 1500`)
  await db.raw('ANALYZE')
}

// ---- a run ----

type Row = {
  target: string
  'app req/s': number
  'bare req/s': number
  ratio: number
  'p50 ms': number
  'p99 ms': number
  errors: number
}

async function login(url: string, who: Who): Promise<string | undefined> {
  if (who === 'visitor') return undefined
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `demo-${who}@example.com`, password: 'password' }),
  })
  if (res.status !== 200) throw new Error(`login as ${who}: ${res.status}`)
  return res.headers.getSetCookie()[0].split(';')[0]
}

async function measureAll(app: Running, today: string): Promise<Row[]> {
  const cookies = new Map<Who, string | undefined>()
  for (const who of ['visitor', 'client', 'employee', 'manager'] as Who[])
    cookies.set(who, await login(app.url, who))
  const rows: Row[] = []
  for (const target of targetsFor(today)) {
    const cookie = cookies.get(target.who)
    const captured = await capture(app.url + target.path, cookie)
    const measured = await load(app.url + target.path, cookie)
    const bare = await startBare(captured)
    const baseline = await load(bare.url + target.path)
    await bare.stop()
    const row: Row = {
      target: `${target.name} [${captured.status}, ${round(captured.body.length / 1024, 1)} KB]`,
      'app req/s': round(measured.rps),
      'bare req/s': round(baseline.rps),
      ratio: round(measured.rps / baseline.rps, 3),
      'p50 ms': measured.p50,
      'p99 ms': measured.p99,
      errors: measured.errors + measured.non2xx,
    }
    rows.push(row)
    console.log(JSON.stringify(row))
  }
  return rows
}

async function runOn(kind: 'pg' | 'embedded', pgUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-hotel-bench-'))
  const serverEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    SESSION_SECRET: 'bench-secret-bench-secret',
    // autocannon and the logins come from one address.
    RATE_LIMIT_LOGIN_FAILURES_PER_IP: '100000',
    RATE_LIMIT_LOGINS_PER_IP: '100000',
    ...(kind === 'pg' ? { DATABASE_URL: pgUrl! } : {}),
  }
  let { db, close } = await openDatabase(kind, dataDir, pgUrl)
  await seedDemo(db)
  const { hotelClock } = await import('../app/infra/clock.server')
  const { today } = hotelClock()
  await close()

  const results: Record<string, Row[]> = {}
  let app = await startApp(serverEnv)
  results.demo = await measureAll(app, today)
  await app.stop()

  if (values.busy === 'true') {
    ;({ db, close } = await openDatabase(kind, dataDir, pgUrl))
    console.log(`Filling a busy hotel: ${BOOKINGS} bookings, 20,000 reviews, 1,500 clients…`)
    await fillBusyHotel(db, today)
    await close()
    app = await startApp(serverEnv)
    results.busy = await measureAll(app, today)
    await app.stop()
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
  return results
}

async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T> {
  if (process.env.BENCH_DATABASE_URL) return fn(process.env.BENCH_DATABASE_URL)
  const admin = knexFactory({
    client: 'pg',
    connection: 'postgres://postgres@127.0.0.1:5432/postgres',
  })
  const name = `pethotel_bench_${process.pid}`
  await admin.raw(`CREATE DATABASE ${name}`)
  try {
    return await fn(`postgres://postgres@127.0.0.1:5432/${name}`)
  } finally {
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.destroy()
  }
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}`
console.log(`Bench: ${CONNECTIONS} connections × ${SECONDS} s per target on ${machine}`)
for (const kind of values.db === 'both'
  ? (['pg', 'embedded'] as const)
  : [values.db as 'pg' | 'embedded']) {
  const results =
    kind === 'pg' ? await withPostgres((url) => runOn('pg', url)) : await runOn('embedded')
  for (const [hotel, rows] of Object.entries(results)) {
    console.log(`\n${kind === 'pg' ? 'PostgreSQL' : 'Embedded (PGlite)'} — ${hotel} hotel`)
    console.table(rows)
  }
}
