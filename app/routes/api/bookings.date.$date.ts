import type { Route } from './+types/bookings.date.$date'
import { apiError, methodNotAllowed, ok, requireApiStaff } from '~/http/api.server'
import { listBookingsCoveringDate } from '~/models/booking.server'
import { isValidIsoDate } from '~/domain/hotel-time'
import { toApiError } from './bookings.server'

// GET /api/bookings/date/{yyyy-mm-dd} — staff: every booking covering that
// date, as a bare JSON array (the spec names no field for it).
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireApiStaff(request)
  const date = params.date ?? ''
  if (!isValidIsoDate(date))
    return apiError(400, 'Date must be a real date like YYYY-MM-DD', {
      date: 'Date must be a real date like YYYY-MM-DD',
    })
  return ok(await listBookingsCoveringDate({ date, viewer }).catch(toApiError))
}

export function action() {
  return methodNotAllowed(['GET'])
}
