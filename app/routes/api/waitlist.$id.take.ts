import type { Route } from './+types/waitlist.$id.take'
import { WAITLIST_MESSAGES } from '~/domain/waitlist'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { requireIdParam } from '~/http/params.server'
import { publicOrigin } from '~/http/public-origin.server'
import { takeWaitlistOffer } from '~/models/booking/waitlist.server'

// POST /api/waitlist/{id}/take — book the stay in the place held for it (no
// body) → 201 {"booking": …}; 409 while it still waits, once its hold has
// lapsed, or when it was taken or left already.
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const actor = await requireApiUser(request)
  const id = requireIdParam(params.id, WAITLIST_MESSAGES.notFound)
  const booking = await takeWaitlistOffer({ actor, id, origin: publicOrigin(request) })
  return ok({ booking }, { status: 201 })
})

export function loader() {
  return methodNotAllowed(['POST'])
}
