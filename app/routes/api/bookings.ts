import type { Route } from './+types/bookings'
import { methodNotAllowed, ok, readJsonObject, requireApiUser, validate } from '~/http/api.server'
import { createBooking, hotelNow, listAllBookings } from '~/models/booking.server'
import { bookingApiSchema } from '~/schemas/booking'
import { toApiError } from './bookings.server'

// GET /api/bookings — every booking, Owner/Manager only ({"bookings": [...]}).
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApiUser(request)
  const bookings = await listAllBookings({ viewer }).catch(toApiError)
  return ok({ bookings })
}

// POST /api/bookings — {client_id, pet_id, booking_type, drop_off_date, pick_up_date, services} → 201 {booking}.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const viewer = await requireApiUser(request)
  const body = await readJsonObject(request)
  const input = validate(bookingApiSchema({ now: hotelNow() }), body, 'Create Booking Failed')
  const booking = await createBooking({ viewer, input }).catch(toApiError)
  return ok({ booking }, { status: 201 })
}
