import type { Knex } from 'knex'
import { dropTopics, TOPICS, type Topic } from '~/infra/read-cache.server'
import { getDb } from '~/infra/db.server'

// The versions behind the read cache (infra/read-cache.server.ts): a write
// that changes cached data calls `changed(trx, topics)` inside its
// transaction; the version rows commit with the change, and this server
// drops its copies at once (others within a poll).

/** Marks topics changed by the transaction `trx` (or, outside one, at once). */
export async function changed(trx: Knex | Knex.Transaction, topics: readonly Topic[]) {
  for (const name of topics)
    await trx.raw(
      `INSERT INTO cache_versions (name, version) VALUES (?, 1)
       ON CONFLICT (name) DO UPDATE SET version = cache_versions.version + 1`,
      [name],
    )
  // Dropped now, and again after the commit (a reader in between may have loaded the old rows).
  dropTopics(topics)
  if ('isTransaction' in trx && trx.isTransaction)
    void (trx as Knex.Transaction).executionPromise.then(
      () => dropTopics(topics),
      () => {},
    )
}

/** Every topic's version, as the database has it now. */
export async function readVersions(): Promise<Map<Topic, number>> {
  const db = await getDb()
  const rows: { name: string; version: number }[] = await db('cache_versions').select(
    'name',
    'version',
  )
  const out = new Map<Topic, number>()
  for (const row of rows)
    if ((TOPICS as readonly string[]).includes(row.name))
      out.set(row.name as Topic, Number(row.version))
  return out
}
