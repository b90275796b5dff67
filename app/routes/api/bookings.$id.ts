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
// DELETE /api/bookings/{id} → {message}.
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'PUT' && request.method !== 'DELETE')
    return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  const actor = await requireApiUser(request)
  const id = requireIdParam(params.id, BOOKING_FAILURES.notFound)
  // A started booking answers 409 before its (by now past) dates are judged.
  await assertBookingChangeable({ id, actor })

  if (request.method === 'DELETE') {
    await deleteBooking({ actor, id })
    return ok({ message: 'Booking deleted' })
  }

  const body = await readJsonObject(request)
  assertBodyIdMatches(body.id, id)
  const input = validate(bookingApiSchema({ now: hotelClock().now }), body, BOOKING_FAILURES.update)
  const { booking, previousTotal } = await updateBooking({
    actor,
    id,
    input,
    origin: publicOrigin(request),
  })
  return ok({
    booking,
    repriced: true,
    previous_total: previousTotal,
    message: 'Booking updated and re-priced at current prices',
  })
})

/** The body may repeat the booking's id; when it does, it must be this one. */
function assertBodyIdMatches(bodyId: unknown, id: number) {
  if (bodyId === undefined || bodyId === null || bodyId === '') return
  const parsed = idSchema.safeParse(bodyId)
  if (!parsed.success || parsed.data !== id)
    throw invalid(BOOKING_FAILURES.update, { id: 'id must match the booking in the URL' })
}
