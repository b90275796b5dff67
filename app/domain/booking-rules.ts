import {
  addDays,
  isValidIsoDate,
  parseWallDateTime,
  wallSecondsBetween,
  type IsoDate,
  type WallDateTime,
  type WallParts,
} from './hotel-time'

// The constants and pure rules of the booking engine — hours, horizon, day
// counting, price — shared by the
// zod schemas (page and API), the models and the pages' live totals.

export const BOOKING_TYPES = ['day_care', 'boarding_care'] as const
export type BookingType = (typeof BOOKING_TYPES)[number]

export const DROP_OFF_HOURS = range(6, 18) // 06:00 … 18:00
export const PICK_UP_HOURS = range(7, 18) // 07:00 … 18:00
export const MAX_DAYS_AHEAD = 365

/** What the booking rules say when they refuse (app/schemas/booking.ts checks them). */
export const BOOKING_MESSAGES = {
  typeRequired: 'Please choose Day Care or Boarding Care',
  dropOffDateRequired: 'Drop-Off Date is required',
  pickUpDateRequired: 'Pick-Up Date is required',
  dropOffTimeRequired: 'Drop-Off Time is required',
  pickUpTimeRequired: 'Pick-Up Time is required',
  dateShape: 'Must be a date like YYYY-MM-DD',
  dateTimeShape: 'Must be a date and time like YYYY-MM-DD HH:MM:SS',
  timeShape: 'Must be a time like HH:00',
  past: 'Dates cannot be in the past',
  dropOffTimePast: 'Drop-off time cannot be in the past',
  tooFarAhead: `Bookings open at most ${MAX_DAYS_AHEAD} days ahead`,
  dropOffHours: 'Drop-off time must be on the hour between 06:00 and 18:00',
  pickUpHours: 'Pick-up time must be on the hour between 07:00 and 18:00',
  boardingOrder: 'Pick-Up Date must be after Drop-Off Date or click the Boarding Care again',
  boardingTooLong: `A boarding stay can last at most ${MAX_DAYS_AHEAD} nights`,
  dayCareSameDay: 'Day care pick-up must be on the drop-off date',
  dayCareOrder: 'Pick-up time must be after drop-off time',
  servicesRequired: 'Please select at least one service',
  tooManyServices: 'At most 50 services per booking',
  started: 'Reservation has started, cannot Update & Delete',
  startedKeepsDropOff: 'A stay that has started keeps its drop-off',
  startedKeepsType: 'A stay that has started keeps its type',
  pickUpTimePast: 'Pick-up must be later than now',
  stayOver: 'This stay is over: it cannot be changed',
} as const

export const BOOKING_TYPE_LABELS: Record<BookingType, string> = {
  day_care: 'Day Care',
  boarding_care: 'Boarding Care',
}

function range(from: number, to: number) {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
}

/** Day care counts as one day; boarding is the rounded-up wall-clock day difference. */
export function countBookingDays(type: BookingType, dropOff: WallDateTime, pickUp: WallDateTime) {
  if (type === 'day_care') return 1
  const seconds = wallSecondsBetween(dropOff, pickUp)
  return Math.max(1, Math.ceil(seconds / 86_400))
}

export type PriceBreakdown = {
  days: number
  dailyPriceCents: number
  daysCents: number
  servicesCents: number
  totalCents: number
}

/** Total = sum of service prices + days × daily price, in whole cents (exact). */
export function priceBooking(input: {
  type: BookingType
  dropOff: WallDateTime
  pickUp: WallDateTime
  dailyPriceCents: number
  servicePricesCents: number[]
}): PriceBreakdown {
  const days = countBookingDays(input.type, input.dropOff, input.pickUp)
  const daysCents = days * input.dailyPriceCents
  const servicesCents = input.servicePricesCents.reduce((sum, c) => sum + c, 0)
  return {
    days,
    dailyPriceCents: input.dailyPriceCents,
    daysCents,
    servicesCents,
    totalCents: daysCents + servicesCents,
  }
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100
}

/** Exact dollars → cents: accepts numbers or strings with at most 2 decimals; null otherwise. */
export function dollarsToCents(value: unknown): number | null {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim()
        : ''
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text)
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

export function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`
}

/** A price line's amount with its sign: −$40.00 (a discount, with a true minus sign) or +$15.50. */
export function formatSignedDollars(cents: number): string {
  return `${cents < 0 ? '−' : '+'}${formatDollars(Math.abs(cents))}`
}

// ---- the booking page's date and time inputs ----

/** A time as typed: 'H:MM', 'HH:MM' or 'HH:MM:SS'. */
export const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/

/** 'HH:MM[:SS]' + date → wall parts; undefined when either is missing or malformed. */
export function joinDateAndTime(date: unknown, time: unknown): WallParts | undefined {
  if (typeof date !== 'string' || typeof time !== 'string' || !isValidIsoDate(date))
    return undefined
  const m = TIME_OF_DAY.exec(time.trim())
  if (!m) return undefined
  return parseWallDateTime(`${date} ${m[1].padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}`) ?? undefined
}

/** The hour options of the page's selects, as 'HH:00'. */
export const DROP_OFF_TIME_OPTIONS = DROP_OFF_HOURS.map((h) => `${String(h).padStart(2, '0')}:00`)
export const PICK_UP_TIME_OPTIONS = PICK_UP_HOURS.map((h) => `${String(h).padStart(2, '0')}:00`)

/** The first selectable date on the page: today in the hotel. */
export function minBookingDate(now: WallDateTime): IsoDate {
  return now.slice(0, 10)
}

export function maxBookingDate(now: WallDateTime): IsoDate {
  return addDays(now.slice(0, 10), MAX_DAYS_AHEAD)
}
