import type { Knex } from 'knex'
import type { BookingType } from '~/domain/booking-rules'
import { nightsSpan } from '~/domain/booking-states'
import {
  capacityByUnit,
  capacityOf,
  UNIT_LABELS,
  unitFor,
  type CapacityUnit,
  type HotelSettings,
  type Occupancy,
} from '~/domain/capacity'
import { fullyBooked } from '~/domain/errors'
import { addDays, datesFrom, type IsoDate, type WallDateTime } from '~/domain/hotel-time'
import { hotelClock } from '~/infra/clock.server'
import type { PetType } from '~/domain/pet'
import { compiledOnce, getDb, rowsOf } from '~/infra/db.server'
import { PREPARED_SCAN } from '~/infra/prepared-statements.server'
import { getHotelSettings } from '../hotel-settings.server'
import { joinRow, wallColumn, wallTimes, type Conn } from './rows.server'
import { stayOverlapsSql, whereHolding, whereNotCancelled } from './states.server'

// Places taken per date and unit, and the capacity check of every booking
// write. The count always comes from the bookings themselves.

/** The longest possible stay, in days (the bookings_stay_at_most_366_days constraint). */
export const MAX_STAY_DAYS = 366

/** The wall times a stay must touch to cover `from` through `to`: [from's midnight, the midnight after `to`). */
export const boundsOf = (from: IsoDate, to: IsoDate): [string, string] => [
  `${from} 00:00:00`,
  `${addDays(to, 1)} 00:00:00`,
]

/**
 * Bookings (alias b, pet p) whose stay — drop-off date through pick-up date —
 * touches [from, to], cancelled ones aside (no-shows stay: the day sheet shows
 * them), for the bounds of those dates (`boundsOf(from, to)`), each bound as
 * it is (so that `compiledOnce` may keep the statement).
 */
export function coveringBetween(db: Conn, start: string, end: string) {
  return (
    // Each stay's pet by key: a day's few dozen stays, not a hash of every pet.
    whereNotCancelled(joinRow(db({ b: 'bookings' }), 'pets', 'p', 'b.pet_id', { byKey: true }))
      .select(...wallTimes(db))
      // Dropped off before the day after `to`, picked up on or after `from`'s
      // midnight: the stay's range [drop-off, pick-up] overlaps [from, to + 1),
      // in the form the bookings_stay_range index answers (migration 017).
      .whereRaw(stayOverlapsSql(), [start, end, '[)'])
  )
}

export type UnitRow = {
  id: number
  /** A place held for a waitlisted stay offered to its client (not a booking). */
  hold?: boolean
  booking_type: BookingType
  pet_type: PetType
  drop_off_date: string
  pick_up_date: string
}

/** A UnitRow's columns, from a booking (alias b) or a waitlist hold (alias w), with its pet (alias p). */
const unitRowColumns = (db: Conn, from: 'b' | 'w') => [
  `${from}.id`,
  db.raw(`${from === 'w'} as hold`),
  `${from}.booking_type`,
  'p.type as pet_type',
  wallColumn(db, `${from}.drop_off_at`, 'drop_off_date'),
  wallColumn(db, `${from}.pick_up_at`, 'pick_up_date'),
]

/**
 * The places held between the bounds (`boundsOf`) for waitlisted stays
 * offered to their client and not yet lapsed (app/domain/waitlist.ts): they
 * count like bookings (`countByDate`). Its columns read the same as JSON.
 */
export function heldPlacesBetween(db: Conn, start: string, end: string, now: WallDateTime) {
  return db({ w: 'waitlist_entries' })
    .join({ p: 'pets' }, 'p.id', 'w.pet_id')
    .select(...unitRowColumns(db, 'w'))
    .where('w.status', 'offered')
    .where('w.hold_until', '>', now)
    .where('w.drop_off_at', '<', end)
    .where('w.pick_up_at', '>=', start)
}

/**
 * Every place taken between the bounds (`boundsOf`), with only what the count
 * reads: the stays that hold their nights (a no-show's are free again), then
 * the places held for the waitlist. One statement, compiled once: the day
 * sheet counts its month on every request, and every booking write its dates.
 * An ordinary query on the pool, but for the day sheet's month (`scan`).
 */
const PLACE_ROWS = compiledOnce((db, start: string, end: string, now: string) =>
  whereHolding(coveringBetween(db, start, end).clearSelect())
    .select(...unitRowColumns(db, 'b'))
    .unionAll(heldPlacesBetween(db, start, end, now)),
)

/**
 * Bookings and held places over [from, to], but the booking or hold left out.
 * `scan` (a month's window at most, as the day sheet reads on every request):
 * prepared, on the server's read pipeline for scans (PREPARED_SCAN). A busy
 * month passes several hundred rows (~2 ms): too long for the key lookups'
 * pipeline, short enough to queue behind the other requests' months. On the
 * pool the month cost a pool connection's round trip, the wake-up of its
 * idle PostgreSQL process (~5% of the demo day sheet's main thread) and a
 * parse and plan of the union each time (docs/decisions/063). Longer windows
 * (the booking form's half year) stay ordinary, so they hold up no month.
 */
