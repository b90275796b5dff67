import type { Knex } from 'knex'

// A service is for dogs, cats or both, with an optional short description.
// Services made before this (and by API clients that don't say) are for both,
// so every existing booking and client keeps working.
export async function up(knex: Knex) {
  await knex.schema.alterTable('services', (t) => {
    t.text('species').notNullable().defaultTo('both')
    t.text('description').notNullable().defaultTo('')
  })
  await knex.raw(`
    ALTER TABLE services
      ADD CONSTRAINT services_species_valid CHECK (species IN ('dog', 'cat', 'both')),
      ADD CONSTRAINT services_description_length CHECK (char_length(description) <= 300)
  `)
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('services', (t) => {
    t.dropColumn('description')
    t.dropColumn('species')
  })
}
