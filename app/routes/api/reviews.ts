import type { Route } from './+types/reviews'
import { forbidden, invalid } from '~/domain/errors'
import { assertCan, canAddReview } from '~/domain/permissions'
import { apiHandler, methodNotAllowed, ok, readJsonObject } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { pageLinks, pagedList, readApiPaging, wholeList } from '~/http/json-list.server'
import { keptReviewsPage, publicJsonResponse } from '~/http/public-json.server'
import { allReviewsInBatches, createReview, listReviewsPage } from '~/models/review.server'
import { idSchema } from '~/schemas/fields'
import { parseReview, REVIEW_FAILURES } from '~/schemas/review'

// GET /api/reviews — public: {"reviews": [...]} newest first; ?page=&limit= for one page
// (links to the others in the Link header).
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const paging = readApiPaging(request)
  if (!paging) return wholeList(request, 'reviews', allReviewsInBatches())
  // The first pages are kept by the read cache (the server answers them before React Router too).
  const kept = keptReviewsPage(paging)
  if (kept) {
    const { json, hasMore } = await kept
    return publicJsonResponse(request, json, { Link: pageLinks(request.url, paging, hasMore) })
  }
  const { reviews, hasMore } = await listReviewsPage({ page: paging.page, pageSize: paging.limit })
  return pagedList(request, 'reviews', paging, { items: reviews, hasMore })
})

// POST /api/reviews {review, paws} — a logged-in client (staff may not add); 201 the review.
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const actor = await requireApiUser(request)
  assertCan(canAddReview(actor), 'Only clients may add reviews')
  const body = await readJsonObject(request)
  // The original page also sends client_id: accepted only when it names the author.
  if (body.client_id !== undefined && body.client_id !== null && body.client_id !== '') {
    const clientId = idSchema.safeParse(body.client_id)
    if (!clientId.success) throw invalid(REVIEW_FAILURES.create, { client_id: 'Must be an id' })
    if (clientId.data !== actor.id) throw forbidden('You can only add reviews as yourself')
  }
  const input = parseReview(body, REVIEW_FAILURES.create)
  return ok(await createReview({ actor, input }), { status: 201 })
})
