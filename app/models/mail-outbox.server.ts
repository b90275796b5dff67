import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { now } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import type { MailMessage } from '~/mail/compose'

// The outbox: every message the hotel sends, written in the transaction of
// the change that causes it (a booking, a reset request), so a change never
// commits without its mail nor a mail goes for a change that rolled back.
// Workers (server/mail-worker.ts) deliver it at least once; see
// migrations/004-accounts-and-mail.ts for the table's rules.

/** How long a worker holds a message it claimed before another may try it. */
export const CLAIM_LEASE_MS = 2 * 60_000
/** Tries before a message is left for a person to look at. */
export const MAX_ATTEMPTS = 12

export type OutboxRow = {
  id: number
  message_id: string
  kind: string
  recipient: string
  subject: string
  text_body: string
  html_body: string
  attachments: MailMessage['attachments']
  created_at: string
  next_attempt_at: string
  attempts: number
  last_error: string | null
  sent_at: string | null
  delivered_by: 'smtp' | 'outbox' | null
}

/** A Message-ID of our own, the same on every try of one message. */
function newMessageId() {
  return `<${crypto.randomUUID()}@pet-hotel.mail>`
}

/**
 * Puts a message in the outbox. Pass the transaction of the change that
 * causes the message; the message goes once that commits.
 */
export async function enqueueMail(trx: Knex | Knex.Transaction, message: MailMessage) {
  const at = now().toISOString()
  const [row] = await trx('mail_outbox')
    .insert({
      message_id: newMessageId(),
      kind: message.kind,
      recipient: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      attachments: JSON.stringify(message.attachments ?? []),
      created_at: at,
      next_attempt_at: at,
    })
    .returning<{ id: number }[]>('id')
  return row.id
}

/**
 * Claims up to `limit` due messages for one worker, in one statement (its own
 * short transaction): rows another worker holds are skipped, not waited for,
 * and a claim lapses after CLAIM_LEASE_MS, so a worker that dies mid-send
 * leaves its messages to be sent again rather than lost.
 */
export async function claimDueMail({ limit }: { limit: number }): Promise<OutboxRow[]> {
  const db = await getDb()
  const at = now()
  const until = new Date(at.getTime() + CLAIM_LEASE_MS)
  const { rows } = await db.raw<{ rows: OutboxRow[] }>(
    `UPDATE mail_outbox SET claimed_until = ?, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM mail_outbox
         WHERE sent_at IS NULL AND attempts < ? AND next_attempt_at <= ?
           AND (claimed_until IS NULL OR claimed_until <= ?)
         ORDER BY next_attempt_at, id
         LIMIT ?
         FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [until.toISOString(), MAX_ATTEMPTS, at.toISOString(), at.toISOString(), limit],
  )
  return rows.sort((a, b) => a.id - b.id)
}

/** Records that a message left (to an SMTP server, or into the development mailbox). */
export async function recordMailSent(id: number, deliveredBy: 'smtp' | 'outbox') {
  const db = await getDb()
  await db('mail_outbox').where({ id }).update({
    sent_at: now().toISOString(),
    delivered_by: deliveredBy,
    claimed_until: null,
    last_error: null,
  })
}

/**
 * Records a failed try and when to try again: 10 s, 20 s, 40 s … doubling,
 * at most an hour apart, so a server that is down for a while is not hammered
 * and a message still goes soon after it is back.
 */
export async function recordMailFailure(id: number, attempts: number, error: string) {
  const db = await getDb()
  const delay = Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)
  await db('mail_outbox')
    .where({ id })
    .update({
      next_attempt_at: new Date(now().getTime() + delay).toISOString(),
      claimed_until: null,
      last_error: error.slice(0, 500),
    })
}

/** The development mailbox: newest first, a page at a time. */
export async function listOutbox({ page, perPage }: { page: number; perPage: number }) {
  const db = await getDb()
  const rows = await db('mail_outbox')
    .select<
      Pick<OutboxRow, 'id' | 'recipient' | 'subject' | 'created_at' | 'sent_at' | 'attempts'>[]
    >('id', 'recipient', 'subject', 'created_at', 'sent_at', 'attempts')
    .orderBy('id', 'desc')
    .limit(perPage + 1)
    .offset((page - 1) * perPage)
  return { messages: rows.slice(0, perPage), hasMore: rows.length > perPage }
}

export async function getOutboxMessage(id: number): Promise<OutboxRow | undefined> {
  const db = await getDb()
  return db('mail_outbox').where({ id }).first<OutboxRow | undefined>()
}

/** Delivered messages are kept this long (the development mailbox, a record of what was said), then deleted. */
export const KEEP_SENT_MAIL_DAYS = 30

/** Deletes messages delivered more than KEEP_SENT_MAIL_DAYS ago; returns how many. */
export async function purgeSentMail(): Promise<number> {
  const db = await getDb()
  const before = new Date(now().getTime() - KEEP_SENT_MAIL_DAYS * 86_400_000)
  return db('mail_outbox')
    .whereNotNull('sent_at')
    .where('sent_at', '<', before.toISOString())
    .delete()
}
