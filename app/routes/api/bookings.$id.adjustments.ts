import type { Route } from './+types/bookings.$id.adjustments'
import { assertCan, canAdjustPrice } from '~/domain/permissions'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { requireIdParam } from '~/http/params.server'
import { adjustPrice, ADJUSTMENT_FAILURES } from '~/models/booking/adjustments.server'
import { priceAdjustmentSchema } from '~/schemas/price-adjustment'

// POST /api/bookings/{id}/adjustments — the Owner and Managers add a line to a
// booking's price: {amount, reason}, amount in dollars (negative: a discount).
// 201 {"booking": …} with its new total and every line in `adjustments`;
// 400 for a bad amount or reason or a total below zero; 409 for a cancelled booking.
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const actor = await requireApiUser(request)
  assertCan(canAdjustPrice(actor))
  const bookingId = requireIdParam(params.id, ADJUSTMENT_FAILURES.notFound)
  const input = validate(
    priceAdjustmentSchema,
    await readJsonObject(request),
    ADJUSTMENT_FAILURES.notSaved,
  )
  return ok({ booking: await adjustPrice({ actor, bookingId, input }) }, { status: 201 })
})

export function loader() {
  return methodNotAllowed(['POST'])
}
