import type { Knex } from 'knex'

// "Which stays cover these dates?" — the day sheet, its JSON and every
// capacity check ask it (app/models/booking/occupancy.server.ts). With only
// the drop-off and pick-up indexes, PostgreSQL reads one of two open-ended
// ranges (every later pick-up, or a year of drop-offs: the longest stay) and
// filters: on a hotel of 150,000 stays, thousands of rows for the forty in.
// A GiST index on the stay's range [drop-off, pick-up] finds exactly the
// stays that overlap, whatever the size of the hotel's history. Range types'
// GiST operator class is built in (PostgreSQL and PGlite alike).
export async function up(knex: Knex) {
  await knex.raw(`
    CREATE INDEX bookings_stay_range ON bookings
      USING gist (tsrange(drop_off_at, pick_up_at, '[]'))
  `)
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS bookings_stay_range')
}
