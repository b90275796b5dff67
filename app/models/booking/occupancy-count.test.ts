import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { unitFor, type Occupancy } from '~/domain/capacity'
import { nightsHeld } from '~/domain/booking-states'
import { addDays, datesFrom } from '~/domain/hotel-time'
import { countByDate, type UnitRow } from './occupancy.server'

// countByDate finds each stay's nights in the window by comparing dates; it
// must count exactly what listing every stay's nights (`nightsHeld`) counts.

const reference = (rows: UnitRow[], from: string, to: string) => {
  const out = new Map<string, Occupancy>()
  for (const d of datesFrom(from, addDays(to, 1)))
    out.set(d, { dog_kennel: 0, cat_condo: 0, day_care: 0 })
  for (const r of rows)
    for (const d of nightsHeld(r.booking_type, r.drop_off_date, r.pick_up_date)) {
      const o = out.get(d)
      if (o) o[unitFor(r.booking_type, r.pet_type)] += 1
    }
  return out
}

const base = '2026-02-20'
const row = fc
  .record({
    id: fc.nat(),
    booking_type: fc.constantFrom('boarding_care' as const, 'day_care' as const),
    pet_type: fc.constantFrom('dog' as const, 'cat' as const),
    start: fc.integer({ min: -40, max: 60 }),
    // A stay picked up before or on its drop-off date is counted on that day alone.
    length: fc.integer({ min: -2, max: 70 }),
    hours: fc.constantFrom(
      ['08:00:00', '17:00:00'],
      ['10:00:00', '10:00:00'],
      ['23:30:00', '06:00:00'],
    ),
  })
  .map((r): UnitRow => ({
    id: r.id,
    booking_type: r.booking_type,
    pet_type: r.pet_type,
    drop_off_date: `${addDays(base, r.start)} ${r.hours[0]}`,
    pick_up_date: `${addDays(base, r.start + r.length)} ${r.hours[1]}`,
  }))

describe('countByDate', () => {
  it('counts what listing every stay’s nights counts, for any stays and window', () => {
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 40 }),
        fc.integer({ min: -10, max: 40 }),
        fc.integer({ min: 0, max: 45 }),
        (rows, offset, width) => {
          const from = addDays(base, offset)
          const to = addDays(from, width)
          expect([...countByDate(rows, from, to)]).toEqual([...reference(rows, from, to)])
        },
      ),
      { numRuns: 300 },
    )
  })
})
