// `npm run bench`: how fast the app answers, side by side with the fastest a
// Node server can answer the very same bytes here.
//
// For each target: the built app runs as a production server in a process of
// its own; autocannon (32 connections, 10 s, after 10 s of the same load not
// counted — see `load` for why a server is measured warm) measures it; then a bare
// `node:http` server that answers the bytes the app answered (status, headers,
// body, captured once) is measured the same way. The table gives both rates,
// their ratio, p50/p99 and errors — for the demo hotel, then the same after
// filling a busy one (150,000 bookings, 20,000 reviews, 1,500 clients), on
// PostgreSQL and on the embedded database.
//
//   npm run build && npm run bench [-- --db pg|embedded|both --seconds 10 --warmup 10 --connections 32 --only /api]
//   BENCH_DATABASE_URL=postgres://… picks the PostgreSQL database (else one is made and dropped on 127.0.0.1).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { fillBusyHotel, openDatabase, seedDemo, withPostgres } from './lib/hotel-data'
import { capture, demoLogin, load, LOAD_SERVER_ENV, machine, round, startBare } from './lib/load'
import { spawnServer, type SpawnedServer } from './lib/spawn-server'

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    bookings: { type: 'string', default: '150000' },
    only: { type: 'string' },
    busy: { type: 'string', default: 'true' },
  },
})
const SECONDS = Number(values.seconds)
const WARMUP = Number(values.warmup)
const CONNECTIONS = Number(values.connections)
const BOOKINGS = Number(values.bookings)
// The load each target gets, the app and the bare server alike.
const LOAD = { connections: CONNECTIONS, seconds: SECONDS, warmup: WARMUP }

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

async function measureAll(app: SpawnedServer, today: string): Promise<Row[]> {
  const cookies = new Map<Who, string | undefined>([['visitor', undefined]])
  for (const who of ['client', 'employee', 'manager'] as const)
    cookies.set(who, await demoLogin(app.url, who))
  const rows: Row[] = []
  for (const target of targetsFor(today)) {
    const cookie = cookies.get(target.who)
    const captured = await capture(app.url + target.path, cookie)
    const measured = await load(app.url + target.path, { ...LOAD, cookie })
    const bare = await startBare(captured)
    // The same load and warm-up, though a server that only replays bytes has nothing to compile.
    const baseline = await load(bare.url + target.path, LOAD)
    await bare.stop()
    const row: Row = {
      target: `${target.name} [${captured.status}, ${round(captured.body.length / 1024, 1)} KB]`,
      'app req/s': round(measured.rps),
      'bare req/s': round(baseline.rps),
      ratio: round(measured.rps / baseline.rps, 3),
      'p50 ms': measured.p50,
      'p99 ms': measured.p99,
      errors: measured.errors,
    }
    rows.push(row)
    console.log(JSON.stringify(row))
  }
  return rows
}

async function runOn(kind: 'pg' | 'embedded', pgUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-hotel-bench-'))
  const serverEnv: Record<string, string> = {
    ...LOAD_SERVER_ENV,
    DATA_DIR: dataDir,
    ...(kind === 'pg' ? { DATABASE_URL: pgUrl! } : {}),
  }
  let { db, close } = await openDatabase(kind, dataDir, pgUrl)
  await seedDemo(db)
  const { hotelClock } = await import('../app/infra/clock.server')
  const { today } = hotelClock()
  await close()

  const results: Record<string, Row[]> = {}
  let app = await spawnServer(serverEnv, { quiet: true })
  results.demo = await measureAll(app, today)
  await app.stop()

  if (values.busy === 'true') {
    ;({ db, close } = await openDatabase(kind, dataDir, pgUrl))
    console.log(`Filling a busy hotel: ${BOOKINGS} bookings, 20,000 reviews, 1,500 clients…`)
    await fillBusyHotel(db, today, BOOKINGS)
    await close()
    app = await spawnServer(serverEnv, { quiet: true })
    results.busy = await measureAll(app, today)
    await app.stop()
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
  return results
}

console.log(
  `Bench: ${CONNECTIONS} connections × ${SECONDS} s per target (after ${WARMUP} s of warm-up) on ${machine()}`,
)
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
