import fs from 'node:fs'
import path from 'node:path'
import { setImmediate } from 'node:timers/promises'
import { inspect } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import knexFactory, { type Knex } from 'knex'
import ClientPgLite from 'knex-pglite'
import pg from 'pg'
import type { Logger } from 'pino'
import { migrationSource } from '../../migrations/index'
import { dataDir, getEnv } from './env.server'
import { planPreparedGenerically, PREPARED, PreparingPgClient } from './prepared-statements.server'
import { singleton, replaceSingleton, clearSingleton } from './singleton.server'

// Dates, timestamps and 64-bit integers come back as the same JS types on
// both drivers: DATE and TIMESTAMP as their text ('2026-03-08', '2026-03-08
// 10:00:00'), INT8 as a number. See docs/decisions/003-database.md.
const DATE = 1082
const TIMESTAMP = 1114
const TIMESTAMPTZ = 1184
const INT8 = 20
const asText = (v: string) => v

pg.types.setTypeParser(DATE, asText)
pg.types.setTypeParser(TIMESTAMP, asText)
pg.types.setTypeParser(INT8, (v: string) => Number(v))

export type Db = Knex
export type DbKind = 'pglite' | 'postgres'

type Holder = { db: Db; kind: DbKind; ready: Promise<void> }

type ResponseObject = { method?: string }
type PgliteClientClass = new (...args: unknown[]) => {
  processResponse(obj: ResponseObject, runner: unknown): unknown
  _query(connection: unknown, obj: { options?: { prepared?: boolean } }): Promise<unknown>
}

/**
 * knex-pglite names a delete's result after knex's method ('del'), not the
 * SQL command, so knex's pg dialect returns the driver's raw result instead
 * of the number of rows deleted, as it does on PostgreSQL. Named right, a
 * delete answers a count on both drivers.
 */
class PgliteClient extends (ClientPgLite as unknown as PgliteClientClass) {
  processResponse(obj: ResponseObject, runner: unknown) {
    return super.processResponse(obj.method === 'del' ? { ...obj, method: 'delete' } : obj, runner)
  }

  /**
   * Each query waits for the event loop's next turn first, so that requests
   * are served in turn: PGlite answers on this thread through promises alone,
   * so without the wait each request ran start to finish within one turn and
   * a newly opened connection (libuv accepts one a turn) waited behind all of
   * them, seconds under load (docs/decisions/052).
   *
   * PGlite has one connection and no named statements: PREPARED is for PostgreSQL.
   */
  async _query(connection: unknown, obj: { options?: { prepared?: boolean } }) {
    await setImmediate()
    return super._query(connection, obj.options?.prepared ? { ...obj, options: undefined } : obj)
  }
}

/**
 * knex's own warnings (a connection that could not be made, a deprecation)
 * go to the server's log as JSON lines. knex's default prints them with
 * console.log on stdout, among the log's lines and unparseable for whoever
 * reads them.
 */
type KnexLogger = Pick<Logger, 'warn' | 'error' | 'debug'>

function knexLog(logger: KnexLogger): Knex.Config['log'] {
  const text = (message: unknown) =>
    typeof message === 'string' ? message : inspect(message, { depth: 4 })
  return {
    warn: (message: unknown) => logger.warn({ from: 'knex' }, text(message)),
    error: (message: unknown) => logger.error({ from: 'knex' }, text(message)),
    deprecate: (message: unknown) => logger.warn({ from: 'knex' }, text(message)),
    debug: (message: unknown) => logger.debug({ from: 'knex' }, text(message)),
  }
}

