import { dbKind, getDb } from '../../app/infra/db.server'
import type { Statement } from './statements'

// Query plans of captured statements, for the tests that check that pages
// which grow with the hotel read about their page, not the table.

/**
 * A captured query's plan, run for real; the rows it read only to throw away
 * (filters and rechecks); and the rows every scan produced (`read`). On
 * PostgreSQL the app's connections plan every query with parameters for no
 * value in particular (a generic plan, app/infra/prepared-statements.server.ts):
 * that plan is the one explained. (EXPLAIN of the query with its values would
 * plan it for those values: not what the servers run.)
 */
export async function explain(q: Statement) {
  const db = await getDb()
  const { rows } =
    dbKind() === 'postgres'
      ? await db.transaction(async (trx) => {
          await trx.raw('SET LOCAL plan_cache_mode = force_generic_plan')
          await trx.raw(`PREPARE explained AS ${q.sql}`)
          try {
            const values = q.bindings.map((b) => db.raw('?', [b as never]).toQuery())
            return await trx.raw(`EXPLAIN ANALYZE EXECUTE explained(${values.join(', ')})`)
          } finally {
            await trx.raw('DEALLOCATE explained')
          }
        })
      : await db.raw(`EXPLAIN ANALYZE ${q.sql.replace(/\$\d+/g, '?')}`, q.bindings as never[])
  const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
  const removed = [...plan.matchAll(/Rows Removed by (?:Filter|Index Recheck): (\d+)/g)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  )
  // Rows (or index entries) every scan produced, over all its loops: a
  // bitmap of a year of drop-offs ANDed with the day's few stays shows here,
  // though no filter removes a row.
  const read = [
    ...plan.matchAll(/(?:Scan) .*\(actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)\)/g),
  ].reduce((sum, m) => sum + Number(m[1]) * Number(m[2]), 0)
  return { plan, removed, read }
}
