import type { Route } from './+types/bookings.$id'
import {
  apiError,
  methodNotAllowed,
  ok,
  readJsonObject,
  requireApiUser,
  requireIdParam,
  validate,
} from '~/http/api.server'
import {
  assertBookingChangeable,
  deleteBooking,
  getBooking,
  hotelNow,
  updateBooking,
} from '~/models/booking.server'
import { bookingApiSchema } from '~/schemas/booking'
import { parseIdParam } from '~/schemas/fields'
import { toApiError } from './bookings.server'

// GET /api/bookings/{id} — the booking object itself, for its client and the Owner/Managers.
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireApiUser(request)
  const id = requireIdParam(params.id, 'Booking not found')
  return ok(await getBooking({ id, viewer }).catch(toApiError))
}

// PUT /api/bookings/{id} — same body plus id → {booking}, re-priced at today's prices.
// DELETE /api/bookings/{id} → {message}.
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE')
    return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  const viewer = await requireApiUser(request)
  const id = requireIdParam(params.id, 'Booking not found')
  // A started booking answers 409 before its (by now past) dates are judged.
  await assertBookingChangeable({ id, viewer }).catch(toApiError)

  if (request.method === 'DELETE') {
    await deleteBooking({ viewer, id }).catch(toApiError)
    return ok({ message: 'Booking deleted' })
  }

  const body = await readJsonObject(request)
  if (
    body.id !== undefined &&
    body.id !== null &&
    body.id !== '' &&
    parseIdParam(String(body.id)) !== id
  )
    return apiError(400, 'Update Booking Failed', { id: 'id must match the booking in the URL' })
  const input = validate(bookingApiSchema({ now: hotelNow() }), body, 'Update Booking Failed')
  const { booking, previousTotal } = await updateBooking({ viewer, id, input }).catch(toApiError)
  return ok({
    booking,
    repriced: true,
    previous_total: previousTotal,
    message: 'Booking updated and re-priced at current prices',
  })
}
