import type { Knex } from 'knex'

// The reminder mail the day before a drop-off. `reminded_for_drop_off` is the
// drop-off the reminder was sent for: a stay moved to another day after its
// reminder gets one for its new day, and no stay is reminded twice for one.
export async function up(knex: Knex) {
  await knex.schema.alterTable('bookings', (t) => {
    t.timestamp('reminded_for_drop_off', { useTz: false })
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('reminded_for_drop_off')
  })
}
