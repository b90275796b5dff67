import type { Knex } from 'knex'

// The /users page lists each group of accounts in id order, a page at a time
// (app/models/user-admin.server.ts): clients, each staff position, and the
// deactivated. Staff and deactivated accounts are a handful among thousands
// of clients; without these indexes each of those sections read every
// account to find them. Both are partial, so they hold only those few. The
// staff index serves `position = $n` in a plan made for no value in
// particular (such a comparison is never true for NULL, so it implies the
// index's condition); the deactivated section asks `NOT active` as written
// here, for the same reason.
export async function up(knex: Knex) {
  await knex.raw(
    'CREATE INDEX users_staff_by_position ON users (position, id) WHERE position IS NOT NULL',
  )
  await knex.raw('CREATE INDEX users_deactivated ON users (id) WHERE NOT active')
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS users_staff_by_position')
  await knex.raw('DROP INDEX IF EXISTS users_deactivated')
}
