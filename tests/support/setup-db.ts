import fs from 'node:fs'
import path from 'node:path'
import knexFactory from 'knex'
import { afterAll, afterEach, beforeEach, inject, vi } from 'vitest'

// Per test file (each in its own process): a fresh database copied from the
// migrated one of global-setup, a private DATA_DIR, quiet logs, and a clock
// that tests pin with setNow(). console.error fails the test: noise is a bug.

const workDir = inject('workDir')
const fileId = `${process.pid}_${Math.floor(Math.random() * 1e9).toString(36)}`
const dataDir = path.join(workDir, `data_${fileId}`)
fs.mkdirSync(dataDir, { recursive: true })

process.env.NODE_ENV = 'test'
process.env.DATA_DIR = dataDir
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent'
process.env.SESSION_SECRET = 'test-session-secret-not-for-production'
process.env.DEMO_MODE = 'true'
process.env.HOTEL_TIMEZONE ??= 'America/New_York'
// Every test client comes from 127.0.0.1: the per-address limits would count
// the whole file as one visitor. Tests of the limits set their own.
process.env.RATE_LIMIT_SIGNUPS_PER_IP ??= '100000'
process.env.RATE_LIMIT_REVIEWS_PER_USER ??= '100000'
process.env.RATE_LIMIT_LOGIN_FAILURES_PER_IP ??= '100000'
process.env.RATE_LIMIT_LOGINS_PER_IP ??= '100000'
process.env.RATE_LIMIT_PASSWORD_RESETS_PER_IP ??= '100000'

const { installDb, closeDb, createDb } = await import('../../app/infra/db.server')
const { resetEnvCache } = await import('../../app/infra/env.server')
resetEnvCache()

let dropDatabase = async () => {}
const pgUrl = process.env.TEST_DATABASE_URL
if (pgUrl) {
  const template = inject('pgTemplate')!
  const name = `pethotel_t_${fileId}`.toLowerCase()
  const admin = knexFactory({ client: 'pg', connection: pgUrl, pool: { min: 0, max: 1 } })
  await admin.raw(`CREATE DATABASE ${name} TEMPLATE ${template}`)
  const url = new URL(pgUrl)
  url.pathname = `/${name}`
  process.env.DATABASE_URL = url.toString()
  resetEnvCache()
  const { db } = createDb({ databaseUrl: url.toString() })
  installDb(db, 'postgres')
  dropDatabase = async () => {
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.destroy()
  }
} else {
  delete process.env.DATABASE_URL
  const dump = fs.readFileSync(inject('pgliteDump')!)
  const { db } = createDb({ pgliteDir: 'memory://', pgliteLoad: new Blob([dump]) })
  installDb(db, 'pglite')
}

let consoleErrors: string[] = []
// pg's warning that a connection was given a second query before the first
// ended — queries of one transaction run together — is a bug here too.
process.on('warning', (warning) => {
  if (/already executing a query/.test(warning.message)) consoleErrors.push(warning.message)
})
beforeEach(() => {
  consoleErrors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(String).join(' '))
  })
})
afterEach(async () => {
  vi.restoreAllMocks()
  const { setNow } = await import('../../app/infra/clock.server')
  setNow(undefined)
  if (consoleErrors.length)
    throw new Error(`console.error was called:\n${consoleErrors.join('\n')}`)
})

afterAll(async () => {
  await closeDb()
  await dropDatabase()
  fs.rmSync(dataDir, { recursive: true, force: true })
})
