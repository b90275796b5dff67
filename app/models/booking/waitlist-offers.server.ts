import type { Knex } from 'knex'
import type { BookingType } from '~/domain/booking-rules'
import { nightsHeld } from '~/domain/booking-states'
import { capacityOf, unitFor, type CapacityUnit, type HotelSettings } from '~/domain/capacity'
import type { Actor } from '~/domain/user'
import { isAppError } from '~/domain/errors'
import type { IsoDate, WallDateTime } from '~/domain/hotel-time'
import type { PetType } from '~/domain/pet'
import { holdUntil } from '~/domain/waitlist'
import { hotelClock } from '~/infra/clock.server'
import { getDb, withDeadlockRetry } from '~/infra/db.server'
import { mailOrigin } from '~/infra/env.server'
import { waitlistOfferMail } from '~/mail/waitlist'
import { getHotelSettings, updateHotelSettings } from '../hotel-settings.server'
import type { SettingsPatch } from '~/schemas/settings'
import { enqueueMail } from '../mail-outbox.server'
import { assertNoClash } from './clash.server'
import { lockCapacity, placesTaken } from './occupancy.server'
import { wallColumn } from './rows.server'

// Offering freed places to the waitlist. Runs inside the transaction that
// frees a place (a cancellation, an early check-out, a no-show, a shortened
// stay, a client leaving a held place) so both land or neither, and on every
// maintenance tick (holds that lapsed, a capacity raised). One run at a time
// (the waitlist_lock row): two frees at once never offer one place twice.
//
// Lock order, the same in every writer: pet, booking, waitlist_lock, the
// entries' holds being lapsed, then capacity_locks by (unit, date) — so an
// offer run never waits in a circle with a booking, a take or another run.

/** The waiting stays one run considers, oldest first (a long queue is served over several runs). */
const RUN_LIMIT = 200

/**
 * Takes the waitlist's one lock. Every transaction that will offer places
 * takes it before any capacity lock; joining the waitlist takes it too, so a
 * stay never joins just as the place it waits for frees unseen.
 */
export async function lockWaitlist(trx: Knex.Transaction) {
  await trx('waitlist_lock').select('id').where({ id: 1 }).forUpdate()
}

type WaitingRow = {
  id: number
  pet_id: number
  pet_name: string
  pet_type: PetType
  booking_type: BookingType
  drop_off_date: WallDateTime
  pick_up_date: WallDateTime
  email: string
  fname: string
}

/** Where a waitlisted stay's page is: its mail links there. */
export const waitlistEntryPath = (id: number) => `/waitlist/${id}`

/**
 * Lapses the holds not taken in time, retires waiting stays whose drop-off
 * has come, then offers each waiting stay that now fits — oldest first, each
 * one's hold counted before the next is judged — holding its place for
 * WAITLIST_HOLD_HOURS and mailing its client. The caller has taken
 * lockWaitlist. Returns how many were offered.
 */
export async function offerFreedPlaces(
  trx: Knex.Transaction,
  { origin = mailOrigin() }: { origin?: string } = {},
): Promise<number> {
  const { now } = hotelClock()
  await trx('waitlist_entries')
    .where('status', 'offered')
    .where('hold_until', '<=', now)
    .update({ status: 'lapsed', ended_at: now })
  await trx('waitlist_entries')
    .where('status', 'waiting')
    .where('drop_off_at', '<=', now)
    .update({ status: 'expired', ended_at: now })

  const waiting = (await trx({ w: 'waitlist_entries' })
    .join({ p: 'pets' }, 'p.id', 'w.pet_id')
    .join({ c: 'users' }, 'c.id', 'w.client_id')
    .select(
      'w.id',
      'w.pet_id',
      'p.name as pet_name',
      'p.type as pet_type',
      'w.booking_type',
      wallColumn(trx, 'w.drop_off_at', 'drop_off_date'),
      wallColumn(trx, 'w.pick_up_at', 'pick_up_date'),
      'c.email',
      'c.fname',
    )
    .where('w.status', 'waiting')
    // A deactivated client is not offered a place (they cannot log in to take it).
    .where('c.active', true)
    .orderBy('w.id')
    .limit(RUN_LIMIT)) as WaitingRow[]
  if (!waiting.length) return 0

  // Copied with Object.assign: properties after a spread cost V8 a slow copy per row (055).
  const stays = waiting.map((w) =>
    Object.assign({}, w, {
      unit: unitFor(w.booking_type, w.pet_type),
      nights: nightsHeld(w.booking_type, w.drop_off_date, w.pick_up_date),
    }),
  )
  // Every place any of them needs, locked unit by unit in name order, dates in order.
  const byUnit = new Map<CapacityUnit, Set<IsoDate>>()
  for (const s of stays) {
    const set = byUnit.get(s.unit) ?? new Set<IsoDate>()
    s.nights.forEach((d) => set.add(d))
    byUnit.set(s.unit, set)
  }
  for (const unit of [...byUnit.keys()].sort())
    await lockCapacity(trx, unit, [...byUnit.get(unit)!].sort())

  const all = stays.flatMap((s) => s.nights).sort()
  const taken = await placesTaken(trx, all[0], all[all.length - 1])
  const settings = await getHotelSettings({ trx })
  const until = holdUntil(now)
  let offered = 0
  for (const s of stays) {
    const fits = s.nights.every((d) => taken.get(d)![s.unit] < capacityOf(settings, s.unit))
    if (!fits || !(await petIsFree(trx, s, now))) continue
    await trx('waitlist_entries')
      .where({ id: s.id })
      .update({ status: 'offered', offered_at: now, hold_until: until })
    s.nights.forEach((d) => (taken.get(d)![s.unit] += 1))
    await enqueueMail(
      trx,
      waitlistOfferMail({
        to: s.email,
        fname: s.fname,
        petName: s.pet_name,
        stay: s,
        holdUntil: until,
        url: `${origin}${waitlistEntryPath(s.id)}`,
      }),
    )
    offered += 1
  }
  return offered
}

/** The pet has no stay then (it may have been booked elsewhere since it joined). */
async function petIsFree(trx: Knex.Transaction, s: WaitingRow, now: WallDateTime) {
  try {
    await assertNoClash(trx, {
      petId: s.pet_id,
      dropOff: s.drop_off_date,
      pickUp: s.pick_up_date,
      now,
    })
    return true
  } catch (error) {
    if (isAppError(error) && error.kind === 'conflict') return false
    throw error
  }
}

/**
 * One offer run in a transaction of its own: the maintenance tick (holds
 * that lapsed) and a capacity raised in the settings.
 */
export async function runWaitlistOffers({ origin }: { origin?: string } = {}): Promise<number> {
  const db = await getDb()
  return withDeadlockRetry(() =>
    db.transaction(async (trx) => {
      await lockWaitlist(trx)
      return offerFreedPlaces(trx, { origin })
    }),
  )
}

/**
 * The settings changed — the settings page and PUT /api/settings — then one
 * offer run: more places (a capacity raised) may fit stays on the waitlist.
 * (Here, not in hotel-settings.server.ts, which this module reads from.)
 */
export async function changeHotelSettings({
  actor,
  input,
  origin,
}: {
  actor: Actor
  input: SettingsPatch
  origin: string
}): Promise<HotelSettings> {
  const settings = await updateHotelSettings({ actor, input })
  await runWaitlistOffers({ origin })
  return settings
}
