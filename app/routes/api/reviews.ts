import type { Route } from './+types/reviews'
import { apiError, methodNotAllowed, ok, readJsonObject, requireApiUser } from '~/http/api.server'
import { canAddReview, createReview, listReviews, ReviewError } from '~/models/review.server'
import { isMissingReviewOrPaws, reviewSchema } from '~/schemas/review'
import { fieldErrors, idSchema } from '~/schemas/fields'
import { now } from '~/infra/clock.server'

// GET /api/reviews — public: {"reviews": [...]} newest first.
export async function loader() {
  return ok({ reviews: await listReviews() })
}

// POST /api/reviews {review, paws} — a logged-in client (staff may not add); 201 the review.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const message = 'Could not create new review'
  const user = await requireApiUser(request)
  if (!canAddReview(user)) return apiError(403, 'Only clients may add reviews')
  const body = await readJsonObject(request)
  // The page of the spec also sends client_id: accepted only when it names the author.
  if (body.client_id !== undefined && body.client_id !== null && body.client_id !== '') {
    const clientId = idSchema.safeParse(body.client_id)
    if (!clientId.success) return apiError(400, message, { client_id: 'Must be an id' })
    if (clientId.data !== user.id) return apiError(403, 'You can only add reviews as yourself')
  }
  const parsed = reviewSchema.safeParse(body)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return apiError(
      400,
      isMissingReviewOrPaws(errors) ? 'Please enter both a review and a paws rating.' : message,
      errors,
    )
  }
  try {
    return ok(await createReview({ author: user, input: parsed.data, at: now() }), { status: 201 })
  } catch (error) {
    if (error instanceof ReviewError) return apiError(error.status, error.message)
    throw error
  }
}
