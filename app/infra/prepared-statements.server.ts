import crypto from 'node:crypto'
import ClientPg from 'knex/lib/dialects/postgres/index.js'
import type pg from 'pg'
import { ReadPipeline } from './read-pipeline.server'

// Prepared statements for the hot key lookups (a session's user, a token's
// user, a client's pets…). PostgreSQL parses and plans an ordinary query
// every time: for the session lookup that is ~200 µs of the database's CPU
// against ~50 µs to run it, on a machine where the database and the app
// share the cores. A query marked with `.options(PREPARED)` is sent as a
// named statement instead, so each connection parses and plans it once.
//
// Every query with parameters — named or not — is planned for no value in
// particular (a generic plan): the connections are set so
// (`planPreparedGenerically`), and PostgreSQL applies that setting to the
// unnamed statement of an ordinary query too. So a query must be written so
// that its generic plan is good: an index whose use does not hang on the
// values, and no plain comparison the planner might AND in from another
// index when it cannot tell how many rows it matches (see `whereStaying`).
// tests/api/bookings-pages.test.ts (150,000 bookings) and
// tests/api/growing-pages-plans.test.ts (thousands of clients, pets and
// reviews) explain the queries of the pages that grow with the hotel that way.
//
// PREPARED is for reads whose plan never changes with the values: equality
// on a key or an indexed column, or a window whose width never changes (the
// stays covering one day). The name is a hash of the SQL text, so a builder
// whose text varies (an optional filter) gets one statement per shape rather
// than a clash. Outside a transaction such a read runs on the server's read
// pipeline (app/infra/read-pipeline.server.ts), with every other request's
// lookups; so it must be quick and wait on nothing, which a key lookup is,
// and a list's page only while it passes few rows first
// (readPage, app/models/batches.server.ts). A read of a few hundred rows
// that runs on most requests of a page (the day sheet's month of places) is
// marked PREPARED_SCAN instead and runs on a second pipeline, behind other
// such reads but no key lookup (docs/decisions/063).

/** Options for a knex query or raw: run it as a prepared statement (on PostgreSQL). */
export const PREPARED = Object.freeze({ prepared: true })

/**
 * Options for a read of a few hundred rows that a page makes on most requests
 * (the places taken over the day sheet's month): prepared, and outside a
 * transaction on the server's second read pipeline, where such reads queue
 * behind one another (a few ms each) and hold up no key lookup. On the pool
 * each would wake an idle PostgreSQL process and be parsed and planned anew.
 */
export const PREPARED_SCAN = Object.freeze({ prepared: true, scan: true })

/**
 * A PostgreSQL array literal for integer ids ('{1,2,3}'), for `= ANY(?::int[])`:
 * one parameter and one statement text for any number of ids (a list of
 * parameters would make a text per length, and a long one would exceed the
 * protocol's limit). Both drivers pass it as text.
 */
export function toPgArray(ids: number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`
}

type Compiled = { sql: string; options?: Record<string, unknown> }
type Connection = {
  query: (config: unknown, callback: (error: unknown, result: unknown) => void) => void
  connection?: { parsedStatements?: Record<string, string> }
}

const names = new Map<string, string>()
const statementName = (sql: string) => {
  let name = names.get(sql)
  if (!name) {
    name = 'ph_' + crypto.createHash('sha1').update(sql).digest('base64url')
    // The texts are the app's own query shapes: a few dozen; the bound is a safety net.
    if (names.size < 1000) names.set(sql, name)
  }
  return name
}

type PoolConnection = { query: (sql: string, callback: (error: Error | null) => void) => void }

/** planPreparedGenerically for a connection opened outside the pool. */
const plannedGenerically = (client: pg.Client) =>
  new Promise<void>((resolve, reject) =>
    planPreparedGenerically(client as unknown as PoolConnection, (error) =>
      error ? reject(error) : resolve(),
    ),
  )

/**
 * Every new connection plans its prepared statements generically from the
 * first run (PostgreSQL's default re-plans them for their values five times,
 * then keeps re-planning any whose generic plan looks dearer — for an
 * `= ANY(array)` lookup, always). The setting applies to every statement with
 * parameters, and PostgreSQL has no way to set it for named statements
 * alone; planning them all for their values instead cost the day's bookings
 * ~30% of their requests per second (its PostgreSQL CPU per request
 * 0.14 → 0.30 ms), measured side by side. Ordinary queries gain nothing from
 * a generic plan (they are planned on every run either way) and are written
 * to plan well without their values (see the note at the top).
 */
export function planPreparedGenerically(
  connection: PoolConnection,
  done: (error: Error | null, connection: PoolConnection) => void,
) {
  connection.query('set plan_cache_mode = force_generic_plan', (error) => done(error, connection))
}

/** An error PostgreSQL raises when a prepared statement's columns changed under it (a migration). */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  /cached plan must not change result type/.test((error as Error).message)

type PgClientClass = new (...args: unknown[]) => {
  connectionSettings: pg.ClientConfig
  _query(connection: Connection, obj: Compiled): Promise<unknown>
  destroy(callback?: (error?: unknown) => void): Promise<void>
}

/** A read: what a PREPARED statement must be to run on the read pipeline. */
const isRead = (obj: Compiled & { method?: string }) =>
  obj.method === 'select' ||
  obj.method === 'first' ||
  obj.method === 'pluck' ||
  (obj.method === 'raw' &&
    /^\s*select\b/i.test(obj.sql) &&
    !/\bfor\s+(update|share|no key|key)\b/i.test(obj.sql))

/**
 * knex's PostgreSQL client, with statements marked PREPARED sent as named
 * ones: outside a transaction on the read pipeline (PREPARED_SCAN: the scans'
 * pipeline), inside one on the transaction's connection (where its own
 * writes are seen).
 */
export class PreparingPgClient extends (ClientPg as unknown as PgClientClass) {
  /** The key lookups' pipeline and the scans', each opened on first use. */
  #pipelines: { lookups?: ReadPipeline; scans?: ReadPipeline } = {}

  async _query(connection: Connection & { __knexTxId?: string }, obj: Compiled) {
    if (!obj.options?.prepared) return super._query(connection, obj)
    const name = statementName(obj.sql)
    const pipeline =
      connection.__knexTxId === undefined && isRead(obj)
        ? this.#pipeline(obj.options.scan ? 'scans' : 'lookups')
        : null
    const on = pipeline ? ((await pipeline.connection()) as unknown as Connection) : connection
    try {
      return await super._query(on, { ...obj, options: { name } })
    } catch (error) {
      pipeline?.failed(error)
      if (!isStalePlan(error)) throw error
      // The table changed since this connection prepared the statement: drop
      // it (or the pipeline's connection, whose other statements may be stale
      // too), and run this one as an ordinary query on the pool's connection.
      if (pipeline) pipeline.reset()
      else {
        delete connection.connection?.parsedStatements?.[name]
        await super._query(connection, { sql: `deallocate "${name}"` } as Compiled)
      }
      return super._query(connection, { ...obj, options: undefined })
    }
  }

  #pipeline(lane: 'lookups' | 'scans'): ReadPipeline {
    return (this.#pipelines[lane] ??= new ReadPipeline(this.connectionSettings, plannedGenerically))
  }

  async destroy(callback?: (error?: unknown) => void) {
    const open = Object.values(this.#pipelines)
    this.#pipelines = {}
    await Promise.all(open.map((pipeline) => pipeline.close()))
    return super.destroy(callback)
  }
}
