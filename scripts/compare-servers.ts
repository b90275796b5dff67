// `npm run compare-servers -- --dirs /tmp/before,. --who employee --path /pets [--busy]`:
// what a change does to a whole server under load, measured side by side.
//
// `npm run bench` compares the app with a bare server, and its runs differ by
// ±15% on these shared hosts; `npm run compare-builds` measures a route's own
// work in one process, but not the server's layers around it (server/,
// app/http) nor what PostgreSQL does. Here each checkout in `--dirs` (a
// `git worktree` of the code before, built, and this one) runs as a
// production server in turn, on one database, under the bench's load
// (autocannon, 32 connections), the order flipped every round. Besides
// requests a second and p50/p99, it reads from /proc the CPU the server and
// PostgreSQL's processes spent on the measured load and divides it by the
// requests answered: the app and PostgreSQL share this host's cores, so a
// change that moves work from one to the other (a query that builds JSON in
// PostgreSQL, say) shows there, where requests a second barely move.
//
//   git worktree add /tmp/before HEAD && ln -s "$PWD/node_modules" /tmp/before/ && (cd /tmp/before && npm run build)
//   npm run build && npm run compare-servers -- --dirs /tmp/before,. --who manager --path '/api/bookings?page=1' --busy
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { hotelOn, withPostgres } from './lib/hotel-data'
import { demoLogin, load, LOAD_SERVER_ENV, machine, round } from './lib/load'
import { spawnServer } from './lib/spawn-server'

const { values } = parseArgs({
  options: {
    dirs: { type: 'string', default: '.' },
    who: { type: 'string', default: 'client' },
    path: { type: 'string', default: '/pets' },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '6' },
    busy: { type: 'boolean', default: false },
  },
})
const dirs = values.dirs!.split(',').map((d) => path.resolve(d))
const SECONDS = Number(values.seconds)

/** CPU time (user and system) of these processes so far, in seconds. */
function cpuSeconds(pids: number[]): number {
  const tick = 100 // USER_HZ, 100 on Linux
  let ticks = 0
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // A process that ended meanwhile (a PostgreSQL backend) counts no more.
    }
  }
  return ticks / tick
}

/** PostgreSQL's processes on this host (its server runs here, as on CI). */
function postgresPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres'
      } catch {
        return false
      }
    })
    .map(Number)
}

type Row = {
  checkout: string
  'req/s': number
  'p50 ms': number
  'p99 ms': number
  errors: number
  'app µs/req': number
  'PostgreSQL µs/req': number
}

await withPostgres(async (pgUrl) => {
  const { dataDir, today } = await hotelOn(pgUrl, { busy: values.busy })
  const target = values.path!.replace('TODAY', today)
  console.log(
    `compare-servers: ${target} as ${values.who}, ${values.busy ? 'busy' : 'demo'} hotel, ${values.rounds} rounds of ${SECONDS} s, on ${machine()}`,
  )
  const rows: Row[] = []
  for (let r = 0; r < Number(values.rounds); r++) {
    for (const dir of r % 2 ? [...dirs].reverse() : dirs) {
      const app = await spawnServer(
        { ...LOAD_SERVER_ENV, DATA_DIR: dataDir, DATABASE_URL: pgUrl },
        { quiet: true, cwd: dir },
      )
      try {
        const cookie = values.who === 'visitor' ? undefined : await demoLogin(app.url, values.who!)
        const url = app.url + target
        // Warm (see `load`), then measured with the CPU read around it.
        await load(url, { connections: 32, seconds: Number(values.warmup), warmup: 1, cookie })
        const before = { app: cpuSeconds([app.child.pid!]), pg: cpuSeconds(postgresPids()) }
        const m = await load(url, { connections: 32, seconds: SECONDS, warmup: 1, cookie })
        // autocannon's own one-second warm-up runs inside the CPU window too.
        const answered = m.rps * (SECONDS + 1)
        const perRequest = (s: number) => round((s / answered) * 1e6)
        const row: Row = {
          checkout: path.relative(process.cwd(), dir) || '.',
          'req/s': round(m.rps),
          'p50 ms': m.p50,
          'p99 ms': m.p99,
          errors: m.errors,
          'app µs/req': perRequest(cpuSeconds([app.child.pid!]) - before.app),
          'PostgreSQL µs/req': perRequest(cpuSeconds(postgresPids()) - before.pg),
        }
        rows.push(row)
        console.log(JSON.stringify(row))
      } finally {
        await app.stop()
      }
    }
  }
  console.table(rows)
  fs.rmSync(dataDir, { recursive: true, force: true })
})
