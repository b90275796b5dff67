import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { assertCan, canCreateClients } from '~/domain/permissions'
import type { Actor, User } from '~/domain/user'
import { getDb } from '~/infra/db.server'
import { clientAccountMail } from '~/mail/client-account'
import type { ClientAccountInput } from '~/schemas/staff'
import { enqueueMail } from './mail-outbox.server'
import { issuePasswordToken } from './password-reset.server'
import { hashPassword, insertUser } from './user.server'
import { INVITATION_DAYS, recordEvent } from './user-admin.server'

// Client accounts the front desk makes for someone who phones or walks in:
// the account exists at once (staff can add its pets and book for it), with
// a password nobody knows; the client gets a mail with their username and a
// link, valid INVITATION_DAYS, to choose their password (the password reset
// page). Recorded in user_events with who made it.

export const CLIENT_ACCOUNT_FAILURE = 'Client account was not created'

/** A free username from the email's local part ('ana.reyes'), with digits when taken. */
async function freeUsername(trx: Knex.Transaction, email: string): Promise<string> {
  const base =
    email
      .split('@')[0]
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 30) || 'guest'
  const padded = base.length >= 3 ? base : `${base}guest`
  for (let attempt = 0; ; attempt++) {
    const candidate = attempt === 0 ? padded : `${padded}${crypto.randomInt(100, 100_000)}`
    const taken = await trx('users')
      .select('id')
      .whereRaw('lower(username) = lower(?)', [candidate])
      .first()
    if (!taken) return candidate
  }
}

export async function createClientAccount({
  actor,
  input,
  origin,
}: {
  actor: Actor
  input: ClientAccountInput
  /** Where the link points: https://hotel.example */
  origin: string
}): Promise<User> {
  assertCan(canCreateClients(actor))
  const db = await getDb()
  // Nobody knows this password: the client sets theirs from the link.
  const password_hash = await hashPassword(crypto.randomBytes(32).toString('base64url'))
  return db.transaction(async (trx) => {
    const user = await insertUser(
      trx,
      { ...input, username: await freeUsername(trx, input.email), password_hash },
      CLIENT_ACCOUNT_FAILURE,
    )
    const token = await issuePasswordToken(trx, user.id, INVITATION_DAYS * 24 * 60)
    const staff = await trx('users').select('fname', 'lname').where({ id: actor!.id }).first()
    await enqueueMail(
      trx,
      clientAccountMail({
        to: user.email,
        fname: user.fname,
        username: user.username,
        createdBy: staff ? `${staff.fname} ${staff.lname}` : 'The front desk',
        url: `${origin}/reset-password?token=${encodeURIComponent(token)}`,
        validDays: INVITATION_DAYS,
      }),
    )
    await recordEvent(trx, { userId: user.id, actorId: actor!.id, action: 'created-by-staff' })
    return user
  })
}
