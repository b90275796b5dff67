import type { Route } from './+types/bookings.pet.$petId'
import { methodNotAllowed, ok, requireApiUser, requireIdParam } from '~/http/api.server'
import { getCurrentPetBooking } from '~/models/booking.server'
import { toApiError } from './bookings.server'

// GET /api/bookings/pet/{petId} — the pet's current booking or null, for its owner or any staff.
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireApiUser(request)
  const petId = requireIdParam(params.petId, 'Pet not found')
  const booking = await getCurrentPetBooking({ petId, viewer }).catch(toApiError)
  return ok({ booking })
}

export function action() {
  return methodNotAllowed(['GET'])
}
