import type { Route } from './+types/bookings'
import { assertCan, canListAllBookings } from '~/domain/permissions'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { hotelClock } from '~/infra/clock.server'
import { readApiPaging, wholeList } from '~/http/json-list.server'
import { bookingsPage } from '~/http/signed-in-reads.server'
import { allBookingsInBatches } from '~/models/booking/queries.server'
import { BOOKING_FAILURES, createBooking } from '~/models/booking/write.server'
import { bookingApiSchema } from '~/schemas/booking'
import { publicOrigin } from '~/http/public-origin.server'

// GET /api/bookings — every booking in id order, Owner/Manager only ({"bookings": [...]});
// ?page=&limit= for one page (links to the others in the Link header).
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  assertCan(canListAllBookings(actor))
  const paging = readApiPaging(request)
  if (!paging) return wholeList(request, 'bookings', allBookingsInBatches({ actor }))
  return bookingsPage.respond(request, { actor, paging })
})

// POST /api/bookings — {client_id, pet_id, booking_type, drop_off_date, pick_up_date, services} → 201 {booking}.
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const actor = await requireApiUser(request)
  const body = await readJsonObject(request)
  const input = validate(bookingApiSchema({ now: hotelClock().now }), body, BOOKING_FAILURES.create)
  const booking = await createBooking({ actor, input, origin: publicOrigin(request) })
  return ok({ booking }, { status: 201 })
})
