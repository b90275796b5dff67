import type { Route } from './+types/reviews.$id'
import {
  apiError,
  methodNotAllowed,
  ok,
  readJsonObject,
  requireApiUser,
  requireIdParam,
} from '~/http/api.server'
import { deleteReview, getReview, ReviewError, updateReview } from '~/models/review.server'
import { isMissingReviewOrPaws, reviewSchema } from '~/schemas/review'
import { fieldErrors } from '~/schemas/fields'
import { now } from '~/infra/clock.server'

const NOT_FOUND = 'Review not found'

// GET /api/reviews/{id} — public: the review object.
export async function loader({ params }: Route.LoaderArgs) {
  const id = requireIdParam(params.id, NOT_FOUND)
  const review = await getReview({ id })
  if (!review) return apiError(404, NOT_FOUND)
  return ok(review)
}

// PUT /api/reviews/{id} {review, paws} — its author only; the review.
// DELETE /api/reviews/{id} — its author, or the Owner or a Manager; 200 {message}.
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method === 'PUT') return update(request, params.id)
  if (request.method === 'DELETE') return remove(request, params.id)
  return methodNotAllowed(['GET', 'PUT', 'DELETE'])
}

async function update(request: Request, idParam: string) {
  const user = await requireApiUser(request)
  const id = requireIdParam(idParam, NOT_FOUND)
  // Who may edit is decided before the body is read, so a stranger learns nothing from validation.
  const existing = await getReview({ id })
  if (!existing) return apiError(404, NOT_FOUND)
  if (existing.client_id !== user.id) return apiError(403, 'Unauthorized')
  const body = await readJsonObject(request)
  const parsed = reviewSchema.safeParse(body)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return apiError(
      400,
      isMissingReviewOrPaws(errors)
        ? 'Please enter both a review and a paws rating.'
        : 'Error updating review.',
      errors,
    )
  }
  try {
    return ok(await updateReview({ id, editor: user, input: parsed.data, at: now() }))
  } catch (error) {
    if (error instanceof ReviewError) return apiError(error.status, error.message)
    throw error
  }
}

async function remove(request: Request, idParam: string) {
  const user = await requireApiUser(request)
  const id = requireIdParam(idParam, NOT_FOUND)
  try {
    await deleteReview({ id, actor: user })
  } catch (error) {
    if (error instanceof ReviewError) return apiError(error.status, error.message)
    throw error
  }
  return ok({ message: 'Review deleted' })
}
