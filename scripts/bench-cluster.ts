// `npm run bench:cluster`: the same targets on one app server, and on two app
// servers behind nginx on one PostgreSQL database (photos on a local S3), each
// beside a bare node:http server answering the same bytes. What a second
// server buys depends on the machine: on two cores, nginx, two servers and
// the load generator share them.
//
//   npm run build && npm run bench:cluster [-- --seconds 10 --connections 32]
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { startCluster } from './lib/cluster'
import { hotelOn, withPostgres } from './lib/hotel-data'
import { capture, demoLogin, load, LOAD_SERVER_ENV, machine, round, startBare } from './lib/load'
import { spawnServer } from './lib/spawn-server'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
  },
})
const SECONDS = Number(values.seconds)
const CONNECTIONS = Number(values.connections)

type Who = 'visitor' | 'client' | 'employee'

function targetsFor(today: string): { name: string; path: string; who: Who }[] {
  return [
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
  ]
}

async function measure(url: string, today: string) {
  const cookies = new Map<Who, string | undefined>([['visitor', undefined]])
  for (const who of ['client', 'employee'] as const) cookies.set(who, await demoLogin(url, who))
  const out = new Map<
    string,
    { rps: number; p99: number; errors: number; captured: Awaited<ReturnType<typeof capture>> }
  >()
  for (const t of targetsFor(today)) {
    const cookie = cookies.get(t.who)
    const captured = await capture(url + t.path, cookie)
    const m = await load(url + t.path, { connections: CONNECTIONS, seconds: SECONDS, cookie })
    out.set(t.name, { rps: m.rps, p99: m.p99, errors: m.errors, captured })
    console.log(
      JSON.stringify({ url, target: t.name, rps: round(m.rps), p99: m.p99, errors: m.errors }),
    )
  }
  return out
}

console.log(`Cluster bench: ${CONNECTIONS} connections × ${SECONDS} s per target on ${machine()}`)
await withPostgres(async (databaseUrl) => {
  const { dataDir, today } = await hotelOn(databaseUrl)

  const one = await spawnServer({ ...LOAD_SERVER_ENV, DATABASE_URL: databaseUrl }, { quiet: true })
  const single = await measure(one.url, today)
  await one.stop()

  const cluster = await startCluster({ databaseUrl, env: LOAD_SERVER_ENV, quiet: true })
  const pair = await measure(cluster.url, today)
  await cluster.stop()

  const rows = []
  for (const t of targetsFor(today)) {
    const s = single.get(t.name)!
    const p = pair.get(t.name)!
    const bare = await startBare(s.captured)
    const baseline = await load(bare.url + t.path, { connections: CONNECTIONS, seconds: SECONDS })
    await bare.stop()
    rows.push({
      target: t.name,
      'one server req/s': round(s.rps),
      'two + nginx req/s': round(p.rps),
      'bare req/s': round(baseline.rps),
      'one p99 ms': s.p99,
      'two p99 ms': p.p99,
      errors: s.errors + p.errors,
    })
  }
  console.log('\nPostgreSQL — demo hotel, one server vs two behind nginx')
  console.table(rows)
  fs.rmSync(dataDir, { recursive: true, force: true })
})
