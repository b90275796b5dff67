import type { Knex } from 'knex'

// Server-side sessions and database-counted rate limits.
//
// A session row is what a logged-in browser's cookie names: the cookie holds
// a random token, the row only its SHA-256 (a copy of the database cannot be
// replayed as cookies). It ends when deleted (log out, password change,
// "log out everywhere"), after 30 days unused or 90 days in all.
//
// rate_limits counts attempts per key ('login:account:<email>',
// 'login:ip:<address>', 'signup:ip:<address>', 'review:user:<id>') in a fixed
// window, with an optional doubling block, updated by one atomic upsert so
// parallel requests on any number of app servers count exactly.
export async function up(knex: Knex) {
  await knex.schema.createTable('sessions', (t) => {
    t.text('id').primary() // hex SHA-256 of the cookie's token
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE')
    t.timestamp('created_at', { useTz: true }).notNullable()
    t.timestamp('last_seen_at', { useTz: true }).notNullable()
    t.timestamp('expires_at', { useTz: true }).notNullable() // absolute: created + 90 days
    t.text('user_agent').notNullable().defaultTo('')
    t.index(['user_id'])
    t.index(['expires_at'])
  })
  await knex.raw(`
    ALTER TABLE sessions
      ADD CONSTRAINT sessions_id_is_sha256 CHECK (id ~ '^[0-9a-f]{64}$'),
      ADD CONSTRAINT sessions_user_agent_length CHECK (length(user_agent) <= 400)
  `)

  await knex.raw('DROP TABLE IF EXISTS login_rate_limits')
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').primary()
    t.integer('hits').notNullable()
    t.timestamp('window_started_at', { useTz: true }).notNullable()
    t.timestamp('blocked_until', { useTz: true })
    t.integer('block_level').notNullable().defaultTo(0)
    // The decision on the latest attempt, returned by the same atomic upsert.
    t.boolean('last_allowed').notNullable().defaultTo(true)
    t.index(['window_started_at'])
  })
  await knex.raw(`
    ALTER TABLE rate_limits
      ADD CONSTRAINT rate_limits_key_length CHECK (length(key) BETWEEN 1 AND 400),
      ADD CONSTRAINT rate_limits_hits_non_negative CHECK (hits >= 0),
      ADD CONSTRAINT rate_limits_block_level_non_negative CHECK (block_level >= 0)
  `)
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('rate_limits')
  await knex.schema.dropTableIfExists('sessions')
  await knex.raw(`CREATE TABLE login_rate_limits (
    key varchar(255) PRIMARY KEY,
    points integer NOT NULL DEFAULT 0,
    expire bigint
  )`)
}
