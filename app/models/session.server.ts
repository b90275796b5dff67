import crypto from 'node:crypto'
import { assertCan, canEndSessionsOf } from '~/domain/permissions'
import type { Actor, User } from '~/domain/user'
import { now } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { PREPARED } from '~/infra/prepared-statements.server'
import { PUBLIC_USER_COLUMNS, toUser, type UserRow } from './user.server'

// Server-side sessions. A login creates a row and gives the browser a random
// token (in a signed cookie); the row keeps only the token's SHA-256. A
// session is valid until it is deleted (log out, password change, "log out
// everywhere"), unused for IDLE_DAYS, or older than ABSOLUTE_DAYS.

export const IDLE_DAYS = 30
export const ABSOLUTE_DAYS = 90
/** last_seen_at is written at most this often per session, so reads stay reads. */
const TOUCH_EVERY_SECONDS = 60

const DAY_MS = 24 * 60 * 60 * 1000

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/** Starts a session for a user; the token goes into the cookie and nowhere else. */
export async function createSession({
  userId,
  userAgent,
}: {
  userId: number
  userAgent: string
}): Promise<{ token: string; expiresAt: Date }> {
  const db = await getDb()
  const token = crypto.randomBytes(32).toString('base64url')
  const at = now()
  const expiresAt = new Date(at.getTime() + ABSOLUTE_DAYS * DAY_MS)
  await db('sessions').insert({
    id: hashToken(token),
    user_id: userId,
    created_at: at.toISOString(),
    last_seen_at: at.toISOString(),
    expires_at: expiresAt.toISOString(),
    user_agent: userAgent.slice(0, 400).replace(/\u0000/g, ''),
  })
  return { token, expiresAt }
}

export type SessionUser = { sessionId: string; user: User }

// Every signed-in request asks this, so it is one fixed text (no query to
// build each time), run as a prepared statement. A deactivated account's
// sessions are deleted; `u.active` holds even for one a race left behind.
const SESSION_USER_SQL = `
  select ${PUBLIC_USER_COLUMNS.map((c) => `u.${c}`).join(', ')},
    s.last_seen_at < ?::timestamptz - make_interval(secs => ?) as stale
  from sessions s join users u on u.id = s.user_id
  where s.id = ? and u.active and s.expires_at > ?
    and s.last_seen_at > ?::timestamptz - make_interval(days => ?)
  limit 1`

/**
 * The live session a token names and its user, in one query; null when the
 * token names none or it has expired. Marks it seen (at most once a minute).
 */
export async function findSessionUser({ token }: { token: string }): Promise<SessionUser | null> {
  const db = await getDb()
  const id = hashToken(token)
  const at = now().toISOString()
  const {
    rows: [row],
  } = (await db
    .raw(SESSION_USER_SQL, [at, TOUCH_EVERY_SECONDS, id, at, at, IDLE_DAYS])
    .options(PREPARED)) as { rows: (UserRow & { stale: boolean })[] }
  if (!row) return null
  if (row.stale) await db('sessions').where({ id }).update({ last_seen_at: at })
  return { sessionId: id, user: toUser(row) }
}

/** Ends one session (log out). */
export async function deleteSession({ sessionId }: { sessionId: string }): Promise<void> {
  const db = await getDb()
  await db('sessions').where({ id: sessionId }).delete()
}

/**
 * Ends every session of the actor's own account but `exceptSessionId` (the
 * one asking): "Log out everywhere else", a new password. Returns how many
 * ended. Someone else's sessions end through staff management instead
 * (endAccountSessions), which checks who may and records it.
 */
export async function endUserSessions({
  actor,
  userId,
  exceptSessionId,
}: {
  actor: Actor
  userId: number
  exceptSessionId?: string
}): Promise<number> {
  assertCan(canEndSessionsOf(actor, userId))
  const db = await getDb()
  const q = db('sessions').where({ user_id: userId })
  if (exceptSessionId) q.whereNot({ id: exceptSessionId })
  return q.delete()
}

/** Deletes sessions past their idle or absolute limit; returns how many. */
export async function purgeExpiredSessions(): Promise<number> {
  const db = await getDb()
  const at = now().toISOString()
  return db('sessions')
    .where('expires_at', '<=', at)
    .orWhereRaw(`last_seen_at <= ?::timestamptz - make_interval(days => ?)`, [at, IDLE_DAYS])
    .delete()
}
