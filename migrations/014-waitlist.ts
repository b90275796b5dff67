import type { Knex } from 'knex'

// The waitlist for full nights. A client whose stay was refused because a
// night is full leaves the stay here (pet, type, dates, services). When a
// place frees, the first waiting stay that now fits is OFFERED: its place is
// held until `hold_until` (hotel wall time, like every date of a stay) and
// counts against capacity like a booking; taken, it becomes `booked` with
// its booking; not taken in time it `lapsed`, and the next is offered.
// `left`: the client took it off; `expired`: its drop-off came first.
// waitlist_lock has one row: every offer run locks it, so two runs (two
// cancellations at once, two servers' maintenance) never offer one place twice.
export async function up(knex: Knex) {
  await knex.schema.createTable('waitlist_entries', (t) => {
    t.increments('id')
    t.integer('client_id').notNullable().references('users.id').onDelete('CASCADE')
    t.integer('pet_id').notNullable().references('pets.id').onDelete('CASCADE')
    t.text('booking_type').notNullable()
    t.timestamp('drop_off_at', { useTz: false }).notNullable()
    t.timestamp('pick_up_at', { useTz: false }).notNullable()
    t.specificType('service_ids', 'integer[]').notNullable()
    t.text('status').notNullable().defaultTo('waiting')
    t.timestamp('created_at', { useTz: false }).notNullable()
    t.timestamp('offered_at', { useTz: false })
    t.timestamp('hold_until', { useTz: false })
    t.timestamp('ended_at', { useTz: false })
    t.integer('booking_id').references('bookings.id').onDelete('SET NULL')
  })
  await knex.raw(`
    ALTER TABLE waitlist_entries
      ADD CONSTRAINT waitlist_entries_type CHECK (booking_type IN ('day_care', 'boarding_care')),
      ADD CONSTRAINT waitlist_entries_status
        CHECK (status IN ('waiting', 'offered', 'booked', 'left', 'lapsed', 'expired')),
      ADD CONSTRAINT waitlist_entries_dates CHECK (pick_up_at > drop_off_at),
      ADD CONSTRAINT waitlist_entries_services CHECK (cardinality(service_ids) BETWEEN 1 AND 50),
      ADD CONSTRAINT waitlist_entries_offer_held CHECK (status <> 'offered' OR hold_until IS NOT NULL)
  `)
  // Offer runs read the places still waiting or held, in queue order.
  await knex.raw(
    `CREATE INDEX waitlist_entries_active ON waitlist_entries (drop_off_at, id) WHERE status IN ('waiting', 'offered')`,
  )
  await knex.raw(`CREATE INDEX waitlist_entries_client ON waitlist_entries (client_id)`)
  await knex.raw(`CREATE INDEX waitlist_entries_pet ON waitlist_entries (pet_id)`)
  await knex.schema.createTable('waitlist_lock', (t) => {
    t.integer('id').primary()
  })
  await knex.raw(`ALTER TABLE waitlist_lock ADD CONSTRAINT waitlist_lock_one_row CHECK (id = 1)`)
  await knex('waitlist_lock').insert({ id: 1 })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('waitlist_lock')
  await knex.schema.dropTableIfExists('waitlist_entries')
}
