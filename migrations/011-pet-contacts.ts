import type { Knex } from 'knex'

// A pet's vet (name, phone) and an emergency contact other than its owner
// (name, phone), for staff and the run sheet. All optional: '' is none.
export async function up(knex: Knex) {
  await knex.schema.alterTable('pets', (t) => {
    t.text('vet_name').notNullable().defaultTo('')
    t.text('vet_phone').notNullable().defaultTo('')
    t.text('emergency_contact_name').notNullable().defaultTo('')
    t.text('emergency_contact_phone').notNullable().defaultTo('')
  })
  await knex.raw(`
    ALTER TABLE pets
      ADD CONSTRAINT pets_contact_lengths CHECK (
        length(vet_name) <= 100 AND length(emergency_contact_name) <= 100
        AND (vet_phone = '' OR vet_phone ~ '^[0-9]{10}$')
        AND (emergency_contact_phone = '' OR emergency_contact_phone ~ '^[0-9]{10}$'))
  `)
}

export async function down(knex: Knex) {
  await knex.raw('ALTER TABLE pets DROP CONSTRAINT pets_contact_lengths')
  await knex.schema.alterTable('pets', (t) => {
    t.dropColumn('emergency_contact_phone')
    t.dropColumn('emergency_contact_name')
    t.dropColumn('vet_phone')
    t.dropColumn('vet_name')
  })
}
