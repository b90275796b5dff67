import type { Knex } from 'knex'

// Vaccination records gate a stay. Each pet has records (vaccine, date given,
// expiry date, verified by staff or not, an optional certificate photo kept
// privately). The hotel's settings say which vaccines each species needs and
// whether a booking itself is refused while one is missing (off by default,
// so API clients that cannot record vaccinations keep booking).
export async function up(knex: Knex) {
  await knex.schema.createTable('vaccinations', (t) => {
    t.increments('id')
    t.integer('pet_id').notNullable().references('pets.id').onDelete('CASCADE')
    t.text('vaccine').notNullable()
    t.date('given_on').notNullable()
    t.date('expires_on').notNullable()
    t.boolean('verified').notNullable().defaultTo(false)
    t.integer('verified_by').references('users.id').onDelete('SET NULL')
    t.text('certificate_key')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['pet_id'])
  })
  await knex.raw(`
    ALTER TABLE vaccinations
      ADD CONSTRAINT vaccinations_vaccine_length CHECK (length(vaccine) BETWEEN 1 AND 60),
      ADD CONSTRAINT vaccinations_expires_after_given CHECK (expires_on > given_on)
  `)
  await knex.schema.alterTable('hotel_settings', (t) => {
    t.specificType('required_vaccines_dog', 'text[]')
      .notNullable()
      .defaultTo(knex.raw(`'{Rabies,DHPP,Bordetella}'::text[]`))
    t.specificType('required_vaccines_cat', 'text[]')
      .notNullable()
      .defaultTo(knex.raw(`'{Rabies,FVRCP}'::text[]`))
    t.boolean('vaccinations_required_to_book').notNullable().defaultTo(false)
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('hotel_settings', (t) => {
    t.dropColumn('vaccinations_required_to_book')
    t.dropColumn('required_vaccines_cat')
    t.dropColumn('required_vaccines_dog')
  })
  await knex.schema.dropTableIfExists('vaccinations')
}
