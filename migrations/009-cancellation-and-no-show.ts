import type { Knex } from 'knex'

// Cancelling no longer deletes a booking: it becomes `cancelled` (when and by
// whom recorded) and stays in the history staff see, while its nights are
// freed. A stay whose pet never came is marked `no_show` after its drop-off
// day. A pet checked out before its booked pick-up ends its stay then:
// `pick_up_at` becomes the moment it left (so every count of nights frees the
// unused ones) and `booked_pick_up_at` keeps the pick-up it was booked with,
// so a mis-tap can be undone. The price stays as booked.
export async function up(knex: Knex) {
  await knex.schema.alterTable('bookings', (t) => {
    t.timestamp('cancelled_at', { useTz: false })
    t.integer('cancelled_by').references('users.id').onDelete('SET NULL')
    t.timestamp('no_show_at', { useTz: false })
    t.integer('no_show_by').references('users.id').onDelete('SET NULL')
    t.timestamp('booked_pick_up_at', { useTz: false })
  })
  await knex.raw(`
    ALTER TABLE bookings
      ADD CONSTRAINT bookings_cancelled_has_moment
        CHECK (status <> 'cancelled' OR cancelled_at IS NOT NULL),
      ADD CONSTRAINT bookings_no_show_has_moment
        CHECK (status <> 'no_show' OR no_show_at IS NOT NULL),
      ADD CONSTRAINT bookings_ended_early_was_later
        CHECK (booked_pick_up_at IS NULL OR booked_pick_up_at > pick_up_at)
  `)
}

export async function down(knex: Knex) {
  await knex.raw(`
    ALTER TABLE bookings
      DROP CONSTRAINT bookings_ended_early_was_later,
      DROP CONSTRAINT bookings_no_show_has_moment,
      DROP CONSTRAINT bookings_cancelled_has_moment
  `)
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('booked_pick_up_at')
    t.dropColumn('no_show_by')
    t.dropColumn('no_show_at')
    t.dropColumn('cancelled_by')
    t.dropColumn('cancelled_at')
  })
}
