import type { Knex } from 'knex'
import { forbidden, notFound } from '~/domain/errors'
import { assertCan, canAddReview, canDeleteReview, canEditReview } from '~/domain/permissions'
import { FORMER_GUEST, type Review } from '~/domain/review'
import type { Actor } from '~/domain/user'
import { now } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { cached } from '~/infra/read-cache.server'
import { inBatches, offsetOf } from './batches.server'
import { changed } from './cache-versions.server'
import type { ReviewInput } from '~/schemas/review'
import { enforceRateLimit } from './rate-limit.server'

// Reviews, rated in paws. Anyone reads them; clients write them (at most
// RATE_LIMIT_REVIEWS_PER_USER an hour each, so one account cannot flood the
// page); an author edits their own; an author or the Owner/Managers delete.

// Timestamps as one ISO text on both drivers (pg would give a Date, PGlite text).
const iso = (column: string) =>
  `to_char(reviews.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

function selectReviews(db: Knex | Knex.Transaction) {
  return (
    db('reviews')
      // A deleted account's reviews stay, signed "a former guest".
      .leftJoin('users', 'users.id', 'reviews.client_id')
      .select(
        'reviews.id',
        'reviews.review',
        'reviews.paws',
        'reviews.client_id',
        db.raw('coalesce(users.username, ?) as client_username', [FORMER_GUEST]),
        db.raw(`${iso('created_at')} as created_at`),
        db.raw(`${iso('updated_at')} as updated_at`),
      )
  )
}

const NEWEST_FIRST = [
  { column: 'reviews.created_at', order: 'desc' },
  { column: 'reviews.id', order: 'desc' },
] as const

export const REVIEWS_PAGE_SIZE = 50

type ReviewRow = Review & { cursor_at: string }

/** Every review, newest first (GET /api/reviews), a batch at a time. */
export async function* allReviewsInBatches(): AsyncGenerator<Review[]> {
  const db = await getDb()
  yield* inBatches<ReviewRow, Review>(
    (after, size) => {
      // The exact timestamp (microseconds) as text, for the next batch's start.
      const q = selectReviews(db)
        .select(db.raw('reviews.created_at::text as cursor_at'))
        .orderBy([...NEWEST_FIRST])
        .limit(size)
      if (after)
        q.whereRaw('(reviews.created_at, reviews.id) < (?::timestamptz, ?)', [
          after.cursor_at,
          after.id,
        ])
      return q
    },
    (rows) => rows.map(({ cursor_at: _, ...review }) => review),
  )
}

/** One page of reviews, newest first: the /reviews page and GET /api/reviews?page=. */
export function listReviewsPage({
  page,
  pageSize = REVIEWS_PAGE_SIZE,
}: {
  page: number
  pageSize?: number
}): Promise<ReviewsPage> {
  if (!isKeptReviewsPage({ page, pageSize })) return readReviewsPage(page, pageSize)
  return cached('reviews', `page:${page}`, () => readReviewsPage(page, pageSize))
}

export type ReviewsPage = { reviews: readonly Review[]; hasMore: boolean }

/**
 * Pages 1 to KEPT_REVIEW_PAGES at the standard size — what the reviews page,
 * visitors and apps ask for — are kept by the read cache (every write that
 * changes a review or its author's username bumps the topic); a page further
 * on, or of another size, is read for its request, so what a crawler of
 * every page and size can make a server hold stays small.
 */
export const KEPT_REVIEW_PAGES = 5

export const isKeptReviewsPage = ({ page, pageSize }: { page: number; pageSize: number }) =>
  pageSize === REVIEWS_PAGE_SIZE && page <= KEPT_REVIEW_PAGES

async function readReviewsPage(page: number, pageSize: number): Promise<ReviewsPage> {
  const db = await getDb()
  const rows: Review[] = await selectReviews(db)
    .orderBy([...NEWEST_FIRST])
    .limit(pageSize + 1)
    .offset(offsetOf({ page, limit: pageSize }))
  return { reviews: rows.slice(0, pageSize), hasMore: rows.length > pageSize }
}

export const TOP_REVIEWS_DEFAULT = 10
export const TOP_REVIEWS_MAX = 100

/** The best first: paws descending, newest first among equal paws (the landing's Top Reviews). */
export async function listTopReviews({
  limit = TOP_REVIEWS_DEFAULT,
}: { limit?: number } = {}): Promise<readonly Review[]> {
  // The best TOP_REVIEWS_MAX, kept by the read cache; each caller takes its first few.
  const best = await cached('reviews', 'top', async () => {
    const db = await getDb()
    return (await selectReviews(db)
      .orderBy([{ column: 'reviews.paws', order: 'desc' }, ...NEWEST_FIRST])
      .limit(TOP_REVIEWS_MAX)) as Review[]
  })
  return best.slice(0, Math.max(1, Math.min(TOP_REVIEWS_MAX, Math.floor(limit))))
}

/** One review (public); 404 when it does not exist. */
export async function getReview({ id }: { id: number }): Promise<Review> {
  const db = await getDb()
  const review = await selectReviews(db).where('reviews.id', id).first()
  if (!review) throw notFound('Review not found')
  return review
}

/** Adds a review by the actor (a client), timestamped by the clock. */
export async function createReview({
  actor,
  input,
}: {
  actor: Actor
  input: ReviewInput
}): Promise<Review> {
  assertCan(canAddReview(actor), 'Only clients may add reviews')
  await enforceRateLimit(
    {
      key: `review:user:${actor!.id}`,
      limit: getEnv().RATE_LIMIT_REVIEWS_PER_USER,
      windowSeconds: 60 * 60,
    },
    'You have added many reviews in the last hour. Please try again later.',
  )
  const db = await getDb()
  const at = now().toISOString()
  return db.transaction(async (trx) => {
    const [row] = await trx('reviews')
      .insert({
        client_id: actor!.id,
        review: input.review,
        paws: input.paws,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
    await changed(trx, ['reviews'])
    return selectReviews(trx).where('reviews.id', row.id).first()
  })
}

/** Locks a review for a change and checks the rule; 404 when it is gone. */
async function lockReview(
  trx: Knex.Transaction,
  id: number,
  allowed: (review: { client_id: number }) => boolean,
) {
  const existing = await trx('reviews').select('id', 'client_id').where({ id }).forUpdate().first()
  if (!existing) throw notFound('Review not found')
  if (!allowed(existing)) throw forbidden()
  return existing
}

/** Changes a review's text and paws; only its author may. */
export async function updateReview({
  id,
  actor,
  input,
}: {
  id: number
  actor: Actor
  input: ReviewInput
}): Promise<Review> {
  const db = await getDb()
  return db.transaction(async (trx) => {
    await lockReview(trx, id, (review) => canEditReview(actor, review))
    await trx('reviews')
      .where({ id })
      .update({ review: input.review, paws: input.paws, updated_at: now().toISOString() })
    await changed(trx, ['reviews'])
    return selectReviews(trx).where('reviews.id', id).first()
  })
}

/** Deletes a review: its author, or the Owner or a Manager. */
export async function deleteReview({ id, actor }: { id: number; actor: Actor }): Promise<void> {
  const db = await getDb()
  await db.transaction(async (trx) => {
    await lockReview(trx, id, (review) => canDeleteReview(actor, review))
    await trx('reviews').where({ id }).delete()
    await changed(trx, ['reviews'])
  })
}

/** Writes a review as of `at`, with no rate limit (history: the demo seed, test set-ups). */
export async function recordReview({
  authorId,
  input,
  at,
}: {
  authorId: number
  input: ReviewInput
  at: Date
}): Promise<Review> {
  const db = await getDb()
  const [row] = await db('reviews')
    .insert({
      client_id: authorId,
      review: input.review,
      paws: input.paws,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .returning('id')
  await changed(db, ['reviews'])
  return selectReviews(db).where('reviews.id', row.id).first()
}
