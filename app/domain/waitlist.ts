import type { BookingType } from './booking-rules'
import { addDays, type WallDateTime } from './hotel-time'
import type { PetType } from './pet'

// The waitlist for full nights. A stay refused because a night was full may
// wait here; when a place frees, the first waiting stay that now fits is
// offered to its client by mail and its place held for HOLD_HOURS (the hold
// counts against capacity like a booking). One click books it; a hold not
// taken in time lapses and the next waiting stay that fits is offered.

export const WAITLIST_HOLD_HOURS = 12

/** A client waits for this many stays at most (a waitlist is not a way to hoard a calendar). */
export const WAITLIST_MAX_PER_CLIENT = 10

/**
 * waiting → offered → booked; or lapsed (an offer not taken in time), left
 * (the client took it off), expired (its drop-off came while it waited).
 */
export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'left' | 'lapsed' | 'expired'

/** The places still in the queue: waiting, or held for their client. */
export const ACTIVE_WAITLIST_STATUSES: WaitlistStatus[] = ['waiting', 'offered']

export type WaitlistEntry = {
  id: number
  client_id: number
  pet_id: number
  pet: { id: number; name: string; type: PetType }
  /** The client's name, for staff. */
  client_name: string
  booking_type: BookingType
  drop_off_date: WallDateTime
  pick_up_date: WallDateTime
  services: { id: number; service: string }[]
  status: WaitlistStatus
  /** Until when the place offered is held (hotel time); null unless offered. */
  hold_until: WallDateTime | null
  /** The booking made from it, once taken. */
  booking_id: number | null
  created_at: WallDateTime
}

export const WAITLIST_MESSAGES = {
  notSaved: 'Could not join the waitlist',
  notFound: 'Waitlist place not found',
  placeFree: 'A place is free for these dates: book it instead',
  already: 'This pet is already on the waitlist for these dates',
  tooMany: `You are on the waitlist for ${WAITLIST_MAX_PER_CLIENT} stays already: leave one first`,
  notOffered: 'No place is held for this stay yet: we will mail you when one frees',
  lapsed: 'This offer has lapsed: the place went to the next stay on the waitlist',
  over: 'This stay is no longer on the waitlist',
} as const

/** When a hold given now ends: HOLD_HOURS later on the hotel's wall clock. */
export function holdUntil(now: WallDateTime): WallDateTime {
  const hour = Number(now.slice(11, 13)) + WAITLIST_HOLD_HOURS
  const date = addDays(now.slice(0, 10), Math.floor(hour / 24))
  return `${date} ${String(hour % 24).padStart(2, '0')}${now.slice(13)}`
}

/** Whether a hold still stands at `now` (wall times compare as text). */
export const holdStands = (
  entry: { status: WaitlistStatus; hold_until: string | null },
  now: WallDateTime,
) => entry.status === 'offered' && entry.hold_until !== null && entry.hold_until > now