async function placeRows(
  db: Conn,
  from: IsoDate,
  to: IsoDate,
  {
    excludeBookingId,
    excludeHoldId,
    scan = false,
  }: { excludeBookingId?: number; excludeHoldId?: number; scan?: boolean } = {},
): Promise<UnitRow[]> {
  const query = PLACE_ROWS(db, ...boundsOf(from, to), hotelClock().now)
  const rows = await rowsOf<UnitRow>(scan ? query.options(PREPARED_SCAN) : query)
  return rows.filter((r) => r.id !== (r.hold ? excludeHoldId : excludeBookingId))
}

const empty = (): Occupancy => ({ dog_kennel: 0, cat_condo: 0, day_care: 0 })

/**
 * Places taken per date of [from, to] by `rows`: each row's nights
 * (`nightsSpan`) counted on its unit, found by comparing dates with the
 * window's (the day sheet's month counts every stay of the month on each
 * request; listing each stay's nights as new strings cost more than all the
 * rest of the count).
 */
export function countByDate(rows: UnitRow[], from: IsoDate, to: IsoDate): Map<IsoDate, Occupancy> {
  const days = datesFrom(from, addDays(to, 1))
  const out = new Map(days.map((d) => [d, empty()]))
  const counts = [...out.values()]
  const index = new Map(days.map((d, i) => [d, i]))
  for (const r of rows) {
    const unit = unitFor(r.booking_type, r.pet_type)
    const [start, end] = nightsSpan(r.booking_type, r.drop_off_date, r.pick_up_date)
    // From the window's first date or the stay's, whichever is later.
    for (let i = start <= from ? 0 : (index.get(start) ?? days.length); i < days.length; i++) {
      if (days[i] >= end) break
      counts[i][unit] += 1
    }
  }
  return out
}

/**
 * Places taken per date and unit over [from, to], a month at most (the day
 * sheet's): boarding per night, day care per day.
 */
export async function occupancyByDate({ from, to }: { from: IsoDate; to: IsoDate }): Promise<{
  days: { date: IsoDate; occupancy: Occupancy }[]
  capacity: Occupancy
}> {
  const db = await getDb()
  const rows = await placeRows(db, from, to, { scan: true })
  const settings = await getHotelSettings()
  const counts = countByDate(rows, from, to)
  return {
    days: [...counts].map(([date, occupancy]) => ({ date, occupancy })),
    capacity: capacityByUnit(settings),
  }
}

/**
 * Dates in [from, to] with no place left for a pet of this type, per booking
 * type; `excludeBookingId` leaves out the booking being changed.
 */
export async function listFullDates({
  petType,
  from,
  to,
  excludeBookingId,
}: {
  petType: PetType
  from: IsoDate
  to: IsoDate
  excludeBookingId?: number
}): Promise<Record<BookingType, IsoDate[]>> {
  const db = await getDb()
  const rows = await placeRows(db, from, to, { excludeBookingId })
  const settings = await getHotelSettings()
  const counts = countByDate(rows, from, to)
  const full = (unit: CapacityUnit) =>
    [...counts].filter(([, o]) => o[unit] >= capacityOf(settings, unit)).map(([d]) => d)
  return { day_care: full('day_care'), boarding_care: full(unitFor('boarding_care', petType)) }
}

/**
 * Locks the capacity_locks rows of `dates` (sorted) of one unit in date
 * order, creating those that do not exist yet. Every writer that counts
 * places takes them so: a booking for one unit; an offer run of the
 * waitlist unit by unit in name order — the same global (unit, date) order,
 * so no two writers ever wait on each other in a circle.
 */
export async function lockCapacity(trx: Knex.Transaction, unit: CapacityUnit, dates: IsoDate[]) {
  if (!dates.length) return
  await trx('capacity_locks')
    .insert(dates.map((day) => ({ day, unit })))
    .onConflict(['day', 'unit'])
    .ignore()
  await trx('capacity_locks')
    .select('day')
    .where({ unit })
    .whereIn('day', dates)
    .orderBy('day')
    .forUpdate()
}

/** Places taken (bookings and held places) per date and unit over [from, to]. */
export async function placesTaken(db: Conn, from: IsoDate, to: IsoDate) {
  return countByDate(await placeRows(db, from, to), from, to)
}

/**
 * Refuses (409) a stay whose unit is full on any of its dates. Inserts the
 * lock rows that do not exist yet, then locks them all in date order: every
 * booking transaction takes these locks in the same order, so concurrent
 * bookings for the last place queue and never deadlock. Counts afterwards.
 */
export async function assertCapacity(
  trx: Knex.Transaction,
  {
    unit,
    dates,
    settings,
    excludeId,
    excludeHoldId,
  }: {
    unit: CapacityUnit
    dates: IsoDate[]
    settings: HotelSettings
    /** The booking being changed: its own nights do not count. */
    excludeId?: number
    /** The waitlist hold being taken: the booking made from it replaces it. */
    excludeHoldId?: number
  },
) {
  const sorted = [...dates].sort()
  const first = sorted[0]
  const last = sorted[sorted.length - 1]
  await lockCapacity(trx, unit, sorted)
  // Bookings and held places alike; countByDate counts each in its own unit.
  const rows = await placeRows(trx, first, last, { excludeBookingId: excludeId, excludeHoldId })
  const counts = countByDate(rows, first, last)
  const capacity = capacityOf(settings, unit)
  const full = sorted.find((d) => (counts.get(d)?.[unit] ?? 0) >= capacity)
  if (full) {
    const text = `Fully booked on ${full}: no ${UNIT_LABELS[unit].many} left`
    throw fullyBooked(text, { drop_off_date: text })
  }
}
