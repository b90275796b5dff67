import { execSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import type { PGlite } from '@electric-sql/pglite'
import knexFactory from 'knex'
import { createDb, migrate } from '../../app/infra/db.server'

// Once per run: build the app if its sources changed (the API tests drive the
// real server build over HTTP), and prepare a migrated database to copy per
// test file — a PGlite data-dir dump, or a PostgreSQL template database.
export default async function setup(project: TestProject) {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' })

  const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-hotel-test-'))
  project.provide('workDir', workDir)

  const pgUrl = process.env.TEST_DATABASE_URL
  let cleanup = async () => {}
  if (pgUrl) {
    const template = `pethotel_tpl_${runId}`
    const admin = knexFactory({ client: 'pg', connection: pgUrl, pool: { min: 0, max: 1 } })
    await admin.raw(`CREATE DATABASE ${template}`)
    const templateUrl = withDatabase(pgUrl, template)
    const { db } = createDb({ databaseUrl: templateUrl })
    await migrate(db)
    await db.destroy()
    project.provide('pgTemplate', template)
    cleanup = async () => {
      await admin.raw(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
      await admin.destroy()
    }
  } else {
    const { db } = createDb({ pgliteDir: 'memory://' })
    await migrate(db)
    // Dump through the raw PGlite instance behind knex.
    const raw = (await db.client.acquireConnection()) as PGlite
    const dump = await raw.dumpDataDir('none')
    const file = path.join(workDir, 'migrated.tar')
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
    await db.client.releaseConnection(raw)
    await db.destroy()
    project.provide('pgliteDump', file)
  }

  return async () => {
    await cleanup()
    const unreached = process.env.OPENAPI_COVERAGE === '1' ? await unreachedCalls(workDir) : []
    fs.rmSync(workDir, { recursive: true, force: true })
    if (unreached.length) {
      // (An error thrown here is only printed: the run must fail by its exit code.)
      console.error(
        `\nNo test reached these calls of the OpenAPI document with a success:\n  ${unreached.join('\n  ')}\n`,
      )
      process.exitCode = 1
    }
  }
}

/**
 * The documented calls no test answered with a success (a whole run only:
 * scripts/test.sh sets OPENAPI_COVERAGE). Every answer is checked against the
 * document as it comes (tests/support/openapi-contract.ts), which notes the calls it saw.
 */
async function unreachedCalls(workDir: string): Promise<string[]> {
  const { documentedCalls } = await import('./openapi-contract')
  const reached = new Set(
    fs
      .readdirSync(workDir)
      .filter((f) => f.startsWith('openapi-hits-'))
      .flatMap((f) => fs.readFileSync(path.join(workDir, f), 'utf8').split('\n')),
  )
  return documentedCalls().filter((call) => !reached.has(call))
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

declare module 'vitest' {
  export interface ProvidedContext {
    workDir: string
    pgTemplate?: string
    pgliteDump?: string
  }
}
