import type { Knex } from 'knex'
import type { Booking } from '~/domain/booking'
import type { BookingType } from '~/domain/booking-rules'
import { nightsHeld } from '~/domain/booking-states'
import { unitFor } from '~/domain/capacity'
import { AppError, conflict, notFound } from '~/domain/errors'
import {
  frontDeskRefusal,
  RESTORING_ACTIONS,
  type BookingStatus,
  type FrontDeskAction,
  type FrontDeskStay,
} from '~/domain/front-desk'
import type { WallDateTime } from '~/domain/hotel-time'
import type { PetType } from '~/domain/pet'
import { assertCan, canRunFrontDesk } from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import { hotelClock, now as instantNow } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { checkedInMail, checkedOutMail } from '~/mail/front-desk'
import { getHotelSettings } from '../hotel-settings.server'
import { enqueueMail } from '../mail-outbox.server'
import { assertNoGaps, stayVaccinationGaps } from '../pet/vaccinations.server'
import { assertCapacity } from './occupancy.server'
import { readBooking } from './rows.server'
import { assertNoClash, refusingOverlap } from './clash.server'
import { lockWaitlist, offerFreedPlaces } from './waitlist-offers.server'

// The front desk's taps: check a pet in, check it out, mark a no-show, undo
// a mis-tap the same day. Staff only. Each runs in one transaction on the locked booking:
// two taps at once (two phones at the kennel door) make one change and one
// refusal, never two check-ins. Every change is recorded in booking_events
// with who made it; the owner gets a short mail when their pet arrives and
// when it leaves (not for an undo).

export const FRONT_DESK_FAILURES = {
  notFound: 'Booking not found',
  placeTaken: 'Its place has been taken since: it cannot be given back',
} as const

type Locked = FrontDeskStay & {
  id: number
  client_id: number | null
  pet_id: number | null
  pet_name: string | null
  pet_type: PetType | null
  booking_type: BookingType
  booked_pick_up_date: WallDateTime | null
}

/** The change each action makes to the booking row. */
function changeFor(action: FrontDeskAction, stay: Locked, at: WallDateTime, actorId: number) {
  const to = (
    status: BookingStatus,
    rest: Record<string, unknown> & { pick_up_at?: WallDateTime },
  ) => ({ status, ...rest })
  switch (action) {
    case 'check-in':
      return to('checked_in', { checked_in_at: at, checked_in_by: actorId })
    case 'check-out':
      // Leaving before the booked pick-up ends the stay now: the nights not
      // used are free again. The booked pick-up is kept for an undo; the price stays.
      return to('checked_out', {
        checked_out_at: at,
        checked_out_by: actorId,
        ...(at > stay.drop_off_date && at < stay.pick_up_date
          ? { pick_up_at: at, booked_pick_up_at: stay.pick_up_date }
          : {}),
      })
    case 'undo-check-in':
      return to('booked', { checked_in_at: null, checked_in_by: null })
    case 'undo-check-out':
      return to('checked_in', {
        checked_out_at: null,
        checked_out_by: null,
        ...(stay.booked_pick_up_date
          ? { pick_up_at: stay.booked_pick_up_date, booked_pick_up_at: null }
          : {}),
      })
    case 'no-show':
      return to('no_show', { no_show_at: at, no_show_by: actorId })
    case 'undo-no-show':
      return to('booked', { no_show_at: null, no_show_by: null })
  }
}

/**
 * Undoing a no-show or an early check-out gives the stay back nights it had
 * freed: refused (409) when the pet has another stay then, or a night from
 * today on is full. Past nights are history and are not counted again.
 */
async function assertPlaceStillFree(
  trx: Knex.Transaction,
  stay: Locked,
  pickUp: WallDateTime,
  now: WallDateTime,
) {
  if (stay.pet_id === null || stay.pet_type === null) return
  const refuse = (error: unknown): never => {
    if (error instanceof AppError && error.kind === 'conflict')
      throw conflict(FRONT_DESK_FAILURES.placeTaken)
    throw error
  }
  await assertNoClash(trx, {
    petId: stay.pet_id,
    dropOff: stay.drop_off_date,
    pickUp,
    excludeId: stay.id,
    now,
  }).catch(refuse)
  const dates = nightsHeld(stay.booking_type, stay.drop_off_date, pickUp).filter(
    (d) => d >= now.slice(0, 10),
  )
  if (!dates.length) return
  const settings = await getHotelSettings({ trx, lock: 'share' })
  await assertCapacity(trx, {
    unit: unitFor(stay.booking_type, stay.pet_type),
    dates,
    settings,
    excludeId: stay.id,
  }).catch(refuse)
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
    // The pet, then the booking: the order every booking write locks them in.
    const ref = (await trx('bookings')
      .select('pet_id')
      .where({ id })
      .whereNot('status', 'cancelled')
      .first()) as { pet_id: number | null } | undefined
    if (!ref) throw notFound(FRONT_DESK_FAILURES.notFound)
    if (ref.pet_id !== null) await trx('pets').select('id').where({ id: ref.pet_id }).forUpdate()
    const wall = (column: string, as = column) =>
      trx.raw(`to_char(b.${column}, 'YYYY-MM-DD HH24:MI:SS') as ${as}`)
    const stay = (await trx({ b: 'bookings' })
      .leftJoin({ p: 'pets' }, 'p.id', 'b.pet_id')
      .select('b.id', 'b.client_id', 'b.pet_id', 'b.status', 'b.booking_type')
      .select('p.name as pet_name', 'p.type as pet_type')
      .select(
        wall('drop_off_at', 'drop_off_date'),
        wall('pick_up_at', 'pick_up_date'),
        wall('booked_pick_up_at', 'booked_pick_up_date'),
        wall('checked_in_at'),
        wall('checked_out_at'),
        wall('no_show_at'),
      )
      .where('b.id', id)
      .whereNot('b.status', 'cancelled')
      .forUpdate('b')
      .first()) as Locked | undefined
    if (!stay) throw notFound(FRONT_DESK_FAILURES.notFound)
    const refusal = frontDeskRefusal(action, stay, now)
    if (refusal) throw conflict(refusal)

    // No pet comes in while a vaccine its species needs is missing or runs
    // out before it goes home (one expiring on the pick-up day covers it).
    if (action === 'check-in' && stay.pet_id !== null && stay.pet_type !== null)
      assertNoGaps(
        await stayVaccinationGaps(trx, {
          petId: stay.pet_id,
          petType: stay.pet_type,
          pickUpDate: stay.pick_up_date.slice(0, 10),
        }),
      )
    const change = changeFor(action, stay, now, actor!.id)
    // A check-out before the booked pick-up, or a no-show, frees nights for the waitlist.
    const frees = action === 'check-out' || action === 'no-show'
    if (frees) await lockWaitlist(trx)
    if (RESTORING_ACTIONS.includes(action))
      await assertPlaceStillFree(trx, stay, change.pick_up_at ?? stay.pick_up_date, now)
    await refusingOverlap(trx('bookings').where({ id }).update(change))
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
    if (frees) await offerFreedPlaces(trx, { origin })
    const booking = await readBooking(trx, id, now)
    // A stay kept without its pet (a deleted account's) has no booking to show.
    if (!booking) throw notFound(FRONT_DESK_FAILURES.notFound)
    return booking
  })
}
