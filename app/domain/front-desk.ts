import { addDays, formatWallDate, formatWallDateTime, type WallDateTime } from './hotel-time'

// The front desk: a booking is booked, then checked in when the pet arrives
// and checked out when it leaves; or it is cancelled (by its client or the
// hotel, before it starts), or marked a no-show once its drop-off day has
// ended without the pet. Staff may check a pet in early — from the day before
// its drop-off — and out at any time after its check-in; a mis-tap is undone
// the same day. These rules are pure: the model locks the booking and asks here.

export const BOOKING_STATUSES = [
  'booked',
  'checked_in',
  'checked_out',
  'cancelled',
  'no_show',
] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

/**
 * The statuses that hold the pet's place: a cancelled stay and a no-show free
 * their nights for capacity, never clash with the pet's other stays and are
 * no longer the pet's current booking.
 */
export const HOLDING_STATUSES = ['booked', 'checked_in', 'checked_out'] as const
export const holdsPlace = (status: BookingStatus) =>
  (HOLDING_STATUSES as readonly string[]).includes(status)

export const STATUS_LABELS: Record<BookingStatus, string> = {
  booked: 'Expected',
  checked_in: 'Here',
  checked_out: 'Gone home',
  cancelled: 'Cancelled',
  no_show: 'No-show',
}

export const FRONT_DESK_ACTIONS = [
  'check-in',
  'check-out',
  'undo-check-in',
  'undo-check-out',
  'no-show',
  'undo-no-show',
] as const
export type FrontDeskAction = (typeof FRONT_DESK_ACTIONS)[number]

/** What the rules look at. */
export type FrontDeskStay = {
  status: BookingStatus
  drop_off_date: WallDateTime
  pick_up_date: WallDateTime
  checked_in_at: WallDateTime | null
  checked_out_at: WallDateTime | null
  /** When the stay was marked a no-show (null unless it is one). */
  no_show_at?: WallDateTime | null
}

export const FRONT_DESK_MESSAGES = {
  alreadyIn: 'This pet is already checked in',
  alreadyOut: 'This stay is already checked out',
  notBooked: 'Only a booked stay can be checked in',
  notIn: 'Only a pet that is checked in can be checked out',
  over: 'This stay has ended and can no longer be checked in',
  undoSameDay: 'A mis-tap can only be undone on the day it was made',
  nothingToUndo: 'There is nothing to undo',
  noShowTooSoon: 'A stay is a no-show only after its drop-off day has ended',
  noShowNotBooked: 'Only a stay that is still expected can be a no-show',
} as const

/** Why `action` cannot be done to the stay at `now` (hotel time), or null when it can. */
export function frontDeskRefusal(
  action: FrontDeskAction,
  stay: FrontDeskStay,
  now: WallDateTime,
): string | null {
  const today = now.slice(0, 10)
  switch (action) {
    case 'check-in': {
      if (stay.status === 'checked_in') return FRONT_DESK_MESSAGES.alreadyIn
      if (stay.status === 'checked_out') return FRONT_DESK_MESSAGES.alreadyOut
      if (stay.status !== 'booked') return FRONT_DESK_MESSAGES.notBooked
      const opens = addDays(stay.drop_off_date.slice(0, 10), -1)
      if (today < opens)
        return `Check-in opens the day before drop-off, on ${formatWallDate(opens)}`
      if (now >= stay.pick_up_date) return FRONT_DESK_MESSAGES.over
      return null
    }
    case 'check-out':
      if (stay.status === 'checked_out') return FRONT_DESK_MESSAGES.alreadyOut
      return stay.status === 'checked_in' ? null : FRONT_DESK_MESSAGES.notIn
    case 'undo-check-in':
      if (stay.status !== 'checked_in' || !stay.checked_in_at)
        return FRONT_DESK_MESSAGES.nothingToUndo
      return stay.checked_in_at.slice(0, 10) === today ? null : FRONT_DESK_MESSAGES.undoSameDay
    case 'undo-check-out':
      if (stay.status !== 'checked_out' || !stay.checked_out_at)
        return FRONT_DESK_MESSAGES.nothingToUndo
      return stay.checked_out_at.slice(0, 10) === today ? null : FRONT_DESK_MESSAGES.undoSameDay
    case 'no-show':
      if (stay.status !== 'booked') return FRONT_DESK_MESSAGES.noShowNotBooked
      return today > stay.drop_off_date.slice(0, 10) ? null : FRONT_DESK_MESSAGES.noShowTooSoon
    case 'undo-no-show':
      if (stay.status !== 'no_show' || !stay.no_show_at) return FRONT_DESK_MESSAGES.nothingToUndo
      return stay.no_show_at.slice(0, 10) === today ? null : FRONT_DESK_MESSAGES.undoSameDay
  }
}

/** Undoing these gives a stay back nights it had freed: capacity and the pet's other stays are checked again. */
export const RESTORING_ACTIONS: readonly FrontDeskAction[] = ['undo-no-show', 'undo-check-out']

/** The actions the front desk may take on the stay now (the day sheet's buttons). */
export function allowedFrontDeskActions(stay: FrontDeskStay, now: WallDateTime): FrontDeskAction[] {
  return FRONT_DESK_ACTIONS.filter((a) => frontDeskRefusal(a, stay, now) === null)
}

/**
 * A late pick-up: the pet left after its pick-up time, or is still here
 * after it. The day sheet flags it.
 */
export function isLatePickUp(stay: FrontDeskStay, now: WallDateTime): boolean {
  if (stay.status === 'checked_out')
    return !!stay.checked_out_at && stay.checked_out_at > stay.pick_up_date
  return stay.status === 'checked_in' && now > stay.pick_up_date
}

/** "Checked in Tue, Mar 10, 2026, 9:05 AM" and the like, for the sheet and the mail. */
export function statusMoment(stay: FrontDeskStay): string | null {
  if (stay.status === 'checked_in' && stay.checked_in_at)
    return `Checked in ${formatWallDateTime(stay.checked_in_at)}`
  if (stay.status === 'checked_out' && stay.checked_out_at)
    return `Checked out ${formatWallDateTime(stay.checked_out_at)}`
  if (stay.status === 'no_show' && stay.no_show_at)
    return `Marked ${formatWallDateTime(stay.no_show_at)}`
  return null
}
