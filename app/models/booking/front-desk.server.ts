import type { Booking } from '~/domain/booking'
import { conflict, notFound } from '~/domain/errors'
import {
  frontDeskRefusal,
  type BookingStatus,
  type FrontDeskAction,
  type FrontDeskStay,
} from '~/domain/front-desk'
import { assertCan, canRunFrontDesk } from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import { hotelClock, now as instantNow } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { checkedInMail, checkedOutMail } from '~/mail/front-desk'
import { enqueueMail } from '../mail-outbox.server'
import { readBooking } from './rows.server'

// The front desk's taps: check a pet in, check it out, undo a mis-tap the
// same day. Staff only. Each runs in one transaction on the locked booking:
// two taps at once (two phones at the kennel door) make one change and one
// refusal, never two check-ins. Every change is recorded in booking_events
// with who made it; the owner gets a short mail when their pet arrives and
// when it leaves (not for an undo).

export const FRONT_DESK_FAILURES = { notFound: 'Booking not found' } as const

type Locked = FrontDeskStay & { id: number; client_id: number | null; pet_name: string | null }

/** The change each action makes to the booking row. */
function changeFor(action: FrontDeskAction, at: string, actorId: number) {
  const to = (status: BookingStatus, rest: Record<string, unknown>) => ({ status, ...rest })
  switch (action) {
    case 'check-in':
      return to('checked_in', { checked_in_at: at, checked_in_by: actorId })
    case 'check-out':
      return to('checked_out', { checked_out_at: at, checked_out_by: actorId })
    case 'undo-check-in':
      return to('booked', { checked_in_at: null, checked_in_by: null })
    case 'undo-check-out':
      return to('checked_in', { checked_out_at: null, checked_out_by: null })
  }
}

/**
 * Does `action` to booking `id` now; 404 when there is no such booking, 409
 * with the reason when the action isn't allowed now. Returns the booking as
 * it is after. `origin` is where the owner's mail links point.
 */
export async function recordFrontDeskAction({
  actor,
  id,
  action,
  origin,
}: {
  actor: Actor
  id: number
  action: FrontDeskAction
  origin: string
}): Promise<Booking> {
  assertCan(canRunFrontDesk(actor))
  const db = await getDb()
  return db.transaction(async (trx) => {
    const { now } = hotelClock()
    const stay = (await trx({ b: 'bookings' })
      .leftJoin({ p: 'pets' }, 'p.id', 'b.pet_id')
      .select('b.id', 'b.client_id', 'b.status', 'p.name as pet_name')
      .select(
        trx.raw(`to_char(b.drop_off_at, 'YYYY-MM-DD HH24:MI:SS') as drop_off_date`),
        trx.raw(`to_char(b.pick_up_at, 'YYYY-MM-DD HH24:MI:SS') as pick_up_date`),
        trx.raw(`to_char(b.checked_in_at, 'YYYY-MM-DD HH24:MI:SS') as checked_in_at`),
        trx.raw(`to_char(b.checked_out_at, 'YYYY-MM-DD HH24:MI:SS') as checked_out_at`),
      )
      .where('b.id', id)
      .forUpdate('b')
      .first()) as Locked | undefined
    if (!stay) throw notFound(FRONT_DESK_FAILURES.notFound)
    const refusal = frontDeskRefusal(action, stay, now)
    if (refusal) throw conflict(refusal)

    await trx('bookings')
      .where({ id })
      .update(changeFor(action, now, actor!.id))
    await trx('booking_events').insert({
      booking_id: id,
      actor_id: actor!.id,
      action,
      detail: now,
      created_at: instantNow().toISOString(),
    })
    if ((action === 'check-in' || action === 'check-out') && stay.client_id !== null) {
      const owner = (await trx('users')
        .select('email', 'fname')
        .where({ id: stay.client_id, active: true })
        .first()) as { email: string; fname: string } | undefined
      if (owner) {
        const mail = action === 'check-in' ? checkedInMail : checkedOutMail
        await enqueueMail(
          trx,
          mail({
            to: owner.email,
            fname: owner.fname,
            petName: stay.pet_name ?? '',
            at: now,
            origin,
          }),
        )
      }
    }
    const booking = await readBooking(trx, id, now)
    // A stay kept without its pet (a deleted account's) has no booking to show.
    if (!booking) throw notFound(FRONT_DESK_FAILURES.notFound)
    return booking
  })
}
