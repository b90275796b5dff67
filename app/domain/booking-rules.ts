import { wallSecondsBetween, type WallDateTime } from './hotel-time'

// The constants and pure rules of the booking engine — hours, horizon, day
// counting, price — shared by the
// zod schemas (page and API), the models and the pages' live totals.

export const BOOKING_TYPES = ['day_care', 'boarding_care'] as const
export type BookingType = (typeof BOOKING_TYPES)[number]

export const DROP_OFF_HOURS = range(6, 18) // 06:00 … 18:00
export const PICK_UP_HOURS = range(7, 18) // 07:00 … 18:00
export const MAX_DAYS_AHEAD = 365

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
