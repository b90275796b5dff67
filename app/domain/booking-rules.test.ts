import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  centsToDollars,
  countBookingDays,
  DROP_OFF_HOURS,
  dollarsToCents,
  MAX_DAYS_AHEAD,
  PICK_UP_HOURS,
  priceBooking,
} from './booking-rules'
import { coveredDates, coversDate, holdsNight, nightsHeld } from './booking-states'
import { addDays, daysBetween, hotelWallClock } from './hotel-time'
import { BOOKING_MESSAGES, bookingApiSchema, bookingFormSchema } from '~/schemas/booking'
import { fieldErrors } from '~/schemas/fields'

// Properties of the pure booking rules: day counting, price,
// hours and dates — with "now" and the dates drawn around the days New York's
// clocks change, where an hour-based count would go wrong.

const NY = 'America/New_York'
const pad = (n: number) => String(n).padStart(2, '0')
const at = (date: string, hour: number) => `${date} ${pad(hour)}:00:00`

// Dates near the clock changes of several years, and anywhere else.
const dstDates = [
  '2025-03-09',
  '2025-11-02',
  '2026-03-08',
  '2026-11-01',
  '2027-03-14',
  '2027-11-07',
]
const nearDst = fc
  .tuple(fc.constantFrom(...dstDates), fc.integer({ min: -3, max: 3 }))
  .map(([d, k]) => addDays(d, k))
const anyDate = fc
  .date({
    min: new Date('2024-01-01T00:00:00Z'),
    max: new Date('2030-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10))
const date = fc.oneof(nearDst, anyDate)
const hour = fc.integer({ min: 0, max: 23 })

describe('day counting', () => {
  it('day care is always one day', () => {
    fc.assert(
      fc.property(date, hour, hour, (d, a, b) => {
        expect(countBookingDays('day_care', at(d, a), at(d, b))).toBe(1)
      }),
    )
  })

  it('boarding counts the rounded-up wall-clock day difference, clock changes or not', () => {
    fc.assert(
      fc.property(
        date,
        fc.integer({ min: 1, max: 400 }),
        fc.constantFrom(...DROP_OFF_HOURS),
        fc.constantFrom(...PICK_UP_HOURS),
        (d, nights, dropHour, pickHour) => {
          const days = countBookingDays(
            'boarding_care',
            at(d, dropHour),
            at(addDays(d, nights), pickHour),
          )
          expect(days).toBe(pickHour > dropHour ? nights + 1 : nights)
        },
      ),
    )
    expect(countBookingDays('boarding_care', '2026-03-07 10:00:00', '2026-03-10 10:00:00')).toBe(3)
    expect(countBookingDays('boarding_care', '2026-10-31 10:00:00', '2026-11-02 10:00:00')).toBe(2)
  })

  it('boarding holds a place each night from drop-off to pick-up; day care on its day', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 60 }), (d, nights) => {
        const held = nightsHeld('boarding_care', at(d, 10), at(addDays(d, nights), 10))
        expect(held).toHaveLength(nights)
        expect(held[0]).toBe(d)
        expect(held.at(-1)).toBe(addDays(d, nights - 1))
        expect(coveredDates(at(d, 10), at(addDays(d, nights), 10))).toEqual([
          ...held,
          addDays(d, nights),
        ])
        expect(nightsHeld('day_care', at(d, 8), at(d, 17))).toEqual([d])
        // Boarding picked up the day it came holds that day.
        expect(nightsHeld('boarding_care', at(d, 8), at(d, 17))).toEqual([d])
      }),
    )
  })

  it('a stay holds or covers a date exactly when its nights or dates list it', () => {
    const type = fc.constantFrom('boarding_care' as const, 'day_care' as const)
    fc.assert(
      fc.property(
        type,
        date,
        fc.integer({ min: -2, max: 40 }),
        fc.integer({ min: -5, max: 45 }),
        hour,
        hour,
        (t, d, length, probe, a, b) => {
          const [dropOff, pickUp, day] = [at(d, a), at(addDays(d, length), b), addDays(d, probe)]
          expect(holdsNight(t, dropOff, pickUp, day)).toBe(
            nightsHeld(t, dropOff, pickUp).includes(day),
          )
          expect(coversDate(dropOff, pickUp, day)).toBe(coveredDates(dropOff, pickUp).includes(day))
        },
      ),
    )
  })
})

describe('price', () => {
  const cents = fc.integer({ min: 1, max: 1_000_000 })

  it('is the sum of service prices plus days × daily price, to the cent', () => {
    fc.assert(
      fc.property(
        date,
        fc.integer({ min: 1, max: 365 }),
        cents,
        fc.array(cents, { minLength: 1, maxLength: 10 }),
        (d, nights, daily, services) => {
          const p = priceBooking({
            type: 'boarding_care',
            dropOff: at(d, 9),
            pickUp: at(addDays(d, nights), 9),
            dailyPriceCents: daily,
            servicePricesCents: services,
          })
          expect(p.days).toBe(nights)
          expect(Number.isInteger(p.totalCents)).toBe(true)
          expect(p.totalCents).toBe(nights * daily + services.reduce((a, b) => a + b, 0))
          expect(p.daysCents + p.servicesCents).toBe(p.totalCents)
          // Dollars shown with at most two decimals, exactly.
          const dollars = centsToDollars(p.totalCents)
          expect(dollarsToCents(dollars)).toBe(p.totalCents)
          expect(Math.round(dollars * 100)).toBe(p.totalCents)
        },
      ),
    )
  })

  it('dollars and cents convert exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (c) => {
        expect(dollarsToCents(centsToDollars(c))).toBe(c)
      }),
    )
    expect(dollarsToCents('25.5')).toBe(2550)
    expect(dollarsToCents('0.1')).toBe(10)
    expect(dollarsToCents(0.1 + 0.2)).toBeNull() // 0.30000000000000004: not a price
    expect(dollarsToCents('1.234')).toBeNull()
  })
})

