import type { Knex } from 'knex'
import type { BookingType } from '~/domain/booking-rules'
import { nightsHeld } from '~/domain/booking-states'
import {
  capacityByUnit,
  capacityOf,
  UNIT_LABELS,
  unitFor,
  type CapacityUnit,
  type HotelSettings,
  type Occupancy,
} from '~/domain/capacity'
import { conflict } from '~/domain/errors'
import { addDays, datesFrom, type IsoDate } from '~/domain/hotel-time'
import type { PetType } from '~/domain/pet'
import { getDb } from '~/infra/db.server'
import { getHotelSettings } from '../hotel-settings.server'
import { wallTimes, type Conn } from './rows.server'
import { whereHolding } from './states.server'

// Places taken per date and unit, and the capacity check of every booking
// write. The count always comes from the bookings themselves.

/** The longest possible stay, in days (the bookings_stay_at_most_366_days constraint). */
export const MAX_STAY_DAYS = 366

/**
 * Bookings (alias b, pet p) whose stay — drop-off date through pick-up date —
 * touches [from, to], cancelled ones aside (no-shows stay: the day sheet shows them).
 */
export function coveringQuery(db: Conn, from: IsoDate, to: IsoDate) {
  return (
    db({ b: 'bookings' })
      .join({ p: 'pets' }, 'p.id', 'b.pet_id')
      .select(...wallTimes(db))
      .whereNot('b.status', 'cancelled')
      .where('b.drop_off_at', '<', `${addDays(to, 1)} 00:00:00`)
      .where('b.pick_up_at', '>=', `${from} 00:00:00`)
      // Sound because no stay is longer (a CHECK constraint): lets the planner
      // read a bounded range of drop-offs instead of every later pick-up.
      .where('b.drop_off_at', '>=', `${addDays(from, -MAX_STAY_DAYS)} 00:00:00`)
  )
}

type UnitRow = {
  id: number
  booking_type: BookingType
  pet_type: PetType
  drop_off_date: string
  pick_up_date: string
}

/** The stays that take a place over [from, to]: a no-show's nights are free again. */
function unitRowsQuery(db: Conn, from: IsoDate, to: IsoDate) {
  return whereHolding(coveringQuery(db, from, to)).select(
    'b.id',
    'b.booking_type',
    'p.type as pet_type',
  )
}

const empty = (): Occupancy => ({ dog_kennel: 0, cat_condo: 0, day_care: 0 })

function countByDate(rows: UnitRow[], from: IsoDate, to: IsoDate): Map<IsoDate, Occupancy> {
  const out = new Map<IsoDate, Occupancy>()
  for (const d of datesFrom(from, addDays(to, 1))) out.set(d, empty())
  for (const r of rows) {
    const unit = unitFor(r.booking_type, r.pet_type)
    for (const d of nightsHeld(r.booking_type, r.drop_off_date, r.pick_up_date)) {
      const o = out.get(d)
      if (o) o[unit] += 1
    }
  }
  return out
}

/** Places taken per date and unit over [from, to]: boarding per night, day care per day. */
export async function occupancyByDate({ from, to }: { from: IsoDate; to: IsoDate }): Promise<{
  days: { date: IsoDate; occupancy: Occupancy }[]
  capacity: Occupancy
}> {
  const db = await getDb()
  const rows = (await unitRowsQuery(db, from, to)) as UnitRow[]
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
  const rows = ((await unitRowsQuery(db, from, to)) as UnitRow[]).filter(
    (r) => r.id !== excludeBookingId,
  )
  const settings = await getHotelSettings()
  const counts = countByDate(rows, from, to)
  const full = (unit: CapacityUnit) =>
    [...counts].filter(([, o]) => o[unit] >= capacityOf(settings, unit)).map(([d]) => d)
  return { day_care: full('day_care'), boarding_care: full(unitFor('boarding_care', petType)) }
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
  }: { unit: CapacityUnit; dates: IsoDate[]; settings: HotelSettings; excludeId?: number },
) {
  const sorted = [...dates].sort()
  const first = sorted[0]
  const last = sorted[sorted.length - 1]
  await trx('capacity_locks')
    .insert(sorted.map((day) => ({ day, unit })))
    .onConflict(['day', 'unit'])
    .ignore()
  await trx('capacity_locks')
    .select('day')
    .where({ unit })
    .whereBetween('day', [first, last])
    .orderBy('day')
    .forUpdate()

  const q = unitRowsQuery(trx, first, last)
  if (unit === 'day_care') q.where('b.booking_type', 'day_care')
  else
    q.where('b.booking_type', 'boarding_care').where(
      'p.type',
      unit === 'dog_kennel' ? 'dog' : 'cat',
    )
  if (excludeId !== undefined) q.whereNot('b.id', excludeId)
  const rows = (await q) as UnitRow[]
  const counts = countByDate(rows, first, last)
  const capacity = capacityOf(settings, unit)
  const full = sorted.find((d) => (counts.get(d)?.[unit] ?? 0) >= capacity)
  if (full) {
    const text = `Fully booked on ${full}: no ${UNIT_LABELS[unit].many} left`
    throw conflict(text, { drop_off_date: text })
  }
}
