import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { invalid } from '~/domain/errors'
import type { User } from '~/domain/user'
import { now } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { passwordResetMail } from '~/mail/password-reset'
import { enqueueMail } from './mail-outbox.server'
import { hashToken } from './session.server'
import {
  hashPassword,
  PUBLIC_USER_COLUMNS,
  toUser,
  type HashOptions,
  type UserRow,
} from './user.server'

// Forgotten passwords. A request for an active account writes a random
// single-use token (only its SHA-256 is kept, in account_tokens) and the mail
// with its link in one transaction; a request for an address with no active
// account writes nothing and says the same. The link's page changes nothing
// until the person submits a new password (mail scanners follow links); then
// the password changes, every reset link of the account is used up and every
// session of the account ends, in one transaction.

export const RESET_VALID_MINUTES = 60
const PURPOSE = 'password-reset'

export const RESET_MESSAGES = {
  failed: 'Password was not reset',
  unknown: 'This password reset link is not valid. Please ask for a new one.',
  used: 'This password reset link has already been used. Please ask for a new one.',
  expired: 'This password reset link has expired. Please ask for a new one.',
} as const

/**
 * Sends a reset link to `email` when it names an active account; nothing
 * otherwise. The caller answers the same either way.
 */
export async function requestPasswordReset({
  email,
  origin,
}: {
  email: string
  /** Where the link points: https://hotel.example */
  origin: string
}): Promise<void> {
  const db = await getDb()
  await db.transaction(async (trx) => {
    const user = await trx('users')
      .select('id', 'email', 'fname')
      .whereRaw('lower(email) = lower(?)', [email.trim()])
      .where({ active: true })
      .first<{ id: number; email: string; fname: string } | undefined>()
    if (!user) return
    const token = await issuePasswordToken(trx, user.id, RESET_VALID_MINUTES)
    await enqueueMail(
      trx,
      passwordResetMail({
        to: user.email,
        fname: user.fname,
        url: `${origin}/reset-password?token=${encodeURIComponent(token)}`,
        validMinutes: RESET_VALID_MINUTES,
      }),
    )
  })
}

/**
 * A single-use link token that sets the account's password (only its SHA-256
 * is kept), valid `validMinutes`: a forgotten password's, or the first one of
 * an account the front desk made. Inside the caller's transaction.
 */
export async function issuePasswordToken(
  trx: Knex.Transaction,
  userId: number,
  validMinutes: number,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url')
  const at = now()
  await trx('account_tokens').insert({
    id: hashToken(token),
    purpose: PURPOSE,
    user_id: userId,
    created_at: at.toISOString(),
    expires_at: new Date(at.getTime() + validMinutes * 60_000).toISOString(),
  })
  return token
}

type TokenRow = { user_id: number; expires_at: Date | string; used_at: Date | string | null }

function tokenQuery(db: Knex | Knex.Transaction, token: string) {
  return (
    db('account_tokens as t')
      .join('users as u', 'u.id', 't.user_id')
      .select('t.user_id', 't.expires_at', 't.used_at')
      .where({ 't.id': hashToken(token), 't.purpose': PURPOSE })
      // A deactivated account cannot be reset: its links open nothing.
      .where('u.active', true)
  )
}

/** Why a token opens no reset (400, said under `token` as well); null when it does. */
function refusal(row: TokenRow | undefined) {
  const refuse = (message: string) => invalid(message, { token: message })
  if (!row) return refuse(RESET_MESSAGES.unknown)
  if (row.used_at) return refuse(RESET_MESSAGES.used)
  if (new Date(row.expires_at).getTime() <= now().getTime()) return refuse(RESET_MESSAGES.expired)
  return null
}

/** Checks that a link's token may reset a password; reading it changes nothing. */
export async function checkResetToken({ token }: { token: string }): Promise<void> {
  const db = await getDb()
  const refused = refusal(await tokenQuery(db, token).first())
  if (refused) throw refused
}

/**
 * Sets a new password with a reset token, uses up every reset link of the
 * account and ends all its sessions — once, even when two tabs submit
 * together. Returns the user, to log them in.
 */
export async function resetPassword({
  token,
  password,
  hashOptions,
}: {
  token: string
  password: string
  hashOptions?: HashOptions
}): Promise<User> {
  // Refuse a dead link before paying for a password hash; checked again under the lock.
  await checkResetToken({ token })
  const password_hash = await hashPassword(password, hashOptions)
  const db = await getDb()
  return db.transaction(async (trx) => {
    const row: TokenRow | undefined = await tokenQuery(trx, token).forUpdate().first()
    const refused = refusal(row)
    if (refused) throw refused
    const userId = row!.user_id
    const at = now().toISOString()
    const [user] = await trx('users')
      .where({ id: userId })
      .update({ password_hash })
      .returning<UserRow[]>(PUBLIC_USER_COLUMNS as unknown as string[])
    await trx('account_tokens')
      .where({ user_id: userId, purpose: PURPOSE })
      .whereNull('used_at')
      .update({ used_at: at })
    await trx('sessions').where({ user_id: userId }).delete()
    return toUser(user)
  })
}
