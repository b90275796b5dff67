import type { Knex } from 'knex'

// The front desk records that a pet arrived and left. A booking's status:
//   booked → checked_in → checked_out   (cancelled and no_show are kept for
//   the front desk's later steps; nothing sets them yet)
// with the moment (hotel wall-clock time, like drop_off_at) and the staff
// member of each step. booking_events keeps who did what to a booking and
// when (check-ins, check-outs, undoing a mis-tap).
export async function up(knex: Knex) {
  await knex.schema.alterTable('bookings', (t) => {
    t.text('status').notNullable().defaultTo('booked')
    t.timestamp('checked_in_at', { useTz: false })
    t.integer('checked_in_by').references('users.id').onDelete('SET NULL')
    t.timestamp('checked_out_at', { useTz: false })
    t.integer('checked_out_by').references('users.id').onDelete('SET NULL')
  })
  await knex.raw(`
    ALTER TABLE bookings
      ADD CONSTRAINT bookings_status_valid
        CHECK (status IN ('booked', 'checked_in', 'checked_out', 'cancelled', 'no_show')),
      ADD CONSTRAINT bookings_checked_in_has_moment
        CHECK (status NOT IN ('checked_in', 'checked_out') OR checked_in_at IS NOT NULL),
      ADD CONSTRAINT bookings_checked_out_has_moment
        CHECK (status <> 'checked_out' OR checked_out_at IS NOT NULL)
  `)
  await knex.schema.createTable('booking_events', (t) => {
    t.bigIncrements('id')
    t.integer('booking_id').notNullable().references('bookings.id').onDelete('CASCADE')
    t.integer('actor_id').references('users.id').onDelete('SET NULL')
    t.text('action').notNullable()
    t.text('detail').notNullable().defaultTo('')
    t.timestamp('created_at', { useTz: true }).notNullable()
    t.index(['booking_id', 'created_at'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('booking_events')
  await knex.raw(`
    ALTER TABLE bookings
      DROP CONSTRAINT bookings_checked_out_has_moment,
      DROP CONSTRAINT bookings_checked_in_has_moment,
      DROP CONSTRAINT bookings_status_valid
  `)
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('checked_out_by')
    t.dropColumn('checked_out_at')
    t.dropColumn('checked_in_by')
    t.dropColumn('checked_in_at')
    t.dropColumn('status')
  })
}
