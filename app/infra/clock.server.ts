import { hotelWallClock, type IsoDate, type WallDateTime } from '~/domain/hotel-time'
import { getEnv } from './env.server'
import { singleton } from './singleton.server'

// The one clock. Every rule that depends on the time asks here — never
// `new Date()` — so tests pin it (setNow) and nothing reads the machine's
// own zone. `hotelClock()` is "now" as the hotel reads it on its wall clock
// (HOTEL_TIMEZONE): bookings, the day sheet and "today" all live there.

const clock = singleton('clock', () => ({ fixed: undefined as Date | undefined }))

/** The current instant. */
export function now(): Date {
  if (clock.fixed) return new Date(clock.fixed)
  const pinned = getEnv().FIXED_NOW
  if (pinned) return new Date(pinned)
  return new Date()
}

/** Tests pin the clock to an instant, or release it with undefined. */
export function setNow(date: Date | string | undefined) {
  clock.fixed = date === undefined ? undefined : new Date(date)
}

export type HotelClock = {
  /** The instant itself (for timestamps stored with a zone: sessions, reviews). */
  instant: Date
  /** The hotel's wall-clock reading, 'YYYY-MM-DD HH:MM:SS'. */
  now: WallDateTime
  /** Today at the hotel, 'YYYY-MM-DD'. */
  today: IsoDate
  /** This month at the hotel, 'YYYY-MM'. */
  month: string
}

/** Now, in hotel time. */
export function hotelClock(): HotelClock {
  const instant = now()
  const wall = hotelWallClock(instant, getEnv().HOTEL_TIMEZONE)
  return { instant, now: wall, today: wall.slice(0, 10), month: wall.slice(0, 7) }
}
