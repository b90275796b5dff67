import type { Route } from './+types/reviews.ordered'
import { answersInJson, apiError, methodNotAllowed } from '~/http/api.server'
import { parseTopReviewsLimit, publicJsonResponse, topReviewsJson } from '~/http/public-json.server'
import { TOP_REVIEWS_MAX } from '~/models/review.server'

// GET /api/reviews/ordered[?limit=N] — public: {"reviews": [...]} best first
// (paws descending, newest first among equal paws), 10 unless asked otherwise.
// The server answers a plain GET from the same cached text before it reaches here.
export const loader = answersInJson(async ({ request }: Route.LoaderArgs) => {
  const limit = parseTopReviewsLimit(new URL(request.url).searchParams.get('limit'))
  if (limit === null)
    return apiError(400, 'Error fetching all reviews', {
      limit: `Limit must be a whole number from 1 to ${TOP_REVIEWS_MAX}`,
    })
  return publicJsonResponse(request, await topReviewsJson(limit))
})

export function action() {
  return methodNotAllowed(['GET'])
}
