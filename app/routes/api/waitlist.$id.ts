import type { Route } from './+types/waitlist.$id'
import { WAITLIST_MESSAGES } from '~/domain/waitlist'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { requireIdParam } from '~/http/params.server'
import { publicOrigin } from '~/http/public-origin.server'
import { getWaitlistEntry, leaveWaitlist } from '~/models/booking/waitlist.server'

// GET /api/waitlist/{id} — one waitlisted stay, whatever became of it
// (status waiting, offered, booked, left, lapsed, expired): its client and staff.
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  const id = requireIdParam(params.id, WAITLIST_MESSAGES.notFound)
  return ok({ entry: await getWaitlistEntry({ actor, id }) })
})

// DELETE /api/waitlist/{id} — leave the waitlist (a place held for it goes
// to the next waiting stay that fits) → {"message"}; 409 once it is over.
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'DELETE') return methodNotAllowed(['GET', 'DELETE'])
  const actor = await requireApiUser(request)
  const id = requireIdParam(params.id, WAITLIST_MESSAGES.notFound)
  await leaveWaitlist({ actor, id, origin: publicOrigin(request) })
  return ok({ message: 'Left the waitlist' })
})
