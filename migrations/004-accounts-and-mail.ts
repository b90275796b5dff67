import type { Knex } from 'knex'

// Accounts people run themselves, and mail that is never lost.
//
// mail_outbox: every message is written here in the same transaction as the
// change that causes it, then delivered by a worker in each app server. A
// worker claims a due message with FOR UPDATE SKIP LOCKED (several servers
// never take the same one) and holds it for a lease; it sends outside any
// transaction and records the result. A server that dies between the SMTP
// server's acceptance and the record leaves the lease to run out: the message
// goes again, with the same Message-ID, so mail apps show it once.
//
// account_tokens: single-use links sent by mail (password reset, a new email
// address to confirm, an invitation to set up an account). Only the SHA-256
// of the token is stored: a copy of the database cannot be replayed as links.
//
// A deleted account keeps its past stays (the hotel's records: dates, nights,
// money) and its reviews ("a former guest"), without personal data: the
// deletion sets their client and pet to NULL before it removes the user and
// the pets. The foreign keys keep cascading for everything else.
//
// user_events: who changed what on an account, and when (positions,
// deactivation, ended sessions, invitations), shown on /users.
export async function up(knex: Knex) {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('active').notNullable().defaultTo(true)
    t.boolean('booking_reminders').notNullable().defaultTo(true)
  })

  await knex.schema.createTable('mail_outbox', (t) => {
    t.bigIncrements('id')
    t.text('message_id').notNullable().unique() // '<uuid@host>', the same on every try
    t.text('kind').notNullable() // 'password-reset', 'booking-confirmed', …
    t.text('recipient').notNullable()
    t.text('subject').notNullable()
    t.text('text_body').notNullable()
    t.text('html_body').notNullable()
    // [{ filename, contentType, content }] — text attachments (calendar files).
    t.jsonb('attachments').notNullable().defaultTo('[]')
    t.timestamp('created_at', { useTz: true }).notNullable()
    t.timestamp('next_attempt_at', { useTz: true }).notNullable()
    t.timestamp('claimed_until', { useTz: true })
    t.integer('attempts').notNullable().defaultTo(0)
    t.text('last_error')
    t.timestamp('sent_at', { useTz: true })
    // 'smtp' when an SMTP server took it, 'outbox' when kept for the development mailbox.
    t.text('delivered_by')
  })
  await knex.raw(`
    ALTER TABLE mail_outbox
      ADD CONSTRAINT mail_outbox_attempts_non_negative CHECK (attempts >= 0),
      ADD CONSTRAINT mail_outbox_delivered_by_valid CHECK (delivered_by IN ('smtp', 'outbox')),
      ADD CONSTRAINT mail_outbox_sent_has_carrier CHECK ((sent_at IS NULL) = (delivered_by IS NULL))
  `)
  // The worker's question: what is due and unsent?
  await knex.raw(
    'CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL',
  )

  await knex.schema.createTable('account_tokens', (t) => {
    t.text('id').primary() // hex SHA-256 of the token in the link
    t.text('purpose').notNullable()
    t.integer('user_id').references('users.id').onDelete('CASCADE')
    // An invitation is for someone who has no account yet.
    t.text('email')
    t.text('fname')
    t.text('lname')
    t.text('position')
    t.integer('created_by').references('users.id').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable()
    t.timestamp('expires_at', { useTz: true }).notNullable()
    t.timestamp('used_at', { useTz: true })
    t.index(['user_id'])
    t.index(['expires_at'])
  })
  await knex.raw(`
    ALTER TABLE account_tokens
      ADD CONSTRAINT account_tokens_id_is_sha256 CHECK (id ~ '^[0-9a-f]{64}$'),
      ADD CONSTRAINT account_tokens_purpose_valid CHECK (purpose IN ('password-reset', 'email-change', 'invitation')),
      ADD CONSTRAINT account_tokens_position_valid CHECK (position IN ('Employee', 'Manager')),
      ADD CONSTRAINT account_tokens_has_subject CHECK ((purpose = 'invitation') = (user_id IS NULL)),
      ADD CONSTRAINT account_tokens_email_change_has_email CHECK (purpose <> 'email-change' OR email IS NOT NULL),
      ADD CONSTRAINT account_tokens_invitation_complete CHECK (purpose <> 'invitation' OR (email IS NOT NULL AND fname IS NOT NULL AND lname IS NOT NULL))
  `)

  await knex.schema.createTable('user_events', (t) => {
    t.bigIncrements('id')
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE')
    t.integer('actor_id').references('users.id').onDelete('SET NULL')
    t.text('action').notNullable()
    t.text('detail').notNullable().defaultTo('')
    t.timestamp('created_at', { useTz: true }).notNullable()
    t.index(['user_id', 'created_at'])
  })

  await knex.raw(`
    ALTER TABLE bookings
      ALTER COLUMN client_id DROP NOT NULL,
      ALTER COLUMN pet_id DROP NOT NULL,
      ADD CONSTRAINT bookings_former_guest_whole CHECK ((client_id IS NULL) = (pet_id IS NULL))
  `)
  await knex.raw('ALTER TABLE reviews ALTER COLUMN client_id DROP NOT NULL')
}

export async function down(knex: Knex) {
  await knex.raw('DELETE FROM reviews WHERE client_id IS NULL')
  await knex.raw('ALTER TABLE reviews ALTER COLUMN client_id SET NOT NULL')
  await knex.raw('DELETE FROM bookings WHERE client_id IS NULL')
  await knex.raw(`
    ALTER TABLE bookings
      DROP CONSTRAINT bookings_former_guest_whole,
      ALTER COLUMN client_id SET NOT NULL,
      ALTER COLUMN pet_id SET NOT NULL
  `)
  await knex.schema.dropTableIfExists('user_events')
  await knex.schema.dropTableIfExists('account_tokens')
  await knex.schema.dropTableIfExists('mail_outbox')
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('booking_reminders')
    t.dropColumn('active')
  })
}
