import type { Knex } from 'knex'

// One version per topic of read-mostly data that app servers keep in memory
// (the services list, the settings, the top reviews, the Pet of the Month).
// A write that changes such data bumps its topic in the same transaction;
// each server polls these rows and drops what changed (app/infra/read-cache.server.ts).
export async function up(knex: Knex) {
  await knex.schema.createTable('cache_versions', (t) => {
    t.text('name').primary()
    t.bigInteger('version').notNullable()
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('cache_versions')
}
