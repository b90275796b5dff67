// Measures what a PostgreSQL EXCLUDE constraint ("a pet's holding stays
// never overlap") costs on each write, on PGlite and (with DATABASE_URL) on
// PostgreSQL, against the same table without it. Each variant inserts the
// same stays one statement at a time, as the app does, then an overlapping
// one to show the constraint refuses it (23P01). Run: npx tsx scripts/exclude-study.ts
// The figures are recorded in docs/decisions/027-pet-stays-exclude-constraint.md.
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import pg from 'pg'

const PETS = 1_000
const STAYS_PER_PET = 8
const HOLDING = `status IN ('booked', 'checked_in', 'checked_out')`

type Query = (sql: string, params?: unknown[]) => Promise<unknown>

const TABLE = `
  CREATE TABLE study_stays (
    id serial PRIMARY KEY,
    pet_id int NOT NULL,
    status text NOT NULL DEFAULT 'booked',
    drop_off_at timestamp NOT NULL,
    pick_up_at timestamp NOT NULL
  );
  CREATE INDEX study_stays_pet ON study_stays (pet_id);`

const CONSTRAINT = `
  ALTER TABLE study_stays ADD CONSTRAINT study_stays_no_overlap
    EXCLUDE USING gist (pet_id WITH =, tsrange(drop_off_at, pick_up_at) WITH &&)
    WHERE (${HOLDING});`

/** Stays of each pet, a week apart, in an order that mixes pets (as bookings arrive). */
function stays(): [number, string, string][] {
  const out: [number, string, string][] = []
  for (let k = 0; k < STAYS_PER_PET; k++)
    for (let pet = 1; pet <= PETS; pet++) {
      const start = new Date(Date.UTC(2027, 0, 1 + k * 7, 10))
      const end = new Date(start.getTime() + 3 * 86_400_000)
      out.push([pet, iso(start), iso(end)])
    }
  return out
}
const iso = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ')

async function run(label: string, query: Query, withConstraint: boolean) {
  await query('DROP TABLE IF EXISTS study_stays')
  for (const statement of TABLE.split(';').filter((s) => s.trim())) await query(statement)
  if (withConstraint) await query(CONSTRAINT)
  const rows = stays()
  const started = process.hrtime.bigint()
  for (const [pet, dropOff, pickUp] of rows)
    await query('INSERT INTO study_stays (pet_id, drop_off_at, pick_up_at) VALUES ($1, $2, $3)', [
      pet,
      dropOff,
      pickUp,
    ])
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  let refused = 'not tried'
  if (withConstraint) {
    try {
      await query('INSERT INTO study_stays (pet_id, drop_off_at, pick_up_at) VALUES (1, $1, $2)', [
        '2027-01-02 10:00:00',
        '2027-01-03 10:00:00',
      ])
      refused = 'NOT refused'
    } catch (error) {
      refused = `refused (${(error as { code?: string }).code})`
    }
    // A cancelled stay may overlap: the constraint reads holding stays only.
    await query(
      `INSERT INTO study_stays (pet_id, status, drop_off_at, pick_up_at) VALUES (1, 'cancelled', $1, $2)`,
      ['2027-01-02 10:00:00', '2027-01-03 10:00:00'],
    )
  }
  console.log(
    `${label.padEnd(10)} ${withConstraint ? 'EXCLUDE' : 'no constraint'}`.padEnd(28),
    `${rows.length} inserts in ${seconds.toFixed(2)} s = ${Math.round(rows.length / seconds)}/s;`,
    `overlap ${refused}`,
  )
  await query('DROP TABLE study_stays')
}

async function main() {
  const lite = new PGlite({ extensions: { btree_gist } })
  await lite.exec('CREATE EXTENSION IF NOT EXISTS btree_gist')
  const liteQuery: Query = (sql, params) => lite.query(sql, params as unknown[])
  for (const withConstraint of [false, true, false, true])
    await run('PGlite', liteQuery, withConstraint)
  await lite.close()

  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    await client.query('CREATE EXTENSION IF NOT EXISTS btree_gist')
    const pgQuery: Query = (sql, params) => client.query(sql, params as unknown[])
    for (const withConstraint of [false, true, false, true])
      await run('PostgreSQL', pgQuery, withConstraint)
    await client.end()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
