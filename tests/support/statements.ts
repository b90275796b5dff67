import { getDb } from '../../app/infra/db.server'

/**
 * What `act` gives, and the SQL statements the app's database ran meanwhile
 * (knex's query events): for tests that count round trips per request.
 */
export async function statementsDuring<T>(act: () => Promise<T>) {
  const db = await getDb()
  const statements: string[] = []
  const capture = (q: { sql: string }) => statements.push(q.sql)
  db.on('query', capture)
  try {
    return { result: await act(), statements }
  } finally {
    db.off('query', capture)
  }
}
