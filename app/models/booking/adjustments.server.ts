import type { Booking } from '~/domain/booking'
import { formatSignedDollars } from '~/domain/booking-rules'
import { conflict, forbidden, invalid, notFound } from '~/domain/errors'
import { assertCan, canAdjustPrice } from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import { hotelClock, now as instantNow } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { ADJUSTMENT_MESSAGES, type PriceAdjustmentInput } from '~/schemas/price-adjustment'
import { readBooking } from './rows.server'

// A line on a booking's price, with its reason: the Owner or a Manager
// discounts the nights a pet did not use after an early check-out, adds a
// late pick-up fee, and so on. In one transaction on the locked booking the
// line is written, the total (what the client owes) and the lines' sum are
// moved by its amount, and the change is recorded in the booking's history
// with who made it. A cancelled booking owes nothing and takes no line; no
// line takes the total below zero.

export const ADJUSTMENT_FAILURES = {
  notSaved: 'Price was not adjusted',
  notFound: 'Booking not found',
} as const

export async function adjustPrice({
  actor,
  bookingId,
  input,
}: {
  actor: Actor
  bookingId: number
  input: PriceAdjustmentInput
}): Promise<Booking> {
  if (!actor) throw forbidden()
  assertCan(canAdjustPrice(actor))
  const db = await getDb()
  return db.transaction(async (trx) => {
    const row = (await trx('bookings')
      .select('id', 'status', 'total_cents')
      .where({ id: bookingId })
      .forUpdate()
      .first()) as { id: number; status: string; total_cents: number } | undefined
    if (!row) throw notFound(ADJUSTMENT_FAILURES.notFound)
    if (row.status === 'cancelled') throw conflict(ADJUSTMENT_MESSAGES.cancelled)
    const total = row.total_cents + input.amount
    if (total < 0)
      throw invalid(ADJUSTMENT_FAILURES.notSaved, { amount: ADJUSTMENT_MESSAGES.belowZero })
    const { now } = hotelClock()
    await trx('booking_adjustments').insert({
      booking_id: bookingId,
      amount_cents: input.amount,
      reason: input.reason,
      actor_id: actor.id,
      created_at: now,
    })
    await trx('bookings')
      .where({ id: bookingId })
      .update({
        total_cents: total,
        adjustment_cents: trx.raw('adjustment_cents + ?', [input.amount]),
        adjustment_count: trx.raw('adjustment_count + 1'),
      })
    const signed = formatSignedDollars(input.amount)
    await trx('booking_events').insert({
      booking_id: bookingId,
      actor_id: actor.id,
      action: 'adjust',
      detail: `${signed}: ${input.reason}`,
      created_at: instantNow().toISOString(),
    })
    return (await readBooking(trx, bookingId, now, { withCancelled: true }))!
  })
}
