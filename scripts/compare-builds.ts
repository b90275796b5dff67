// `npm run compare-builds -- --builds build-before,build --who client --path /pets`:
// what a change saves in CPU per request, measured in one process.
//
// Runs of `npm run bench` on these shared hosts differ by ±15% for the same
// code, so a change of a few percent cannot be seen in them. Here both
// builds' React Router handlers are loaded into one process, on one database,
// and take turns: a batch of `--concurrency` requests to one, then to the
// other (the order flipped every round), each batch's CPU time measured. What
// the host does to one, it does to the other. A build against itself differs
// by up to ~3% this way. It measures the route's own work (loaders, render) and not
// the server's layers around React Router (server/), which both builds share.
//
// The database: demo data in a PostgreSQL database made for the run on
// 127.0.0.1 and dropped after (`--busy` adds the busy hotel of the bench).
// Build the "before" into a directory of its own first (react-router.config.ts
// builds into BUILD_DIR):
//   git stash && BUILD_DIR=build-before npm run build && git stash pop && npm run build
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { hotelOn, withPostgres } from './lib/hotel-data'
import { demoLogin } from './lib/load'
import { spawnServer } from './lib/spawn-server'

const { values } = parseArgs({
  options: {
    builds: { type: 'string', default: 'build-before,build' },
    who: { type: 'string', default: 'client' },
    path: { type: 'string', default: '/pets' },
    rounds: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '8' },
    busy: { type: 'boolean', default: false },
  },
})
if (process.env.NODE_ENV !== 'production') {
  // React picks its build when first loaded: both builds must find the production one.
  console.error('Run with NODE_ENV=production (npm run compare-builds sets it).')
  process.exit(1)
}

const ROUNDS = Number(values.rounds)
const CONCURRENCY = Number(values.concurrency)
const builds = values.builds!.split(',')

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]
const quartiles = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return [sorted[Math.floor(sorted.length / 4)], sorted[Math.floor((sorted.length * 3) / 4)]]
}

await withPostgres(async (url) => {
  const { dataDir, today } = await hotelOn(url, { busy: values.busy })

  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DEMO_MODE: 'true',
    SESSION_SECRET: 'compare-builds-secret-compare',
    RATE_LIMIT_LOGINS_PER_IP: '100000',
  }
  let cookie: string | undefined
  if (values.who !== 'visitor') {
    const server = await spawnServer(env, { quiet: true })
    cookie = await demoLogin(server.url, values.who!)
    await server.stop()
  }
  Object.assign(process.env, env, { LOG_LEVEL: 'silent' })
  // The environment is read once per process (the builds share that reading).
  const { resetEnvCache } = await import('../app/infra/env.server')
  resetEnvCache()

  const target = `http://localhost${values.path!.replace('TODAY', today)}`
  const handlers = await Promise.all(
    builds.map(async (dir) => {
      const file = pathToFileURL(path.resolve(dir, 'server/index.js')).href
      return createRequestHandler((await import(file)) as ServerBuild, 'production')
    }),
  )
  const quiet = { info() {}, warn() {}, debug() {}, error: console.error }
  const context = () => ({
    cspNonce: 'compare',
    clientIp: '127.0.0.1',
    requestId: 'compare',
    logger: { ...quiet, child: () => quiet },
  })
  const one = async (handler: (typeof handlers)[number]) => {
    const res = await handler(
      new Request(target, { headers: cookie ? { cookie } : {} }),
      context() as never,
    )
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${target} answered ${res.status}`)
  }
  const batch = (handler: (typeof handlers)[number]) =>
    Promise.all(Array.from({ length: CONCURRENCY }, () => one(handler)))

  // Warm up: the JIT, the pools, the prepared statements.
  for (const handler of handlers) for (let i = 0; i < 25; i++) await batch(handler)
  const perRequest: number[][] = builds.map(() => [])
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...handlers.keys()].reverse() : [...handlers.keys()]
    for (const k of order) {
      const start = process.cpuUsage()
      await batch(handlers[k])
      const used = process.cpuUsage(start)
      perRequest[k].push((used.user + used.system) / 1000 / CONCURRENCY)
    }
  }
  console.log(
    `${values.who} ${target}, ${ROUNDS} rounds of ${CONCURRENCY} requests each, CPU ms a request:`,
  )
  builds.forEach((dir, k) => {
    const [p25, p75] = quartiles(perRequest[k])
    console.log(
      `  ${dir}: median ${median(perRequest[k]).toFixed(3)} (quartiles ${p25.toFixed(3)}–${p75.toFixed(3)})`,
    )
  })
  fs.rmSync(dataDir, { recursive: true, force: true })
})
process.exit(0)
