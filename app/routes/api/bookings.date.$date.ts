import { methodNotAllowed } from '~/http/api.server'
import { daysBookings } from '~/http/signed-in-reads.server'

// GET /api/bookings/date/{yyyy-mm-dd} — staff: every booking covering that
// date, as a bare JSON array (the contract names no field for it).
export const loader = daysBookings.loader

export function action() {
  return methodNotAllowed(['GET'])
}
