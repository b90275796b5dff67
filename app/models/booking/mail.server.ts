import type { Knex } from 'knex'
import type { Booking } from '~/domain/booking'
import { now } from '~/infra/clock.server'
import { getEnv } from '~/infra/env.server'
import { bookingMail, type BookingMailKind } from '~/mail/booking'
import { enqueueMail } from '../mail-outbox.server'

/**
 * Tells the booking's client of a change to it, in the transaction of the
 * change (the outbox sends it once that commits). `origin` is where the
 * mail's link points; without one the mail has no link.
 */
export async function queueBookingMail(
  trx: Knex.Transaction,
  { kind, booking, origin }: { kind: BookingMailKind; booking: Booking; origin?: string },
) {
  const client = (await trx('users')
    .select('email', 'fname')
    .where({ id: booking.client_id, active: true })
    .first()) as { email: string; fname: string } | undefined
  if (!client) return
  await enqueueMail(
    trx,
    bookingMail({
      kind,
      to: client.email,
      fname: client.fname,
      booking,
      timeZone: getEnv().HOTEL_TIMEZONE,
      changedAt: now(),
      origin,
    }),
  )
}
