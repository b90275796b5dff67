import net from 'node:net'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, getDb } from '~/infra/db.server'
import { PREPARED, PREPARED_SCAN } from '~/infra/prepared-statements.server'
import { ReadPipeline } from '~/infra/read-pipeline.server'

// On PostgreSQL the hot key lookups (reads marked PREPARED) of every request
// in flight share one pipelined connection per server, outside transactions;
// inside one they run on its connection and see its writes. A lookup that
// fails fails alone, a lost connection is opened again, and closing the
// database closes it. Runs only on PostgreSQL (the embedded database has one
// connection and nothing to pipeline); vitest.config.ts leaves it out otherwise.

/** The PostgreSQL process that answers a read marked so (or an ordinary one, with `false`). */
const pidOf = async (
  db: Knex | Knex.Transaction,
  marked: false | typeof PREPARED | typeof PREPARED_SCAN,
) => {
  const query = db.raw('select pg_backend_pid() as pid')
  const { rows } = (await (marked ? query.options(marked) : query)) as {
    rows: { pid: number }[]
  }
  return rows[0].pid
}

beforeAll(async () => {
  const db = await getDb()
  await db.schema.createTable('pipeline_probe', (t) => {
    t.integer('id').primary()
    t.text('name')
  })
})
afterAll(async () => {
  await (await getDb()).schema.dropTableIfExists('pipeline_probe')
})

