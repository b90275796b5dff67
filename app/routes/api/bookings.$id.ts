import type { Route } from './+types/bookings.$id'
import { requireIdParam } from '~/http/params.server'
import { invalid } from '~/domain/errors'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { hotelClock } from '~/infra/clock.server'
import { getBooking } from '~/models/booking/queries.server'
import {
  assertBookingChangeable,
  BOOKING_FAILURES,
  deleteBooking,
  updateBooking,
} from '~/models/booking/write.server'
import { bookingApiSchema } from '~/schemas/booking'
import { idSchema } from '~/schemas/fields'
import { publicOrigin } from '~/http/public-origin.server'

// GET /api/bookings/{id} — the booking object itself, for its client and the Owner/Managers.
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  const id = requireIdParam(params.id, BOOKING_FAILURES.notFound)
  return ok(await getBooking({ id, actor }))
})

// PUT /api/bookings/{id} — same body plus id → {booking}, re-priced at today's prices.
// A stay under way: its client gets 409; the Owner and Managers may move its
// pick-up and change its services (drop-off and type stay), its nights at
// the price it was booked at (repriced: false).
// DELETE /api/bookings/{id} → {message} (409 once started, for everyone).
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'PUT' && request.method !== 'DELETE')
    return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  const actor = await requireApiUser(request)
  const id = requireIdParam(params.id, BOOKING_FAILURES.notFound)
  // A started booking answers 409 (unless it may change as a stay under way)
  // before its (by now past) dates are judged.
  const started = await assertBookingChangeable({
    id,
    actor,
    cancelling: request.method === 'DELETE',
  })

  if (request.method === 'DELETE') {
    await deleteBooking({ actor, id, origin: publicOrigin(request) })
    return ok({ message: 'Booking deleted' })
  }

  const body = await readJsonObject(request)
  assertBodyIdMatches(body.id, id)
  const input = validate(
    bookingApiSchema({ now: hotelClock().now, started: started ?? undefined }),
    body,
    BOOKING_FAILURES.update,
  )
  const { booking, previousTotal, repriced } = await updateBooking({
    actor,
    id,
    input,
    origin: publicOrigin(request),
  })
  return ok({
    booking,
    repriced,
    previous_total: previousTotal,
    message: repriced
      ? 'Booking updated and re-priced at current prices'
      : 'Stay changed: its nights and services keep the prices they were booked at',
  })
})

/** The body may repeat the booking's id; when it does, it must be this one. */
function assertBodyIdMatches(bodyId: unknown, id: number) {
  if (bodyId === undefined || bodyId === null || bodyId === '') return
  const parsed = idSchema.safeParse(bodyId)
  if (!parsed.success || parsed.data !== id)
    throw invalid(BOOKING_FAILURES.update, { id: 'id must match the booking in the URL' })
}
