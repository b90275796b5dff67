import { rateLimited } from '~/domain/errors'
import { now } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'

// Attempts counted per key in the database, so every app server behind a
// load balancer shares one count. Each attempt is ONE atomic upsert that
// counts it and decides in the same statement, so 30 parallel tries against
// a limit of 10 let exactly 10 through (a read-then-write would let more
// slip between the read and the write).
//
// A key counts attempts in a fixed window that starts with its first attempt.
// Past `limit` attempts, further ones are refused until the window ends —
// or, with `block`, the attempt that passes the limit is refused and starts a
// delay of `block.baseSeconds`; once a delay is over, ONE attempt goes ahead
// and the next delay, twice as long (at most `block.maxSeconds`), starts with
// it. A delay, not a lock-out: whoever waits gets to try again, and a
// guesser gets one try per delay. The episode ends when a whole window has
// passed since its last delay ended.

export type RateLimit = {
  /** What is counted, e.g. 'login:account:ada@example.com'. */
  key: string
  limit: number
  windowSeconds: number
  block?: { baseSeconds: number; maxSeconds: number }
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfter: number }

/** Counts one attempt for `key` and says whether it may go ahead. */
export async function takeAttempt({
  key,
  limit,
  windowSeconds,
  block,
}: RateLimit): Promise<RateDecision> {
  const db = await getDb()
  const at = now().toISOString()
  const ago = (seconds: string) => `:at::timestamptz - make_interval(secs => ${seconds})`
  // fresh: this attempt starts a new episode (the window is over, and so is any delay's aftermath).
  const fresh = `(r.window_started_at <= ${ago(':window')}
    AND (r.blocked_until IS NULL OR r.blocked_until <= ${ago(':window')}))`
  // waiting: a delay is running; the attempt is refused and changes nothing.
  const waiting = `(r.blocked_until IS NOT NULL AND r.blocked_until > :at::timestamptz)`
  const within = `r.hits + 1 <= :limit`
  const crossing = `r.hits + 1 = :limit + 1`
  const nextDelay = `:at::timestamptz + make_interval(secs => least(:maxDelay, :baseDelay * power(2, r.block_level)))`
  const { rows } = await db.raw(
    `INSERT INTO rate_limits AS r (key, hits, window_started_at, blocked_until, block_level, last_allowed)
     VALUES (:key, 1, :at::timestamptz, NULL, 0, 1 <= :limit)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN ${fresh} THEN 1 WHEN ${waiting} THEN r.hits ELSE r.hits + 1 END,
       window_started_at = CASE WHEN ${fresh} THEN :at::timestamptz ELSE r.window_started_at END,
       blocked_until = CASE
         WHEN ${fresh} THEN NULL
         WHEN ${waiting} OR ${within} OR NOT :blocks THEN r.blocked_until
         ELSE ${nextDelay} END,
       block_level = CASE
         WHEN ${fresh} THEN 0
         WHEN ${waiting} OR ${within} OR NOT :blocks THEN r.block_level
         ELSE r.block_level + 1 END,
       last_allowed = CASE
         WHEN ${fresh} THEN 1 <= :limit
         WHEN ${waiting} THEN false
         WHEN ${within} THEN true
         WHEN NOT :blocks THEN false
         WHEN ${crossing} THEN false
         ELSE true END
     RETURNING last_allowed,
       ceil(extract(epoch from (r.blocked_until - :at::timestamptz)))::int AS blocked_for,
       ceil(extract(epoch from (r.window_started_at + make_interval(secs => :window) - :at::timestamptz)))::int AS window_left`,
    {
      key,
      at,
      window: windowSeconds,
      limit,
      blocks: !!block,
      baseDelay: block?.baseSeconds ?? 0,
      maxDelay: block?.maxSeconds ?? 0,
    },
  )
  const row = rows[0] as { last_allowed: boolean; blocked_for: number | null; window_left: number }
  if (row.last_allowed) return { allowed: true }
  const retryAfter =
    row.blocked_for !== null && row.blocked_for > 0 ? row.blocked_for : row.window_left
  return { allowed: false, retryAfter: Math.max(1, retryAfter) }
}

/** Like takeAttempt, but refuses with 429 (and Retry-After) when over the limit. */
export async function enforceRateLimit(limit: RateLimit, message: string): Promise<void> {
  const decision = await takeAttempt(limit)
  if (!decision.allowed) throw rateLimited(message, decision.retryAfter)
}

/** Gives back one attempt (it turned out not to count, e.g. a successful login). */
export async function refundAttempt(key: string): Promise<void> {
  const db = await getDb()
  await db('rate_limits')
    .where({ key })
    .update({ hits: db.raw('greatest(hits - 1, 0)') })
}

/** Forgets a key entirely: its count and its block (a successful login, a password reset). */
export async function clearAttempts(key: string): Promise<void> {
  const db = await getDb()
  await db('rate_limits').where({ key }).delete()
}

/** Deletes keys whose window and last delay ended more than a day ago; returns how many. */
export async function purgeRateLimits(): Promise<number> {
  const db = await getDb()
  const at = now().toISOString()
  return db('rate_limits')
    .whereRaw(`window_started_at < ?::timestamptz - interval '1 day'`, [at])
    .where((q) =>
      q
        .whereNull('blocked_until')
        .orWhereRaw(`blocked_until < ?::timestamptz - interval '1 day'`, [at]),
    )
    .delete()
}
