import type { Knex } from 'knex'

// A pet is in one place at a time: two of its stays that hold a place
// (booked, checked in, checked out — not cancelled, not a no-show) never
// overlap. The booking write already refuses an overlap under the pet's lock
// with a message (app/models/booking/clash.server.ts); this constraint makes
// the database refuse one too, whatever path writes it (decision 027).
// The `=` on pet_id inside a GiST index needs btree_gist: a trusted extension
// since PostgreSQL 13 (the database's owner may create it); PGlite ships it
// (createDb loads it into every embedded instance). Ranges are [drop-off,
// pick-up): a stay may start at the moment the previous one ends.
export async function up(knex: Knex) {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS btree_gist')
  await knex.raw(`
    ALTER TABLE bookings ADD CONSTRAINT bookings_pet_stays_never_overlap
      EXCLUDE USING gist (pet_id WITH =, tsrange(drop_off_at, pick_up_at) WITH &&)
      WHERE (status IN ('booked', 'checked_in', 'checked_out'))
  `)
}

export async function down(knex: Knex) {
  await knex.raw('ALTER TABLE bookings DROP CONSTRAINT IF EXISTS bookings_pet_stays_never_overlap')
}
