import type { Knex } from 'knex'

// Stay updates ("report cards"): during a stay, staff post a short note, an
// optional photo (kept privately, like a certificate) and quick ticks. The
// moment is hotel wall time, like every date of a booking. `digested_at`
// marks the updates that went out in an owner's daily summary mail, so each
// is summarised once.
export async function up(knex: Knex) {
  await knex.schema.createTable('stay_updates', (t) => {
    t.increments('id')
    t.integer('booking_id').notNullable().references('bookings.id').onDelete('CASCADE')
    t.integer('author_id').references('users.id').onDelete('SET NULL')
    t.text('note').notNullable().defaultTo('')
    t.boolean('ate_well').notNullable().defaultTo(false)
    t.boolean('played').notNullable().defaultTo(false)
    t.boolean('medication_given').notNullable().defaultTo(false)
    t.text('photo_key')
    t.timestamp('created_at', { useTz: false }).notNullable()
    t.timestamp('digested_at', { useTz: true })
    t.index(['booking_id', 'created_at'])
  })
  await knex.raw(`
    ALTER TABLE stay_updates
      ADD CONSTRAINT stay_updates_note_length CHECK (length(note) <= 1000),
      ADD CONSTRAINT stay_updates_says_something
        CHECK (note <> '' OR ate_well OR played OR medication_given OR photo_key IS NOT NULL)
  `)
  // The digest looks for updates not yet summarised.
  await knex.raw(
    `CREATE INDEX stay_updates_undigested ON stay_updates (created_at) WHERE digested_at IS NULL`,
  )
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('stay_updates')
}
