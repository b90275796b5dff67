import type { Route } from './+types/bookings.pet.$petId'
import { requireIdParam } from '~/http/params.server'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { getCurrentPetBooking } from '~/models/booking/queries.server'

// GET /api/bookings/pet/{petId} — the pet's current booking or null, for its owner or any staff.
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  const petId = requireIdParam(params.petId, 'Pet not found')
  return ok({ booking: await getCurrentPetBooking({ petId, actor }) })
})

export function action() {
  return methodNotAllowed(['GET'])
}