describe('hour and date validation', () => {
  // "Now" anywhere in the hours around New York's clock changes, read on the hotel's wall clock.
  const nowWall = fc
    .tuple(fc.constantFrom(...dstDates), fc.integer({ min: -48 * 60, max: 48 * 60 }))
    .map(([d, minutes]) =>
      hotelWallClock(new Date(Date.parse(`${d}T07:00:00Z`) + minutes * 60_000), NY),
    )

  const errorsOf = (now: string, body: Record<string, unknown>) => {
    const r = bookingApiSchema({ now }).safeParse({
      client_id: 1,
      pet_id: 1,
      services: [1],
      ...body,
    })
    return r.success ? {} : fieldErrors(r.error)
  }

  it('accepts drop-off only on the hour 06:00–18:00 and pick-up only on the hour 07:00–18:00', () => {
    fc.assert(
      fc.property(
        nowWall,
        hour,
        fc.constantFrom(0, 0, 30),
        hour,
        (now, dropHour, minute, pickHour) => {
          const d = addDays(now.slice(0, 10), 5)
          const e = errorsOf(now, {
            booking_type: 'boarding_care',
            drop_off_date: `${d} ${pad(dropHour)}:${pad(minute)}:00`,
            pick_up_date: at(addDays(d, 2), pickHour),
          })
          const dropOk = minute === 0 && dropHour >= 6 && dropHour <= 18
          const pickOk = pickHour >= 7 && pickHour <= 18
          expect(e.drop_off_date).toBe(dropOk ? undefined : BOOKING_MESSAGES.dropOffHours)
          expect(e.pick_up_date).toBe(pickOk ? undefined : BOOKING_MESSAGES.pickUpHours)
        },
      ),
    )
  })

  it('refuses the past and more than 365 days ahead, in hotel time', () => {
    fc.assert(
      fc.property(
        nowWall,
        fc.integer({ min: -30, max: MAX_DAYS_AHEAD + 30 }),
        fc.constantFrom(...DROP_OFF_HOURS),
        (now, offset, h) => {
          const d = addDays(now.slice(0, 10), offset)
          const e = errorsOf(now, {
            booking_type: 'boarding_care',
            drop_off_date: at(d, h),
            pick_up_date: at(addDays(d, 1), 12),
          })
          const expected =
            offset < 0
              ? BOOKING_MESSAGES.past
              : offset > MAX_DAYS_AHEAD
                ? BOOKING_MESSAGES.tooFarAhead
                : offset === 0 && at(d, h) <= now
                  ? BOOKING_MESSAGES.dropOffTimePast
                  : undefined
          expect(e.drop_off_date).toBe(expected)
        },
      ),
    )
  })

  it('orders boarding by date and day care by time on one day', () => {
    fc.assert(
      fc.property(
        nowWall,
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: -3, max: 3 }),
        fc.constantFrom(...DROP_OFF_HOURS),
        fc.constantFrom(...PICK_UP_HOURS),
        (now, offset, span, dh, ph) => {
          const d = addDays(now.slice(0, 10), offset)
          const p = addDays(d, span)
          const boarding = errorsOf(now, {
            booking_type: 'boarding_care',
            drop_off_date: at(d, dh),
            pick_up_date: at(p, ph),
          })
          expect(boarding.pick_up_date).toBe(
            span > 0
              ? undefined
              : daysBetween(now.slice(0, 10), p) < 0
                ? BOOKING_MESSAGES.past
                : BOOKING_MESSAGES.boardingOrder,
          )
          const dayCare = errorsOf(now, {
            booking_type: 'day_care',
            drop_off_date: at(d, dh),
            pick_up_date: at(p, ph),
          })
          const dayCareExpected =
            daysBetween(now.slice(0, 10), p) < 0
              ? BOOKING_MESSAGES.past
              : span !== 0
                ? BOOKING_MESSAGES.dayCareSameDay
                : ph <= dh
                  ? BOOKING_MESSAGES.dayCareOrder
                  : undefined
          expect(dayCare.pick_up_date).toBe(dayCareExpected)
        },
      ),
    )
  })

  it('the page and the API agree on every message', () => {
    fc.assert(
      fc.property(
        nowWall,
        fc.integer({ min: -3, max: 370 }),
        fc.integer({ min: -1, max: 3 }),
        hour,
        hour,
        fc.constantFrom('day_care', 'boarding_care'),
        (now, offset, span, dh, ph, type) => {
          const d = addDays(now.slice(0, 10), offset)
          const p = addDays(d, span)
          const api = errorsOf(now, {
            booking_type: type,
            drop_off_date: at(d, dh),
            pick_up_date: at(p, ph),
          })
          const form = bookingFormSchema({ now }).safeParse({
            booking_type: type,
            drop_off_date: d,
            drop_off_time: `${pad(dh)}:00`,
            pick_up_date: p,
            pick_up_time: `${pad(ph)}:00`,
            services: '1',
          })
          const f = form.success ? {} : fieldErrors(form.error)
          // The API names one field per end; the page splits date and time.
          const formMessages = new Set(Object.values(f))
          for (const m of Object.values(api)) expect(formMessages.has(m)).toBe(true)
          expect(form.success).toBe(Object.keys(api).length === 0)
          if (form.success)
            expect(form.data).toEqual({
              booking_type: type,
              drop_off_date: at(d, dh),
              pick_up_date: at(p, ph),
              services: [1],
            })
        },
      ),
    )
  })
})
