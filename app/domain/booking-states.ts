import type { BookingType } from './booking-rules'
import { holdsPlace, type BookingStatus } from './front-desk'
import { addDays, datesFrom, type IsoDate, type WallDateTime } from './hotel-time'

// The states of a booking, judged on the hotel's wall clock. Each has a SQL
// twin in app/models/booking/states.server.ts, and a test holds the two to
// the same answers.
//
//   started   the drop-off moment has come (clients can no longer change it)
//   current   holding its place (not cancelled, not a no-show) and not yet
//             picked up (a pet has at most one such booking)
//   staying   started and not yet picked up: the pet is at the hotel
//   nights    boarding holds a place each night from the drop-off date up to
//             the night before the pick-up date; day care holds its one day

type Stay = { drop_off_date: WallDateTime; pick_up_date: WallDateTime; status?: BookingStatus }

export const isStarted = (b: Pick<Stay, 'drop_off_date'>, now: WallDateTime) =>
  b.drop_off_date <= now
export const isCurrent = (b: Pick<Stay, 'pick_up_date' | 'status'>, now: WallDateTime) =>
  b.pick_up_date > now && holdsPlace(b.status ?? 'booked')
export const isStaying = (b: Stay, now: WallDateTime) => isStarted(b, now) && isCurrent(b, now)
/**
 * Started but not over: expected or here, and its pick-up still ahead. Such a
 * stay is fixed for its client, but the Owner and Managers may still move its
 * pick-up and change its services.
 */
export const isUnderWay = (b: Required<Stay>, now: WallDateTime) =>
  isStarted(b, now) && (b.status === 'booked' || b.status === 'checked_in') && b.pick_up_date > now

/**
 * The dates a stay holds a place on, as a range [first, after last): boarding
 * each night from the drop-off date up to the pick-up date, day care (and a
 * stay picked up the day it came) its one day.
 */
export function nightsSpan(
  type: BookingType,
  dropOff: WallDateTime,
  pickUp: WallDateTime,
): [IsoDate, IsoDate] {
  const start = dropOff.slice(0, 10)
  const end = pickUp.slice(0, 10)
  return type !== 'day_care' && end > start ? [start, end] : [start, addDays(start, 1)]
}

/** The dates a stay holds a place on, for capacity. */
export const nightsHeld = (type: BookingType, dropOff: WallDateTime, pickUp: WallDateTime) =>
  datesFrom(...nightsSpan(type, dropOff, pickUp))

/**
 * Whether a stay holds a place on `date`: `nightsHeld(…).includes(date)`,
 * answered by comparing dates instead of listing them (the day sheet asks it
 * of every stay it shows).
 */
export function holdsNight(
  type: BookingType,
  dropOff: WallDateTime,
  pickUp: WallDateTime,
  date: IsoDate,
): boolean {
  const [start, end] = nightsSpan(type, dropOff, pickUp)
  return start <= date && date < end
}

/**
 * Whether a stay touches `date`, arrival through departure:
 * `coveredDates(…).includes(date)`, answered by comparing dates.
 */
export const coversDate = (dropOff: WallDateTime, pickUp: WallDateTime, date: IsoDate) =>
  dropOff.slice(0, 10) <= date && date <= pickUp.slice(0, 10)

/** Every date a stay touches, arrival through departure (the day sheet lists it on each). */
export function coveredDates(dropOff: WallDateTime, pickUp: WallDateTime): IsoDate[] {
  return datesFrom(dropOff.slice(0, 10), addDays(pickUp.slice(0, 10), 1))
}
