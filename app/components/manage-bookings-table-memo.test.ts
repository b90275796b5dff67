import fc from 'fast-check'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { createMarkupMemo } from '~/markup-memo.server'
import { ManageBookingsTable, type ManagedBookingRow } from './manage-bookings-table'
import { memoizedAsWithout, render } from '../../tests/support/memo-equality'

// The server writes a page of Manage Bookings' table from markup it rendered
// before for the same rows and page address (memoized-markup.tsx): the
// browser hydrates it with what it renders itself, so it must be exactly what
// React writes without the memo, for any rows, whatever was memoized before —
// and a page that asks to delete a booking (?confirm=…) shows the question.

// A few values for each field, markup's own characters among them.
const text = fc.constantFrom('', 'Rex', 'Ä <b>&amp;</b> "q"', "O'Neil", 'x'.repeat(90))
const when = fc.constantFrom('2026-12-01 10:00', '2026-12-01 17:30', '2026-12-04 09:00')
const rowArb: fc.Arbitrary<ManagedBookingRow> = fc.record({
  id: fc.integer({ min: 1, max: 4 }),
  pet_id: fc.integer({ min: 1, max: 3 }),
  pet: fc.record({ name: text, type: fc.constantFrom('dog' as const, 'cat' as const) }),
  client: fc.record({ fname: text, lname: text }),
  booking_type: fc.constantFrom('day_care' as const, 'boarding_care' as const),
  started: fc.boolean(),
  status: fc.constantFrom(
    'booked' as const,
    'checked_in' as const,
    'checked_out' as const,
    'cancelled' as const,
    'no_show' as const,
  ),
  drop_off_date: when,
  pick_up_date: when,
  total: fc.constantFrom(0, 55, 165.5, 1234.56),
  services: fc.array(fc.record({ service: text }), { maxLength: 2 }),
})
const tableArb = fc.record({
  bookings: fc.uniqueArray(rowArb, { maxLength: 3, selector: (b) => b.id }),
  tab: fc.constantFrom('Upcoming', 'Past bookings', 'Cancelled'),
  page: fc.integer({ min: 1, max: 3 }),
  upcoming: fc.boolean(),
  // The page's search: other pages and views, and asking to delete a booking or none.
  search: fc.constantFrom(
    '',
    '?page=2',
    '?view=past&page=3',
    '?confirm=delete-booking-2',
    '?page=2&confirm=delete-booking-4',
    '?confirm=delete-booking-99',
  ),
})
type TableInput = typeof tableArb extends fc.Arbitrary<infer T> ? T : never
const tableOf = ({ search: _search, ...props }: TableInput) =>
  createElement(ManageBookingsTable, props)

describe('a page of Manage Bookings, memoized', () => {
  it('is written as React writes it without the memo, for any rows and page, whatever came before', async () => {
    // One memo for all the runs, as in a server.
    const memo = createMarkupMemo()
    await memoizedAsWithout(tableArb, tableOf, memo, {
      path: ({ search }) => `/bookings${search}`,
      numRuns: 60,
    })
    expect(memo.size()).toBeGreaterThan(0)
  })

  it('is written once for its rows, and anew when the page asks to delete one', async () => {
    const memo = createMarkupMemo()
    const booking: ManagedBookingRow = {
      id: 7,
      pet_id: 3,
      pet: { name: 'Rex', type: 'dog' },
      client: { fname: 'Sam', lname: 'Lee' },
      booking_type: 'boarding_care',
      started: false,
      status: 'booked',
      drop_off_date: '2026-12-04 09:00',
      pick_up_date: '2026-12-07 10:00',
      total: 165,
      services: [{ service: 'Bath' }],
    }
    const table = (bookings: ManagedBookingRow[], path: string) =>
      render(
        createElement(ManageBookingsTable, { bookings, tab: 'Upcoming', page: 2, upcoming: true }),
        memo,
        path,
      )

    const first = await table([booking], '/bookings?page=2')
    expect(first).toContain('href="/bookings?page=2&amp;confirm=delete-booking-7"')
    expect(await table([booking], '/bookings?page=2')).toBe(first)
    expect(memo.size()).toBe(1)

    // Asked without JavaScript: the question and its form are in the row, not kept.
    const asking = await table([booking], '/bookings?page=2&confirm=delete-booking-7')
    expect(asking).toContain('Are you sure you want to delete the booking of Rex?')
    expect(asking).toContain('action="/bookings?page=2" method="post"')
    expect(memo.size()).toBe(1)

    // A stay that has started can no longer be deleted, at once.
    const started = await table([{ ...booking, started: true }], '/bookings?page=2')
    expect(started).not.toContain('confirm=delete-booking-7')
    expect(started).toContain('Started')
  })
})