/** Builds a knex instance for a connection string, or an embedded PGlite at `pgliteDir` ('memory://' for tests). */
export function createDb(options: {
  databaseUrl?: string
  pgliteDir?: string
  /** A PGlite data-dir dump to start from (tests copy one migrated database). */
  pgliteLoad?: Blob
  pool?: { min: number; max: number }
  /** Where knex's own warnings go; knex prints them on stdout without one. */
  logger?: KnexLogger
}): { db: Db; kind: DbKind } {
  const log = options.logger ? knexLog(options.logger) : undefined
  if (options.databaseUrl) {
    const db = knexFactory({
      client: PreparingPgClient as unknown as typeof knexFactory.Client,
      dialect: 'postgres',
      connection: options.databaseUrl,
      pool: { ...(options.pool ?? { min: 0, max: 10 }), afterCreate: planPreparedGenerically },
      // Error messages carry the SQL with its placeholders, never the values (emails, names).
      compileSqlOnError: false,
      log,
    })
    return { db, kind: 'postgres' }
  }
  const dir = options.pgliteDir ?? path.join(dataDir(), 'pgdata')
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true })
  const pglite = new PGlite({
    dataDir: dir.startsWith('memory://') ? undefined : dir,
    loadDataDir: options.pgliteLoad,
    // For the EXCLUDE constraint that keeps a pet's stays apart (migration 015).
    extensions: { btree_gist },
    parsers: {
      [DATE]: asText,
      [TIMESTAMP]: asText,
      [TIMESTAMPTZ]: asText,
      [INT8]: (v: string) => Number(v),
    },
  })
  const db = knexFactory({
    client: PgliteClient as unknown as typeof knexFactory.Client,
    dialect: 'postgres',
    connection: (() => ({ pglite })) as unknown as Knex.StaticConnectionConfig,
    compileSqlOnError: false,
    log,
  })
  return { db, kind: 'pglite' }
}

export async function migrate(db: Db) {
  await db.migrate.latest({ migrationSource })
}

let processLogger: KnexLogger | undefined

/** The server's logger, for knex's warnings; set before the first getDb(). */
export function logDatabaseTo(logger: KnexLogger) {
  processLogger = logger
}

function fromEnvironment(): Holder {
  const env = getEnv()
  const { db, kind } = createDb({ databaseUrl: env.DATABASE_URL, logger: processLogger })
  return { db, kind, ready: migrate(db) }
}

/** The process-wide database, migrated before first use. */
export async function getDb(): Promise<Db> {
  const holder = singleton('db', fromEnvironment)
  await holder.ready
  return holder.db
}

export function dbKind(): DbKind {
  return singleton('db', fromEnvironment).kind
}

/** Tests install their own per-file database. */
export function installDb(db: Db, kind: DbKind) {
  replaceSingleton<Holder>('db', { db, kind, ready: Promise.resolve() })
}

export async function closeDb() {
  const store = globalThis as unknown as { __petHotel?: { db?: Holder } }
  const holder = store.__petHotel?.db
  if (holder) {
    clearSingleton('db')
    await holder.ready.catch(() => {})
    await holder.db.destroy()
  }
}

/** PostgreSQL may still pick a deadlock victim (e.g. with other writers); a retry or two is enough. */
export async function withDeadlockRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn()
    } catch (error) {
      const code = (error as { code?: string }).code
      if (attempt < 3 && (code === '40P01' || code === '40001')) continue
      throw error
    }
  }
}

/**
 * Independent reads in one round trip: one statement whose columns are the
 * reads' rows as JSON arrays, so that its one row is `{name: rows}`
 * (`rowsOf`). A round trip costs the app's one thread as much as a small
 * query costs PostgreSQL (the driver's work, the socket's write and read,
 * knex's runner), so a page that needs four lists of a few rows waits for
 * one instead of four.
 *
 * Each read keeps its own ORDER BY (the aggregate reads its subquery in
 * order). Its columns must read the same as JSON as from the driver:
 * integers, text, booleans, dates, and times already made text with to_char
 * — a timestamp or numeric column would change shape. Prepared when `prepared`.
 */
