import { now } from './clock.server'
import { getEnv } from './env.server'
import { hotelToday } from '~/domain/hotel-time'

/** Today's date at the hotel ('YYYY-MM-DD'), for the "date of birth not in the future" rule. */
export function hotelTodayNow(): string {
  return hotelToday(now(), getEnv().HOTEL_TIMEZONE)
}
