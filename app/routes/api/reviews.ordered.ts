import type { Route } from './+types/reviews.ordered'
import { apiError, methodNotAllowed, ok } from '~/http/api.server'
import { listTopReviews, TOP_REVIEWS_DEFAULT, TOP_REVIEWS_MAX } from '~/models/review.server'

// GET /api/reviews/ordered[?limit=N] — public: {"reviews": [...]} best first
// (paws descending, newest first among equal paws), 10 unless asked otherwise.
export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('limit')
  let limit = TOP_REVIEWS_DEFAULT
  if (raw !== null && raw !== '') {
    if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > TOP_REVIEWS_MAX)
      return apiError(400, 'Error fetching all reviews', {
        limit: `Limit must be a whole number from 1 to ${TOP_REVIEWS_MAX}`,
      })
    limit = Number(raw)
  }
  return ok({ reviews: await listTopReviews({ limit }) })
}

export function action() {
  return methodNotAllowed(['GET'])
}
