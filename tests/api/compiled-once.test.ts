import fc from 'fast-check'
import type { Knex } from 'knex'
import { describe, expect, it } from 'vitest'
import { compiledOnce, getDb, oneRoundTripQuery } from '../../app/infra/db.server'
import { PREPARED, toPgArray } from '../../app/infra/prepared-statements.server'
import { createUser } from '../support/factories'

// compiledOnce keeps a hot read's SQL text and binds each run's values in
// its parameters' places. Sound only if every run gives exactly the text and
// values the builder itself gives for those values — on this database's
// driver, whichever the suite runs on — and if a builder that does more with
// a parameter than bind it is refused instead of answered wrongly.

const native = (query: Knex.QueryBuilder | Knex.Raw) => {
  const { sql, bindings, options } = query.toSQL()
  const positioned = query.toSQL().toNative()
  return { sql, positioned: positioned.sql, bindings, native: positioned.bindings, options }
}

describe('compiledOnce', () => {
  it('gives the text, values and options its builder gives, for any values', async () => {
    const db = await getDb()
    const build = (d: Knex | Knex.Transaction, name: string, ids: string, n: number) =>
      d({ t: 'users' })
        .select('t.id', d.raw(`to_char(t.created_at, 'YYYY-MM-DD') as day`))
        .where('t.username', name)
        .whereNot('t.role', 'owner')
        .whereRaw('t.id = ANY(?::int[]) and t.id > ?', [ids, n])
        .orderBy('t.id')
        .limit(7)
        .options(PREPARED)
    const compiled = compiledOnce(build)
    await fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 1e6 }), { maxLength: 5 }),
        fc.integer(),
        (name, ids, n) => {
          expect(native(compiled(db, name, toPgArray(ids), n))).toEqual(
            native(build(db, name, toPgArray(ids), n)),
          )
        },
      ),
      { numRuns: 200 },
    )
    // Question marks, quotes and stand-in look-alikes in the values stay values.
    for (const name of ['?', '??', "'; drop table users; --", '\u0000param 0\u0000', '$1'])
      expect(native(compiled(db, name, '{}', 0))).toEqual(native(build(db, name, '{}', 0)))
  })

  it('binds a number as a limit or an offset', async () => {
    const db = await getDb()
    const build = (d: Knex | Knex.Transaction, name: string, limit: number, offset: number) =>
      d('users')
        .select('id')
        .where('username', '<>', name)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
    const compiled = compiledOnce(build)
    await fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 1e9 }),
        (name, limit, offset) => {
          expect(native(compiled(db, name, limit, offset))).toEqual(
            native(build(db, name, limit, offset)),
          )
        },
      ),
      { numRuns: 200 },
    )
    // An offset of 0 is bound where knex leaves the clause out: the same rows.
    const ids: number[] = []
    for (let i = 0; i < 3; i++) ids.push((await createUser({ role: 'client' })).id)
    const all = (await build(db, '', 1000, 0)).map((u: { id: number }) => u.id)
    expect(all).toEqual(expect.arrayContaining(ids))
    for (const [limit, offset] of [
      [2, 0],
      [1000, 0],
      [2, 1],
    ]) {
      const { rows } = (await compiled(db, '', limit, offset)) as { rows: { id: number }[] }
      expect(rows.map((u) => u.id)).toEqual(all.slice(offset, offset + limit))
    }
    // A limit worked out inside the builder is refused, as any derived value.
    const derived = compiledOnce((d, limit: number) =>
      d('users')
        .select('id')
        .limit(limit + 1),
    )
    expect(() => derived(db, 5)).toThrow(/parameter 0 is not bound as it is/)
  })

  it('runs: the rows are those of the builder', async () => {
    const db = await getDb()
    const build = (d: Knex | Knex.Transaction, ids: string) =>
      oneRoundTripQuery(
        d,
        { users: d('users').select('id').whereRaw('id = ANY(?::int[])', [ids]).orderBy('id') },
        { prepared: true },
      )
    const compiled = compiledOnce(build)
    const ids: number[] = []
    for (let i = 0; i < 3; i++) ids.push((await createUser({ role: 'client' })).id)
    for (const some of [ids, ids.slice(1), []]) {
      const [a, b] = [await compiled(db, toPgArray(some)), await build(db, toPgArray(some))]
      expect(a.rows).toEqual(b.rows)
      expect(a.rows[0].users.map((u: { id: number }) => u.id)).toEqual(some)
    }
  })

  it('refuses a builder that does more with a parameter than bind it', async () => {
    const db = await getDb()
    const spliced = compiledOnce((d, day: string) =>
      d('bookings').whereRaw(`drop_off_at > '${day}'`),
    )
    expect(() => spliced(db, '2031-01-01')).toThrow(/parameter 0 is not bound as it is/)
    const transformed = compiledOnce((d, day: string) =>
      d('bookings').where('drop_off_at', '>', `${day} 00:00:00`),
    )
    expect(() => transformed(db, '2031-01-01')).toThrow(/parameter 0/)
  })
})
