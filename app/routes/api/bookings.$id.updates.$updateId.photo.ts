import type { Route } from './+types/bookings.$id.updates.$updateId.photo'
import { apiHandler, methodNotAllowed } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { privatePhotoResponse } from '~/http/private-photo.server'
import { requireIdParam } from '~/http/params.server'
import { getStayUpdatePhoto, STAY_UPDATE_FAILURES } from '~/models/booking/stay-updates.server'

// GET /api/bookings/{id}/updates/{updateId}/photo — an update's photo, for the
// booking's client and staff only, never public nor kept by a shared cache.
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  const bookingId = requireIdParam(params.id, STAY_UPDATE_FAILURES.bookingNotFound)
  const id = requireIdParam(params.updateId, STAY_UPDATE_FAILURES.notFound)
  return privatePhotoResponse(await getStayUpdatePhoto({ bookingId, id, actor }))
})

export function action() {
  return methodNotAllowed(['GET'])
}
