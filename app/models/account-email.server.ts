import crypto from 'node:crypto'
import type { Knex } from 'knex'
import type { AppError } from '~/domain/errors'
import { conflict, invalid } from '~/domain/errors'
import type { Actor, User } from '~/domain/user'
import { now } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { emailChangeConfirmMail, emailChangedNoticeMail } from '~/mail/account'
import { enqueueMail } from './mail-outbox.server'
import { enforceRateLimit } from './rate-limit.server'
import { hashToken } from './session.server'
import { recordEvent } from './user-admin.server'
import { DUPLICATE_MESSAGES, verifyCurrentPassword } from './user.server'
import { ACCOUNT_MESSAGES } from './account.server'
import { PREPARED } from '~/infra/prepared-statements.server'

// A new email address for one's own account: confirmed by a link mailed to
// it (valid a day, single use, a few an hour), the old address told once it
// changes, and the change recorded in user_events.

export const EMAIL_CHANGE_VALID_HOURS = 24
/** Confirmation links one account may ask for per hour. */
export const EMAIL_CHANGES_PER_HOUR = 5
const EMAIL_CHANGE = 'email-change'

/**
 * Mails a confirmation link to a new address (after checking the current
 * password). Only the newest link works: asking again uses up the earlier ones.
 */
export async function requestEmailChange({
  actor,
  email,
  currentPassword,
  origin,
}: {
  actor: User
  email: string
  currentPassword: string
  origin: string
}): Promise<void> {
  const db = await getDb()
  const fail = ACCOUNT_MESSAGES.emailFailed
  if (email.toLowerCase() === actor.email.toLowerCase())
    throw invalid(fail, { email: ACCOUNT_MESSAGES.sameEmail })
  await verifyCurrentPassword({ userId: actor.id, password: currentPassword, message: fail })
  const taken = await db('users').select('id').whereRaw('lower(email) = lower(?)', [email]).first()
  if (taken) throw conflict(fail, { email: DUPLICATE_MESSAGES.email })
  // Each link is a mail to an address of the person's choosing: not a way to flood someone's inbox.
  await enforceRateLimit(
    { key: `email-change:user:${actor.id}`, limit: EMAIL_CHANGES_PER_HOUR, windowSeconds: 60 * 60 },
    ACCOUNT_MESSAGES.tooManyLinks,
  )
  const token = crypto.randomBytes(32).toString('base64url')
  const at = now()
  await db.transaction(async (trx) => {
    await trx('account_tokens')
      .where({ user_id: actor.id, purpose: EMAIL_CHANGE })
      .whereNull('used_at')
      .update({ used_at: at.toISOString() })
    await trx('account_tokens').insert({
      id: hashToken(token),
      purpose: EMAIL_CHANGE,
      user_id: actor.id,
      email,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + EMAIL_CHANGE_VALID_HOURS * 3_600_000).toISOString(),
    })
    await enqueueMail(
      trx,
      emailChangeConfirmMail({
        to: email,
        fname: actor.fname,
        url: `${origin}/account/email?token=${encodeURIComponent(token)}`,
        validHours: EMAIL_CHANGE_VALID_HOURS,
      }),
    )
  })
}

/** The new address waiting for its confirmation link to be opened, if any. */
export async function pendingEmailChange({
  actor,
}: {
  actor: NonNullable<Actor>
}): Promise<string | null> {
  const db = await getDb()
  const row = await db('account_tokens')
    .select('email')
    .where({ user_id: actor.id, purpose: EMAIL_CHANGE })
    .whereNull('used_at')
    .where('expires_at', '>', now().toISOString())
    .orderBy('created_at', 'desc')
    .first()
    .options(PREPARED)
  return row?.email ?? null
}

type EmailTokenRow = {
  user_id: number
  email: string
  expires_at: Date | string
  used_at: Date | string | null
  current_email: string
  fname: string
}

function emailTokenQuery(db: Knex | Knex.Transaction, token: string) {
  return db('account_tokens as t')
    .join('users as u', 'u.id', 't.user_id')
    .select('t.user_id', 't.email', 't.expires_at', 't.used_at')
    .select('u.email as current_email', 'u.fname')
    .where({ 't.id': hashToken(token), 't.purpose': EMAIL_CHANGE })
    .where('u.active', true)
}

function emailTokenRefusal(row: EmailTokenRow | undefined): AppError | null {
  const refuse = (message: string) => invalid(message, { token: message })
  if (!row) return refuse(ACCOUNT_MESSAGES.emailUnknown)
  if (row.used_at) return refuse(ACCOUNT_MESSAGES.emailUsed)
  if (new Date(row.expires_at).getTime() <= now().getTime())
    return refuse(ACCOUNT_MESSAGES.emailExpired)
  return null
}

/** The new address a confirmation link would set (reading it changes nothing). */
export async function checkEmailChangeToken({
  token,
}: {
  token: string
}): Promise<{ email: string }> {
  const db = await getDb()
  const row: EmailTokenRow | undefined = await emailTokenQuery(db, token).first()
  const refused = emailTokenRefusal(row)
  if (refused) throw refused
  return { email: row!.email }
}

/**
 * Confirms a new address: the account takes it, the link is used up, and the
 * old address is told. 409 when another account took the address meanwhile.
 */
export async function confirmEmailChange({
  token,
  origin,
}: {
  token: string
  origin: string
}): Promise<{ email: string }> {
  const db = await getDb()
  try {
    return await db.transaction(async (trx) => {
      const row: EmailTokenRow | undefined = await emailTokenQuery(trx, token).forUpdate().first()
      const refused = emailTokenRefusal(row)
      if (refused) throw refused
      const { user_id, email, current_email, fname } = row!
      const taken = await trx('users')
        .select('id')
        .whereRaw('lower(email) = lower(?)', [email])
        .whereNot({ id: user_id })
        .first()
      if (taken) throw conflict(ACCOUNT_MESSAGES.emailTakenMeanwhile)
      const at = now().toISOString()
      await trx('users').where({ id: user_id }).update({ email })
      await trx('account_tokens')
        .where({ id: hashToken(token) })
        .update({ used_at: at })
      await recordEvent(trx, {
        userId: user_id,
        actorId: user_id,
        action: 'email changed',
        detail: `${current_email} → ${email}`,
      })
      await enqueueMail(
        trx,
        emailChangedNoticeMail({ to: current_email, fname, newEmail: email, origin }),
      )
      return { email }
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw conflict(ACCOUNT_MESSAGES.emailTakenMeanwhile)
    throw error
  }
}
