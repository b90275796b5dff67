import { getDb } from '../../app/infra/db.server'

/** A statement as knex reports it: its SQL, its values, and whether it ran prepared. */
export type Statement = { sql: string; bindings: unknown[]; options?: { prepared?: boolean } }

/**
 * What `act` gives, and the SQL statements the app's database ran meanwhile
 * (knex's query events): for tests that count round trips per request, and
 * (`queries`, with values and options) for those that explain their plans.
 */
export async function statementsDuring<T>(act: () => Promise<T>) {
  const db = await getDb()
  const queries: Statement[] = []
  const capture = (q: Statement) => queries.push({ ...q, bindings: q.bindings ?? [] })
  db.on('query', capture)
  try {
    const result = await act()
    return { result, statements: queries.map((q) => q.sql), queries }
  } finally {
    db.off('query', capture)
  }
}
