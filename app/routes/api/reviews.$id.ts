import type { Route } from './+types/reviews.$id'
import { requireIdParam } from '~/http/params.server'
import { assertCan, canEditReview } from '~/domain/permissions'
import { apiHandler, methodNotAllowed, ok, readJsonObject } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { deleteReview, getReview, updateReview } from '~/models/review.server'
import { parseReview, REVIEW_FAILURES } from '~/schemas/review'

const NOT_FOUND = 'Review not found'

// GET /api/reviews/{id} — public: the review object.
export const loader = apiHandler(async ({ params }: Route.LoaderArgs) => {
  return ok(await getReview({ id: requireIdParam(params.id, NOT_FOUND) }))
})

// PUT /api/reviews/{id} {review, paws} — its author only; the review.
// DELETE /api/reviews/{id} — its author, or the Owner or a Manager; 200 {message}.
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'PUT' && request.method !== 'DELETE')
    return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  const actor = await requireApiUser(request)
  const id = requireIdParam(params.id, NOT_FOUND)
  if (request.method === 'DELETE') {
    await deleteReview({ id, actor })
    return ok({ message: 'Review deleted' })
  }
  // Who may edit is decided before the body is read, so a stranger learns nothing from validation.
  assertCan(canEditReview(actor, await getReview({ id })))
  const input = parseReview(await readJsonObject(request), REVIEW_FAILURES.update)
  return ok(await updateReview({ id, actor, input }))
})
