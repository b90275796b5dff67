import type { Knex } from 'knex'
import { getDb } from '~/infra/db.server'
import { isAdmin, type User } from './user.server'
import type { ReviewInput } from '~/schemas/review'

/** The Review of spec §3, with its times as ISO 8601 UTC text. */
export type Review = {
  id: number
  review: string
  paws: number
  client_id: number
  client_username: string
  created_at: string
  updated_at: string
}

/** A rule the caller broke; the route maps `status` to its JSON error. */
export class ReviewError extends Error {
  constructor(
    public status: 403 | 404,
    message: string,
  ) {
    super(message)
  }
}

// Timestamps as one ISO text on both drivers (pg would give a Date, PGlite text).
const iso = (column: string) =>
  `to_char(reviews.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

function selectReviews(db: Knex | Knex.Transaction) {
  return db('reviews')
    .join('users', 'users.id', 'reviews.client_id')
    .select(
      'reviews.id',
      'reviews.review',
      'reviews.paws',
      'reviews.client_id',
      'users.username as client_username',
      db.raw(`${iso('created_at')} as created_at`),
      db.raw(`${iso('updated_at')} as updated_at`),
    )
}

export const REVIEWS_PAGE_SIZE = 50

/** Every review, newest first (GET /api/reviews). */
export async function listReviews(): Promise<Review[]> {
  const db = await getDb()
  return selectReviews(db).orderBy([
    { column: 'reviews.created_at', order: 'desc' },
    { column: 'reviews.id', order: 'desc' },
  ])
}

/** One page of reviews, newest first, for the /reviews page. */
export async function listReviewsPage({
  page,
  pageSize = REVIEWS_PAGE_SIZE,
}: {
  page: number
  pageSize?: number
}): Promise<{ reviews: Review[]; hasMore: boolean }> {
  const db = await getDb()
  const rows: Review[] = await selectReviews(db)
    .orderBy([
      { column: 'reviews.created_at', order: 'desc' },
      { column: 'reviews.id', order: 'desc' },
    ])
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
  return { reviews: rows.slice(0, pageSize), hasMore: rows.length > pageSize }
}

export const TOP_REVIEWS_DEFAULT = 10
export const TOP_REVIEWS_MAX = 100

/** The best first: paws descending, newest first among equal paws (the landing's Top Reviews). */
export async function listTopReviews({
  limit = TOP_REVIEWS_DEFAULT,
}: { limit?: number } = {}): Promise<Review[]> {
  const db = await getDb()
  return selectReviews(db)
    .orderBy([
      { column: 'reviews.paws', order: 'desc' },
      { column: 'reviews.created_at', order: 'desc' },
      { column: 'reviews.id', order: 'desc' },
    ])
    .limit(Math.max(1, Math.min(TOP_REVIEWS_MAX, Math.floor(limit))))
}

export async function getReview({ id }: { id: number }): Promise<Review | null> {
  const db = await getDb()
  return (await selectReviews(db).where('reviews.id', id).first()) ?? null
}

/** Only non-staff users may add reviews (spec §6). */
export const canAddReview = (user: Pick<User, 'staff'> | null | undefined) => !!user && !user.staff
export const canEditReview = (
  user: Pick<User, 'id'> | null | undefined,
  review: Pick<Review, 'client_id'>,
) => !!user && user.id === review.client_id
export const canDeleteReview = (
  user: Pick<User, 'id' | 'position'> | null | undefined,
  review: Pick<Review, 'client_id'>,
) => !!user && (user.id === review.client_id || isAdmin(user))

/** Adds a review by `author`; `at` is the clock's now, so tests can order reviews. */
export async function createReview({
  author,
  input,
  at,
}: {
  author: User
  input: ReviewInput
  at: Date
}): Promise<Review> {
  if (!canAddReview(author)) throw new ReviewError(403, 'Only clients may add reviews')
  const db = await getDb()
  return db.transaction(async (trx) => {
    const [row] = await trx('reviews')
      .insert({
        client_id: author.id,
        review: input.review,
        paws: input.paws,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .returning('id')
    return selectReviews(trx).where('reviews.id', row.id).first()
  })
}

/** Changes a review's text and paws; only its author may. */
export async function updateReview({
  id,
  editor,
  input,
  at,
}: {
  id: number
  editor: User
  input: ReviewInput
  at: Date
}): Promise<Review> {
  const db = await getDb()
  return db.transaction(async (trx) => {
    const existing = await trx('reviews')
      .select('id', 'client_id')
      .where({ id })
      .forUpdate()
      .first()
    if (!existing) throw new ReviewError(404, 'Review not found')
    if (!canEditReview(editor, existing)) throw new ReviewError(403, 'Unauthorized')
    await trx('reviews')
      .where({ id })
      .update({ review: input.review, paws: input.paws, updated_at: at.toISOString() })
    return selectReviews(trx).where('reviews.id', id).first()
  })
}

/** Deletes a review: its author, or the Owner or a Manager. */
export async function deleteReview({ id, actor }: { id: number; actor: User }): Promise<void> {
  const db = await getDb()
  await db.transaction(async (trx) => {
    const existing = await trx('reviews')
      .select('id', 'client_id')
      .where({ id })
      .forUpdate()
      .first()
    if (!existing) throw new ReviewError(404, 'Review not found')
    if (!canDeleteReview(actor, existing)) throw new ReviewError(403, 'Unauthorized')
    await trx('reviews').where({ id }).delete()
  })
}
