import crypto from 'node:crypto'
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  API_TOKEN_REQUESTS_PER_MINUTE,
  API_TOKENS_PER_USER,
  type ApiToken,
} from '~/domain/api-token'
import { conflict, forbidden, notFound, rateLimited } from '~/domain/errors'
import type { Actor, User } from '~/domain/user'
import { hotelWallClock } from '~/domain/hotel-time'
import { now } from '~/infra/clock.server'
import { getEnv } from '~/infra/env.server'
import { getDb } from '~/infra/db.server'
import type { ApiTokenInput } from '~/schemas/api-token'
import { takeAttempt } from './rate-limit.server'
import { hashToken } from './session.server'
import { PUBLIC_USER_COLUMNS, toUser, type UserRow } from './user.server'
import { PREPARED } from '~/infra/prepared-statements.server'

// Personal API tokens (app/domain/api-token.ts). Made, listed and revoked by
// their user only; stored as the SHA-256 of a random 32-byte token.

/** last_used_at is written at most this often per token, so reads stay reads. */
const TOUCH_EVERY_SECONDS = 60

const COLUMNS = ['id', 'name', 'read_only', 'created_at', 'last_used_at'] as const

type TokenRow = Omit<ApiToken, 'created_at' | 'last_used_at'> & {
  created_at: string | Date
  last_used_at: string | Date | null
}

/** A stored instant as the hotel's wall clock read it. */
const wall = (v: string | Date) => hotelWallClock(new Date(v), getEnv().HOTEL_TIMEZONE)
const toApiToken = (r: TokenRow): ApiToken => ({
  id: r.id,
  name: r.name,
  read_only: r.read_only,
  created_at: wall(r.created_at),
  last_used_at: r.last_used_at === null ? null : wall(r.last_used_at),
})

function own(actor: Actor): NonNullable<Actor> {
  if (!actor) throw forbidden()
  return actor
}

/** The actor's tokens, newest first. */
export async function listApiTokens({ actor }: { actor: Actor }): Promise<ApiToken[]> {
  const { id } = own(actor)
  const db = await getDb()
  const rows = (await db('api_tokens')
    .select(...COLUMNS)
    .where({ user_id: id })
    .orderBy('id', 'desc')
    .options(PREPARED)) as TokenRow[]
  return rows.map(toApiToken)
}

/** Makes a token for the actor; `token` is the only time it is ever seen. */
export async function createApiToken({
  actor,
  input,
}: {
  actor: Actor
  input: ApiTokenInput
}): Promise<{ token: string; apiToken: ApiToken }> {
  const { id: userId } = own(actor)
  const db = await getDb()
  return db.transaction(async (trx) => {
    // One writer per user at a time, so two requests cannot both make the 20th.
    await trx('users').select('id').where({ id: userId }).forUpdate()
    const [{ n }] = (await trx('api_tokens').where({ user_id: userId }).count({ n: '*' })) as {
      n: string | number
    }[]
    if (Number(n) >= API_TOKENS_PER_USER) throw conflict(API_TOKEN_MESSAGES.tooMany)
    const token = `${API_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`
    const [row] = (await trx('api_tokens')
      .insert({
        user_id: userId,
        name: input.name,
        read_only: input.read_only,
        token_hash: hashToken(token),
        created_at: now().toISOString(),
      })
      .returning([...COLUMNS])) as TokenRow[]
    return { token, apiToken: toApiToken(row) }
  })
}

/** Revokes one of the actor's tokens (404 for any other). */
export async function revokeApiToken({ actor, id }: { actor: Actor; id: number }) {
  const { id: userId } = own(actor)
  const db = await getDb()
  const deleted = await db('api_tokens').where({ id, user_id: userId }).delete()
  if (!deleted) throw notFound(API_TOKEN_MESSAGES.notFound)
}

/** Revokes every token of a user (a new password, when they ask for it); returns how many. */
export async function revokeAllApiTokens({ userId }: { userId: number }): Promise<number> {
  const db = await getDb()
  return db('api_tokens').where({ user_id: userId }).delete()
}

/** How many tokens a user has (the password forms ask about them only then). */
export async function countApiTokens({ userId }: { userId: number }): Promise<number> {
  const db = await getDb()
  const [{ n }] = (await db('api_tokens').where({ user_id: userId }).count({ n: '*' })) as {
    n: string | number
  }[]
  return Number(n)
}

export type TokenUser = { user: User; tokenId: number; readOnly: boolean }

/**
 * The active user a token names, or null (no such token, revoked, or its
 * user deactivated). Marks it used (at most once a minute).
 */
export async function findTokenUser(token: string): Promise<TokenUser | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null
  const db = await getDb()
  const at = now().toISOString()
  const row = (await db('api_tokens as t')
    .join('users as u', 'u.id', 't.user_id')
    .select(...PUBLIC_USER_COLUMNS.map((c) => `u.${c}`))
    .select('t.id as token_id', 't.read_only as token_read_only')
    .select(
      db.raw(
        `(t.last_used_at IS NULL OR t.last_used_at < ?::timestamptz - make_interval(secs => ?)) as stale`,
        [at, TOUCH_EVERY_SECONDS],
      ),
    )
    .where('t.token_hash', hashToken(token))
    .where('u.active', true)
    .first()) as
    (UserRow & { token_id: number; token_read_only: boolean; stale: boolean }) | undefined
  if (!row) return null
  const { token_id, token_read_only, stale, ...user } = row
  if (stale) await db('api_tokens').where({ id: token_id }).update({ last_used_at: at })
  return { user: toUser(user), tokenId: token_id, readOnly: token_read_only }
}

/** Counts one request of a token against its limit (429 past it). */
export async function takeTokenRequest(tokenId: number) {
  const decision = await takeAttempt({
    key: `api-token:${tokenId}`,
    limit: API_TOKEN_REQUESTS_PER_MINUTE,
    windowSeconds: 60,
  })
  if (!decision.allowed) throw rateLimited(API_TOKEN_MESSAGES.rateLimited, decision.retryAfter)
}