describe('the read pipeline', () => {
  it("carries every request's lookups on one connection, apart from the pool's", async () => {
    const db = await getDb()
    const lookups = await Promise.all(Array.from({ length: 24 }, () => pidOf(db, PREPARED)))
    expect(new Set(lookups).size).toBe(1)
    // Set up as the pool's connections are: every statement planned generically.
    const setting = (await db
      .raw(`select current_setting('plan_cache_mode') as mode, pg_backend_pid() as pid`)
      .options(PREPARED)) as { rows: { mode: string; pid: number }[] }
    expect(setting.rows[0]).toEqual({ mode: 'force_generic_plan', pid: lookups[0] })
    // Ordinary queries and writes keep to the pool.
    const ordinary = await Promise.all(Array.from({ length: 6 }, () => pidOf(db, false)))
    expect(ordinary).not.toContain(lookups[0])
    // Each lookup still gets its own answer.
    const echoed = await Promise.all(
      Array.from({ length: 30 }, (_, i) => db.raw('select ?::int as n', [i]).options(PREPARED)),
    )
    expect(echoed.map((r) => (r as { rows: { n: number }[] }).rows[0].n)).toEqual(
      Array.from({ length: 30 }, (_, i) => i),
    )
  })

  it("carries the scans (PREPARED_SCAN) on a pipelined connection of their own, apart from the lookups' and the pool's", async () => {
    const db = await getDb()
    const lookups = await pidOf(db, PREPARED)
    const scans = await Promise.all(Array.from({ length: 12 }, () => pidOf(db, PREPARED_SCAN)))
    expect(new Set(scans).size).toBe(1)
    expect(scans[0]).not.toBe(lookups)
    const ordinary = await Promise.all(Array.from({ length: 6 }, () => pidOf(db, false)))
    expect(ordinary).not.toContain(scans[0])
    // Set up as every connection is, and sent as named statements.
    const setting = (await db
      .raw(`select current_setting('plan_cache_mode') as mode`)
      .options(PREPARED_SCAN)) as { rows: { mode: string }[] }
    expect(setting.rows[0].mode).toBe('force_generic_plan')
    // The scans above, found by their text (this read's own text differs).
    const named = (await db
      .raw('select name from pg_prepared_statements where statement = ?', [
        'select pg_backend_pid() as pid',
      ])
      .options(PREPARED_SCAN)) as { rows: { name: string }[] }
    expect(named.rows.map((r) => r.name)).toEqual([expect.stringMatching(/^ph_/)])
    // In a transaction, a scan runs on its connection, and sees its writes.
    await db.transaction(async (trx) => {
      await trx('pipeline_probe').insert({ id: 9, name: 'scanned' })
      expect(await pidOf(trx, PREPARED_SCAN)).not.toBe(scans[0])
      const seen = await trx('pipeline_probe').where({ id: 9 }).options(PREPARED_SCAN)
      expect(seen).toEqual([{ id: 9, name: 'scanned' }])
      expect(await db('pipeline_probe').where({ id: 9 }).options(PREPARED_SCAN)).toEqual([])
    })
  })

  it("runs a transaction's lookups on its connection, where its own writes are seen", async () => {
    const db = await getDb()
    const byKey = (conn: Knex | Knex.Transaction) =>
      conn('pipeline_probe').select('name').where({ id: 7 }).first().options(PREPARED)
    const pipelinePid = await pidOf(db, PREPARED)
    await db.transaction(async (trx) => {
      await trx('pipeline_probe').insert({ id: 7, name: 'uncommitted' })
      expect(await byKey(trx)).toEqual({ name: 'uncommitted' })
      expect(await pidOf(trx, PREPARED)).not.toBe(pipelinePid)
      // Outside, nothing is seen until the transaction commits.
      expect(await byKey(db)).toBeUndefined()
    })
    expect(await byKey(db)).toEqual({ name: 'uncommitted' })
  })

  it('sends a write marked PREPARED to the pool, never down the pipeline', async () => {
    const db = await getDb()
    const pipelinePid = await pidOf(db, PREPARED)
    const { rows } = (await db
      .raw(
        `insert into pipeline_probe (id, name) values (8, 'written') returning pg_backend_pid() as pid`,
      )
      .options(PREPARED)) as { rows: { pid: number }[] }
    expect(rows[0].pid).not.toBe(pipelinePid)
    const locked = (await db
      .raw('select pg_backend_pid() as pid from pipeline_probe where id = 8 for update')
      .options(PREPARED)) as { rows: { pid: number }[] }
    expect(locked.rows[0].pid).not.toBe(pipelinePid)
  })

  it('fails a bad lookup alone: those sent with it are answered', async () => {
    const db = await getDb()
    const pid = await pidOf(db, PREPARED)
    const settled = await Promise.allSettled(
      ['1', '2', 'not a number', '4', '5'].map((value) =>
        db.raw('select ?::int as n', [value]).options(PREPARED),
      ),
    )
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ])
    expect(String((settled[2] as PromiseRejectedResult).reason)).toMatch(/invalid input syntax/)
    expect(await pidOf(db, PREPARED)).toBe(pid)
  })

  it('opens a new connection when PostgreSQL ends the one it had', async () => {
    const db = await getDb()
    const before = await pidOf(db, PREPARED)
    await db.raw('select pg_terminate_backend(?)', [before])
    // A lookup sent before the loss is noticed fails, as on a lost pool
    // connection; the next opens a new connection.
    const failures: unknown[] = []
    let after = before
    for (let attempt = 0; attempt < 1_000 && after === before; attempt++) {
      try {
        after = await pidOf(db, PREPARED)
      } catch (error) {
        failures.push(error)
      }
    }
    expect(after).not.toBe(before)
    expect(failures.length).toBeLessThanOrEqual(1)
    expect(await pidOf(db, PREPARED)).toBe(after)
  })

  it('closes with the database', async () => {
    const { db } = createDb({ databaseUrl: process.env.DATABASE_URL!, pool: { min: 0, max: 2 } })
    const pids = [await pidOf(db, PREPARED), await pidOf(db, PREPARED_SCAN)]
    const app = await getDb()
    const alive = async () =>
      Number((await app('pg_stat_activity').whereIn('pid', pids).count('* as count'))[0].count)
    expect(await alive()).toBe(2)
    await db.destroy()
    // The backends exit once they have read the goodbye; ask until they have.
    let left = 2
    for (let i = 0; i < 2_000 && left > 0; i++) left = await alive()
    expect(left).toBe(0)
  })
})

describe('a read pipeline whose server does not answer', () => {
  it('fails the lookups waiting on it, and tries again on the next', async () => {
    // A TCP server that takes connections and never says a word.
    const sockets: net.Socket[] = []
    const waiters: (() => void)[] = []
    const silent = net.createServer((socket) => {
      sockets.push(socket)
      for (const wake of waiters.splice(0)) wake()
    })
    const accepted = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (sockets.length >= count ? resolve() : waiters.push(check))
        check()
      })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as net.AddressInfo
    const pipeline = new ReadPipeline(
      { host: '127.0.0.1', port, user: 'nobody', database: 'none', connectionTimeoutMillis: 1 },
      async () => {},
    )
    try {
      // The lookups that wait together wait on one connection, and fail with it.
      const waiting = [pipeline.connection(), pipeline.connection()]
      expect(waiting[0]).toBe(waiting[1])
      await expect(waiting[0]).rejects.toThrow(/timeout/i)
      await accepted(1)
      // The next lookup tries a new connection.
      await expect(pipeline.connection()).rejects.toThrow(/timeout/i)
      await accepted(2)
    } finally {
      await pipeline.close()
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})
