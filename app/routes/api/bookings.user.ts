import type { Route } from './+types/bookings.user'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { listOwnBookings } from '~/models/booking/queries.server'

// GET /api/bookings/user — the logged-in user's own bookings ({"bookings": [...]}).
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  return ok({ bookings: await listOwnBookings({ actor }) })
})

export function action() {
  return methodNotAllowed(['GET'])
}
