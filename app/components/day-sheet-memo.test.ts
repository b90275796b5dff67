import fc from 'fast-check'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { BOOKING_TYPES } from '~/domain/booking-rules'
import type { DaySheet, DaySheetEntry } from '~/domain/booking'
import { BOOKING_STATUSES } from '~/domain/front-desk'
import { createMarkupMemo } from '~/markup-memo.server'
import { DaySheetList } from './booking-day-sheet'
import { FrontDeskControls } from './front-desk-controls'
import { OccupancyCalendar } from './booking-month-calendar'
import { RunSheet } from './run-sheet'
import { memoizedAsWithout, render } from '../../tests/support/memo-equality'

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
  it('writes each entry’s facts and front desk as React does without the memo, for any entries, time and page, whatever came before', async () => {
    const memo = createMarkupMemo()
    const timeArb = fc.constantFrom(
      'drop_off' as const,
      'pick_up' as const,
      'stay' as const,
      'day_care' as const,
    )
    await memoizedAsWithout(
      fc.record({
        entry: entryArb,
        time: timeArb,
        // The hotel's time decides the taps an entry offers and its late pick-up.
        now: fc.constantFrom('2026-11-29 07:00:00', '2026-11-30 09:00:00', '2026-12-02 12:00:00'),
        // A refused tap, shown after a post without JavaScript.
        error: fc.option(fc.constantFrom('Rex is not here yet', '<b>No</b> & "no"'), {
          nil: undefined,
        }),
        // The day's address: the front desk's forms post back to it.
        search: fc.constantFrom('', '?date=2026-11-30', '?date=2026-12-01&x=%3Cb%3E'),
      }),
      ({ entry, time, now, error }) =>
        createElement(DaySheetList, {
          id: 'arrivals',
          title: 'Arrivals',
          entries: [entry],
          time,
          empty: 'No arrivals.',
          now,
          errors: error === undefined ? {} : { [entry.booking.id]: error },
        }),
      memo,
      { path: ({ search }) => `${DAY_SHEET.path}${search}`, numRuns: 60 },
    )
  })

  it('writes an entry’s front desk once for what it shows, and anew with a refused tap', async () => {
    const memo = createMarkupMemo()
    const stay = {
      id: 7,
      status: 'checked_in' as const,
      drop_off_date: '2026-11-30 08:00:00',
      pick_up_date: '2026-11-30 17:00:00',
      checked_in_at: '2026-11-30 08:05:00',
      checked_out_at: null,
      no_show_at: null,
    }
    const desk = (now: string, path: string, error?: string) =>
      render(
        createElement(FrontDeskControls, { booking: stay, petName: 'Rex', now, error }),
        memo,
        path,
      )
    const morning = await desk('2026-11-30 09:00:00', '/bookingsByDate?date=2026-11-30')
    expect(morning).toContain('aria-label="Check out Rex"')
    expect(morning).toContain('action="/bookingsByDate?date=2026-11-30#booking-7"')
    expect(morning).not.toContain('Late pick-up')
    // A minute later nothing it shows has changed: the same markup, from the memo.
    expect(await desk('2026-11-30 09:01:00', '/bookingsByDate?date=2026-11-30')).toBe(morning)
    expect(memo.size()).toBe(1)
    // Past its pick-up time it is late.
    expect(await desk('2026-11-30 18:00:00', '/bookingsByDate?date=2026-11-30')).toContain(
      'Late pick-up',
    )
    // Another day's page posts back to that page.
    expect(await desk('2026-11-30 09:00:00', '/bookingsByDate')).toContain(
      'action="/bookingsByDate#booking-7"',
    )
    expect(memo.size()).toBe(3)
    // A refusal is shown, and not kept.
    expect(
      await desk('2026-11-30 09:00:00', '/bookingsByDate?date=2026-11-30', 'Rex has left'),
    ).toContain('Rex has left')
    expect(memo.size()).toBe(3)
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
