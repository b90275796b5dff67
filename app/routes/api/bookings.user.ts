import type { Route } from './+types/bookings.user'
import { methodNotAllowed, ok, requireApiUser } from '~/http/api.server'
import { listUserBookings } from '~/models/booking.server'

// GET /api/bookings/user — the logged-in user's own bookings ({"bookings": [...]}).
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApiUser(request)
  return ok({ bookings: await listUserBookings({ viewer }) })
}

export function action() {
  return methodNotAllowed(['GET'])
}