export function oneRoundTripQuery(
  db: Knex | Knex.Transaction,
  reads: Record<string, Knex.QueryBuilder>,
  { prepared = false }: { prepared?: boolean } = {},
): Knex.Raw {
  const columns: string[] = []
  const bindings: Knex.Value[] = []
  for (const [name, read] of Object.entries(reads)) {
    const compiled = read.toSQL()
    columns.push(`(select coalesce(json_agg(t), '[]'::json) from (${compiled.sql}) t) as "${name}"`)
    bindings.push(...(compiled.bindings as Knex.Value[]))
  }
  const query = db.raw(`select ${columns.join(',\n  ')}`, bindings)
  return prepared ? query.options(PREPARED) : query
}

type Compiled = {
  sql: string
  slots: ({ param: number } | { value: Knex.Value })[]
  options: object
}

/**
 * A hot read whose SQL text never depends on its values, compiled by knex
 * once instead of on every run: `build` makes it from stand-ins for its
 * parameters, and each run binds the real values in their places. knex
 * compiles a query builder every time it runs one; for the day's bookings
 * that was ~13% of the server's main thread.
 *
 * `build` must put each parameter into the query as it is, as a bound value
 * (not transformed, not spliced into the text, not turned into several
 * values); the first run checks that every stand-in came through, and
 * tests/api/compiled-once.test.ts that the text and values are the ones
 * `build` gives. The text is kept per database client (the two drivers may
 * write it differently).
 *
 * A parameter that is a number on the first run gets a number for its
 * stand-in, so that it may be a `limit` or an `offset` (knex binds those
 * only for a number). An `offset` of 0 is then bound, where knex would leave
 * the clause out: the same rows.
 */
export function compiledOnce<Params extends Knex.Value[]>(
  build: (db: Knex | Knex.Transaction, ...params: Params) => Knex.QueryBuilder | Knex.Raw,
): (db: Knex | Knex.Transaction, ...params: Params) => Knex.Raw {
  const byClient = new WeakMap<object, Compiled>()
  return (db, ...params) => {
    const key = db.client.config as object
    let compiled = byClient.get(key)
    if (!compiled) byClient.set(key, (compiled = compile(db, build, params)))
    const bindings = compiled.slots.map((slot) =>
      'param' in slot ? params[slot.param] : slot.value,
    )
    return db.raw(compiled.sql, bindings).options(compiled.options)
  }
}

/** The rows of a raw query, such as `compiledOnce` makes (both drivers answer `{ rows }`). */
export async function rowsOf<Row>(query: Knex.Raw): Promise<Row[]> {
  return ((await query) as { rows: Row[] }).rows
}

// Far above any count of rows, and far apart, so that no value a query of
// the app binds, nor one worked out from a stand-in (`limit + 1`), is taken
// for one.
const numberStandIn = (i: number) => 2 ** 52 + i * 2 ** 40

function compile<Params extends Knex.Value[]>(
  db: Knex | Knex.Transaction,
  build: (db: Knex | Knex.Transaction, ...params: Params) => Knex.QueryBuilder | Knex.Raw,
  first: Params,
): Compiled {
  const standIns = first.map((value, i) =>
    typeof value === 'number' ? numberStandIn(i) : `\u0000param ${i}\u0000`,
  )
  const { sql, bindings, options } = build(db, ...(standIns as Params)).toSQL()
  const slots = (bindings as Knex.Value[]).map((value) => {
    const param = standIns.indexOf(value as string | number)
    return param === -1 ? { value } : { param }
  })
  for (let i = 0; i < first.length; i++)
    if (!slots.some((slot) => 'param' in slot && slot.param === i))
      throw new Error(`compiledOnce: parameter ${i} is not bound as it is`)
  return { sql, slots, options: options ?? {} }
}

/**
 * Runs independent queries together: at once on the pool (each on its own
 * connection), one after another in a transaction, whose one connection
 * takes one query at a time (the driver would queue them, and warns that it
 * will stop).
 */
export async function concurrently<T extends readonly unknown[]>(
  db: Knex | Knex.Transaction,
  tasks: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!db.isTransaction) return (await Promise.all(tasks.map((task) => task()))) as unknown as T
  const results: unknown[] = []
  for (const task of tasks) results.push(await task())
  return results as unknown as T
}
