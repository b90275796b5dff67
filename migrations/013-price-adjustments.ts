import type { Knex } from 'knex'

// Price adjustments: the Owner or a Manager adds a line with a reason to a
// booking's price (a discount for nights not used after an early check-out,
// a late pick-up fee). bookings.total_cents stays what the client owes — the
// engine's price plus every line — and bookings.adjustment_cents keeps the
// lines' sum, so a stay re-priced later keeps them; adjustment_count lets a
// read skip the lines of the many bookings that have none. (The total never
// goes below zero: bookings_money_non_negative holds it.)
export async function up(knex: Knex) {
  await knex.schema.createTable('booking_adjustments', (t) => {
    t.increments('id')
    t.integer('booking_id').notNullable().references('bookings.id').onDelete('CASCADE')
    t.integer('amount_cents').notNullable()
    t.text('reason').notNullable()
    t.integer('actor_id').references('users.id').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: false }).notNullable()
    t.index(['booking_id'])
  })
  await knex.raw(`
    ALTER TABLE booking_adjustments
      ADD CONSTRAINT booking_adjustments_amount CHECK (amount_cents <> 0 AND abs(amount_cents) <= 1000000),
      ADD CONSTRAINT booking_adjustments_reason CHECK (length(reason) BETWEEN 1 AND 200)
  `)
  await knex.schema.alterTable('bookings', (t) => {
    t.integer('adjustment_cents').notNullable().defaultTo(0)
    t.integer('adjustment_count').notNullable().defaultTo(0)
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('adjustment_count')
    t.dropColumn('adjustment_cents')
  })
  await knex.schema.dropTableIfExists('booking_adjustments')
}
