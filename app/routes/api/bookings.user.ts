import { methodNotAllowed } from '~/http/api.server'
import { ownBookings } from '~/http/signed-in-reads.server'

// GET /api/bookings/user — the logged-in user's own bookings ({"bookings": [...]}).
export const loader = ownBookings.loader

export function action() {
  return methodNotAllowed(['GET'])
}
