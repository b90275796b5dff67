import type { Route } from './+types/bookings.date.$date'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { requireCalendarDate } from '~/http/params.server'
import { listBookingsCoveringDate } from '~/models/booking/queries.server'

// GET /api/bookings/date/{yyyy-mm-dd} — staff: every booking covering that
// date, as a bare JSON array (the contract names no field for it).
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  const date = requireCalendarDate(params.date)
  return ok(await listBookingsCoveringDate({ date, actor }))
})

export function action() {
  return methodNotAllowed(['GET'])
}
