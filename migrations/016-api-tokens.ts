import type { Knex } from 'knex'

// Personal API tokens for scripts and integrations: `Authorization: Bearer
// <token>` on /api with the rights of the token's user. Only the token's
// SHA-256 is kept (the token is random and long, so a fast hash suffices, as
// for sessions); the token itself is shown once, when made. `read_only`
// tokens may only read (GET). Deleting a user deletes their tokens.
export async function up(knex: Knex) {
  await knex.schema.createTable('api_tokens', (t) => {
    t.increments('id')
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE')
    t.text('name').notNullable()
    t.text('token_hash').notNullable().unique()
    t.boolean('read_only').notNullable().defaultTo(false)
    t.timestamp('created_at', { useTz: true }).notNullable()
    t.timestamp('last_used_at', { useTz: true })
    t.index(['user_id'])
  })
  await knex.raw(
    `ALTER TABLE api_tokens ADD CONSTRAINT api_tokens_name_length CHECK (length(name) BETWEEN 1 AND 60)`,
  )
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('api_tokens')
}
