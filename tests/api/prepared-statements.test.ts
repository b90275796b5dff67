import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, dbKind, getDb } from '~/infra/db.server'
import { PREPARED, toPgArray } from '~/infra/prepared-statements.server'
import { createSession, findSessionUser } from '~/models/session.server'
import { createUser } from '../support/factories'

// The hot key lookups run as prepared statements on PostgreSQL (parsed once
// per connection, planned generically) and as ordinary queries on the
// embedded database; either way they answer the same. A table that changes
// under a prepared statement (a migration on another server) does not break
// the query.

describe('prepared statements', () => {
  beforeAll(async () => {
    const db = await getDb()
    await db.schema.createTable('prepared_probe', (t) => {
      t.integer('id').primary()
      t.text('name')
    })
    await db('prepared_probe').insert([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ])
  })
  afterAll(async () => {
    const db = await getDb()
    await db.schema.dropTableIfExists('prepared_probe')
  })

  it('answers a marked query like an ordinary one, however many ids an array holds', async () => {
    const db = await getDb()
    for (const ids of [[1], [1, 2], [2, 3, 4], []]) {
      const marked = await db('prepared_probe')
        .select('id', 'name')
        .whereRaw('id = ANY(?::int[])', [toPgArray(ids)])
        .orderBy('id')
        .options(PREPARED)
      const plain = await db('prepared_probe').select('id', 'name').whereIn('id', ids).orderBy('id')
      expect(marked).toEqual(plain)
    }
  })

  it('reuses one named statement per query text on PostgreSQL, planned generically', async () => {
    const db = await getDb()
    const user = await createUser({ role: 'client' })
    const { token } = await createSession({ userId: user.id, userAgent: 'test' })
    // One connection, so the statement and the setting are that connection's.
    await db.transaction(async (trx) => {
      const ask = () =>
        trx('prepared_probe').select('name').where({ id: 2 }).first().options(PREPARED)
      expect(await ask()).toEqual({ name: 'two' })
      expect(await ask()).toEqual({ name: 'two' })
      if (dbKind() !== 'postgres') return
      const statements = await trx.raw(
        `select name, generic_plans, custom_plans from pg_prepared_statements where statement like '%prepared_probe%' and statement like '%"id" = $1%'`,
      )
      expect(statements.rows).toHaveLength(1)
      expect(statements.rows[0]).toMatchObject({ generic_plans: 2, custom_plans: 0 })
      const mode = await trx.raw('show plan_cache_mode')
      expect(mode.rows[0].plan_cache_mode).toBe('force_generic_plan')
    })
    // The session lookup is one of them, and still finds the session.
    expect((await findSessionUser({ token }))?.user.id).toBe(user.id)
  })

  it('survives a column added under a prepared statement', async () => {
    // One connection, as a server's pool connection would be: it prepared the
    // statement before another server's migration changed the table.
    const url = process.env.DATABASE_URL
    const { db } = url
      ? createDb({ databaseUrl: url, pool: { min: 1, max: 1 } })
      : { db: await getDb() }
    try {
      const ask = () => db('prepared_probe').select('*').where({ id: 1 }).first().options(PREPARED)
      expect(await ask()).toEqual({ id: 1, name: 'one' })
      await db.schema.alterTable('prepared_probe', (t) => t.text('colour').defaultTo('red'))
      // PostgreSQL refuses the old statement ("cached plan must not change
      // result type"); the query is run afresh and the next one prepared anew.
      expect(await ask()).toEqual({ id: 1, name: 'one', colour: 'red' })
      expect(await ask()).toEqual({ id: 1, name: 'one', colour: 'red' })
    } finally {
      if (url) await db.destroy()
    }
  })
})
