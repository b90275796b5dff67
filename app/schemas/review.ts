import { z } from 'zod'
import { invalid } from '~/domain/errors'
import { PAWS_MAX, PAWS_MIN, REVIEW_MAX } from '~/domain/review'
import { blankToUndefined, fieldErrors } from './fields'

// The review form (add and inline edit on /reviews) and POST/PUT /api/reviews
// share these rules; text or paws missing gives the one alert
// 'Please enter both a review and a paws rating.'

export const reviewMessages = {
  missing: 'Please enter both a review and a paws rating.',
  tooLong: 'Review must be at most 2,000 characters',
  notText: 'Review must be text',
  nul: 'Review cannot contain a null character',
  pawsRange: 'Paws must be a whole number from 1 to 5',
} as const

/** Kept exactly as typed: no trimming, no escaping (pages escape when they show it). */
const review = z.preprocess(
  blankToUndefined,
  z
    .string({
      error: (iss) => (iss.input === undefined ? reviewMessages.missing : reviewMessages.notText),
    })
    .max(REVIEW_MAX, reviewMessages.tooLong)
    // PostgreSQL text cannot hold U+0000; refuse it here rather than fail in the database.
    .refine((v) => !v.includes('\u0000'), reviewMessages.nul),
)

/**
 * Paws from a number (JSON) or a numeric string (a radio button). 0 or none
 * counts as "no rating" (a review needs at least 1 paw), anything else outside
 * the whole numbers 1–5 is out of range.
 */
const paws = z.preprocess(
  (v) => {
    const b = blankToUndefined(v)
    if (typeof b === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(b)) return Number(b)
    return b
  },
  z
    .number({
      error: (iss) => (iss.input === undefined ? reviewMessages.missing : reviewMessages.pawsRange),
    })
    .refine((n) => n !== 0, reviewMessages.missing)
    .refine(
      (n) => n === 0 || (Number.isInteger(n) && n >= PAWS_MIN && n <= PAWS_MAX),
      reviewMessages.pawsRange,
    ),
)

export const reviewSchema = z.object({ review, paws })

export type ReviewInput = z.infer<typeof reviewSchema>

/** True when a failed parse is (only) the "both fields" rule, so its alert is the message. */
export function isMissingReviewOrPaws(errors: Record<string, string>) {
  return Object.values(errors).includes(reviewMessages.missing)
}

export const REVIEW_FAILURES = {
  create: 'Could not create new review',
  update: 'Error updating review.',
} as const

/**
 * The review from a JSON body, or 400: the "both fields" alert when the text or the
 * paws are missing, `failure` (the call's own message) for anything else.
 */
export function parseReview(body: unknown, failure: string): ReviewInput {
  const parsed = reviewSchema.safeParse(body)
  if (parsed.success) return parsed.data
  const errors = fieldErrors(parsed.error)
  throw invalid(isMissingReviewOrPaws(errors) ? reviewMessages.missing : failure, errors)
}
