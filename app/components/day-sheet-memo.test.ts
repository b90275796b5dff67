import fc from 'fast-check'
import { createElement } from 'react'
import { describe, it } from 'vitest'
import { BOOKING_TYPES } from '~/domain/booking-rules'
import type { DaySheet, DaySheetEntry } from '~/domain/booking'
import { BOOKING_STATUSES } from '~/domain/front-desk'
import { createMarkupMemo } from '~/markup-memo.server'
import { DaySheetList } from './booking-day-sheet'
import { OccupancyCalendar } from './booking-month-calendar'
import { RunSheet } from './run-sheet'
import { memoizedAsWithout } from '../../tests/support/memo-equality'

// The server writes the day sheet's month, its run sheet and each entry's
// facts from markup it rendered before for the same data
// (memoized-markup.tsx). The browser hydrates that markup with what it
// renders itself, so it must be exactly what React writes without the memo,
// for any day, whatever was memoized before.

/** Where the pieces are rendered: the day sheet's page (its front desk forms post there). */
const DAY_SHEET = { path: '/bookingsByDate' }

// A few values for each field, markup's own characters among them.
const text = fc.constantFrom('', 'Rex', 'Ä <b>&amp;</b> "q"', "O'Neil", 'x'.repeat(90))
const phone = fc.constantFrom('', '5550001111', '+64 21 555 0101')
const contact = fc.record({ name: text, phone })
const wallTime = fc.constantFrom(
  '2026-11-29 08:00:00',
  '2026-11-30 17:30:00',
  '2026-12-01 07:15:00',
)
const entryArb: fc.Arbitrary<DaySheetEntry> = fc.record({
  booking: fc.record({
    id: fc.integer({ min: 1, max: 6 }),
    booking_type: fc.constantFrom(...BOOKING_TYPES),
    status: fc.constantFrom(...BOOKING_STATUSES),
    drop_off_date: wallTime,
    pick_up_date: wallTime,
    checked_in_at: fc.option(wallTime, { nil: null }),
    checked_out_at: fc.option(wallTime, { nil: null }),
    no_show_at: fc.option(wallTime, { nil: null }),
    vaccinations_missing: fc.subarray(['Rabies', 'Bordetella', 'FVRCP']),
    services: fc.subarray([{ service: 'Bath' }, { service: 'Walk & <play>' }]),
  }),
  owner: fc.record({
    id: fc.integer({ min: 1, max: 3 }),
    fname: text,
    lname: text,
    phone_num: phone,
  }),
  pet: fc.record({
    id: fc.integer({ min: 1, max: 3 }),
    name: text,
    type: fc.constantFrom('dog' as const, 'cat' as const),
    breed: text,
    behavior: fc.constantFrom('friendly', 'shy <with> dogs'),
    dietary_note: text,
    medication_note: text,
    vet: contact,
    emergency_contact: contact,
    unverified_vaccines: fc.subarray(['Rabies', 'Leptospirosis']),
  }),
  updates: fc.option(
    fc.record({
      count: fc.integer({ min: 1, max: 3 }),
      latest: fc.record({
        id: fc.constant(1),
        booking_id: fc.constant(1),
        note: text,
        ate_well: fc.boolean(),
        played: fc.boolean(),
        medication_given: fc.boolean(),
        photo_url: fc.constantFrom(null, '/photos/a.jpg'),
        author: fc.constantFrom(null, 'Sam'),
        created_at: wallTime,
      }),
    }),
    { nil: null },
  ),
}) as fc.Arbitrary<DaySheetEntry>
const entriesArb = fc.uniqueArray(entryArb, { maxLength: 3, selector: (e) => e.booking.id })
const occupancyArb = fc.record({
  dog_kennel: fc.integer({ min: 0, max: 3 }),
  cat_condo: fc.integer({ min: 0, max: 3 }),
  day_care: fc.integer({ min: 0, max: 3 }),
})
const dateArb = fc.constantFrom('2026-11-29', '2026-11-30', '2026-12-01')

describe('the day sheet, memoized', () => {
  // One memo for all the runs of a property, as in a server.
  it('writes each entry’s facts as React does without the memo, for any entries, whatever came before', async () => {
    const memo = createMarkupMemo()
    const timeArb = fc.constantFrom(
      'drop_off' as const,
      'pick_up' as const,
      'stay' as const,
      'day_care' as const,
    )
    await memoizedAsWithout(
      fc.record({ entry: entryArb, time: timeArb }),
      ({ entry, time }) =>
        createElement(DaySheetList, {
          id: 'arrivals',
          title: 'Arrivals',
          entries: [entry],
          time,
          empty: 'No arrivals.',
          now: '2026-11-30 09:00:00',
        }),
      memo,
      DAY_SHEET,
    )
  })

  it('writes the run sheet and the month as React does without the memo, whatever came before', async () => {
    const memo = createMarkupMemo()
    const sheetArb: fc.Arbitrary<DaySheet> = fc.record({
      date: dateArb,
      arrivals: entriesArb,
      departures: entriesArb,
      staying: entriesArb,
      dayCare: entriesArb,
      occupancy: occupancyArb,
      capacity: occupancyArb,
    })
    await memoizedAsWithout(
      sheetArb,
      (sheet) => createElement(RunSheet, { sheet }),
      memo,
      DAY_SHEET,
    )
    type Month = Parameters<typeof OccupancyCalendar>[0]
    const monthArb: fc.Arbitrary<Month> = fc.record({
      month: fc.constant('2026-11'),
      days: fc
        .array(occupancyArb, { minLength: 1, maxLength: 3 })
        .map((days) => days.map((occupancy, i) => ({ date: `2026-11-${27 + i}`, occupancy }))),
      capacity: occupancyArb,
      selected: dateArb,
      today: dateArb,
    })
    await memoizedAsWithout(
      monthArb,
      (props) => createElement(OccupancyCalendar, props),
      memo,
      DAY_SHEET,
    )
  })
})
