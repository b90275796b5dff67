import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  wallToInstant,
  addDays,
  addMonths,
  datesFrom,
  daysBetween,
  formatWall,
  formatWallDate,
  formatWallDateLong,
  formatWallDateTime,
  formatWallTime,
  hotelToday,
  hotelWallClock,
  isValidIsoDate,
  parseWallDateTime,
  wallSecondsBetween,
  weekdayIndex,
} from './hotel-time'

// Properties of the hotel's wall clock. The suite runs with TZ=Pacific/Auckland,
// so anything leaning on the machine's own zone would show here.

const NY = 'America/New_York'

// Instants from 2000 to 2099, and dates as 'YYYY-MM-DD'.
const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2099-12-31T00:00:00Z'),
  noInvalidDate: true,
})
const isoDate = instant.map((d) => d.toISOString().slice(0, 10))

/** Reads a wall clock back as if it were UTC, to measure the zone's offset. */
const asUtcMs = (wall: string) => Date.parse(wall.replace(' ', 'T') + 'Z')

// The clock changes in New York, as UTC instants: spring forward at 02:00 EST,
// fall back at 02:00 EDT.
const SPRING_2026 = Date.parse('2026-03-08T07:00:00Z')
const FALL_2026 = Date.parse('2026-11-01T06:00:00Z')

describe('hotelWallClock', () => {
  it('reads New York as UTC−5 or UTC−4, whatever the machine zone', () => {
    fc.assert(
      fc.property(instant, (d) => {
        const wall = hotelWallClock(d, NY)
        expect(parseWallDateTime(wall)).not.toBeNull()
        const offsetHours = (asUtcMs(wall) - Math.floor(d.getTime() / 1000) * 1000) / 3_600_000
        expect([-5, -4]).toContain(offsetHours)
      }),
    )
  })

  it('equals the ISO reading in UTC', () => {
    fc.assert(
      fc.property(instant, (d) => {
        expect(hotelWallClock(d, 'UTC')).toBe(d.toISOString().slice(0, 19).replace('T', ' '))
      }),
    )
  })

  it('jumps from 01:59:59 to 03:00:00 when New York springs forward', () => {
    expect(hotelWallClock(new Date(SPRING_2026 - 1000), NY)).toBe('2026-03-08 01:59:59')
    expect(hotelWallClock(new Date(SPRING_2026), NY)).toBe('2026-03-08 03:00:00')
    fc.assert(
      fc.property(fc.integer({ min: -36 * 3600, max: 36 * 3600 }), (s) => {
        const wall = hotelWallClock(new Date(SPRING_2026 + s * 1000), NY)
        if (wall.startsWith('2026-03-08')) expect(wall.slice(11, 13)).not.toBe('02') // 02:xx does not exist that night
        expect(hotelToday(new Date(SPRING_2026 + s * 1000), NY)).toBe(wall.slice(0, 10))
      }),
    )
  })

  it('repeats 01:00–01:59 when New York falls back', () => {
    expect(hotelWallClock(new Date(FALL_2026 - 1000), NY)).toBe('2026-11-01 01:59:59')
    expect(hotelWallClock(new Date(FALL_2026), NY)).toBe('2026-11-01 01:00:00')
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3599 }), (s) => {
        // The same wall reading an hour apart: once in EDT, once in EST.
        expect(hotelWallClock(new Date(FALL_2026 - 3600_000 + s * 1000), NY)).toBe(
          hotelWallClock(new Date(FALL_2026 + s * 1000), NY),
        )
      }),
    )
  })
})

describe('calendar arithmetic', () => {
  it('addDays and daysBetween are inverse, across every month and clock change', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -800, max: 800 }), (d, n) => {
        const e = addDays(d, n)
        expect(isValidIsoDate(e)).toBe(true)
        expect(daysBetween(d, e)).toBe(n)
        expect(addDays(e, -n)).toBe(d)
      }),
    )
  })

  it('addDays gives what Date arithmetic gives, short steps and long', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -60, max: 60 }), (d, n) => {
        const [y, m, day] = d.split('-').map(Number)
        const reference = new Date(Date.UTC(y, m - 1, day + n)).toISOString().slice(0, 10)
        expect(addDays(d, n)).toBe(reference)
      }),
      { numRuns: 5000 },
    )
  })

  it('datesFrom lists each date once, in order', () => {
    fc.assert(
      fc.property(isoDate, fc.nat({ max: 400 }), (d, n) => {
        const list = datesFrom(d, addDays(d, n))
        expect(list).toHaveLength(n)
        list.forEach((x, i) => expect(x).toBe(addDays(d, i)))
      }),
    )
  })

  it('measures whole wall-clock days between equal times, whatever the clocks did', () => {
    fc.assert(
      fc.property(isoDate, fc.nat({ max: 400 }), fc.integer({ min: 0, max: 23 }), (d, n, h) => {
        const t = `${String(h).padStart(2, '0')}:00:00`
        expect(wallSecondsBetween(`${d} ${t}`, `${addDays(d, n)} ${t}`)).toBe(n * 86_400)
      }),
    )
    expect(wallSecondsBetween('2026-03-07 10:00:00', '2026-03-10 10:00:00')).toBe(3 * 86_400)
    expect(wallSecondsBetween('2026-10-31 10:00:00', '2026-11-02 10:00:00')).toBe(2 * 86_400)
  })

  it('addMonths steps through months and years', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2090 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: -30, max: 30 }),
        (y, m, k) => {
          const month = `${y}-${String(m).padStart(2, '0')}`
          const total = y * 12 + (m - 1) + k
          expect(addMonths(month, k)).toBe(
            `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`,
          )
        },
      ),
    )
  })
})

describe('parsing', () => {
  it('accepts exactly the real dates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2200 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
          const real =
            m >= 1 && m <= 12 && d >= 1 && new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d
          expect(isValidIsoDate(text)).toBe(real)
        },
      ),
    )
    expect(isValidIsoDate('2028-02-29')).toBe(true)
    expect(isValidIsoDate('2026-02-29')).toBe(false)
  })

  it('round-trips wall date-times and refuses impossible ones', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 59 }),
        (d, h, mi, s) => {
          const p = { date: d, hour: h, minute: mi, second: s }
          const text = formatWall(p)
          expect(parseWallDateTime(text)).toEqual(p)
          expect(parseWallDateTime(text.replace(' ', 'T'))).toEqual(p)
        },
      ),
    )
    for (const bad of [
      '2026-03-10 24:00:00',
      '2026-03-10 10:60:00',
      '2026-02-30 10:00:00',
      '2026-03-10',
      'soon',
      '2026-03-10 10:00:00Z',
    ])
      expect(parseWallDateTime(bad)).toBeNull()
  })
})

describe('wallToInstant', () => {
  it('gives the instant the hotel clock reads, in and out of summer time', () => {
    const ny = 'America/New_York'
    expect(wallToInstant('2026-01-15 10:00:00', ny).toISOString()).toBe('2026-01-15T15:00:00.000Z')
    expect(wallToInstant('2026-07-15 10:00:00', ny).toISOString()).toBe('2026-07-15T14:00:00.000Z')
    expect(wallToInstant('2026-03-08 12:00:00', ny).toISOString()).toBe('2026-03-08T16:00:00.000Z')
    expect(wallToInstant('2026-07-15 10:00:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-07-15T08:00:00.000Z',
    )
  })
  it('reads back as the same wall time', () => {
    for (const wall of [
      '2026-11-01 00:30:00',
      '2026-03-08 18:00:00',
      '2027-12-31 23:59:00',
    ] as const)
      expect(hotelWallClock(wallToInstant(wall, 'America/New_York'), 'America/New_York')).toBe(wall)
  })
})

describe('hotelWallClock, read many times a second', () => {
  it('gives each zone and each second its own reading', () => {
    const at = new Date('2026-03-08T06:59:59.100Z')
    expect(hotelWallClock(at, 'America/New_York')).toBe('2026-03-08 01:59:59')
    expect(hotelWallClock(new Date('2026-03-08T06:59:59.900Z'), 'America/New_York')).toBe(
      '2026-03-08 01:59:59',
    )
    expect(hotelWallClock(at, 'Pacific/Auckland')).toBe('2026-03-08 19:59:59')
    expect(hotelWallClock(at, 'America/New_York')).toBe('2026-03-08 01:59:59')
    // The next second is New York's spring-forward: 03:00, not 02:00.
    expect(hotelWallClock(new Date('2026-03-08T07:00:00.000Z'), 'America/New_York')).toBe(
      '2026-03-08 03:00:00',
    )
  })
})

describe('display', () => {
  // ICU (Intl, in UTC so no zone shifts a date) is the reference: the app's own
  // formatting reads the digits and counts weekdays by arithmetic instead.
  const utc = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options })
  const short = utc({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
  const long = utc({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })
  const time = utc({ hour: 'numeric', minute: '2-digit', hour12: true })
  const weekday = utc({ weekday: 'long' })
  const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
  // Years 1000 to 9999 (four digits, as the app writes every date), any second of any day.
  const moment = fc.date({
    min: new Date('1000-01-01T00:00:00Z'),
    max: new Date('9999-12-31T23:59:59Z'),
    noInvalidDate: true,
  })
  const wall = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ')
  // ICU writes a narrow no-break space before AM/PM.
  const plain = (text: string) => text.replace(/\u202f/g, ' ')

  it('names the weekday of any date', () => {
    fc.assert(
      fc.property(moment, (d) => {
        expect(DAYS[weekdayIndex(d.toISOString().slice(0, 10))]).toBe(weekday.format(d))
      }),
      { numRuns: 2000 },
    )
    // Leap days and the days around them, century rules included.
    for (const date of [
      '2000-02-29',
      '2000-03-01',
      '1900-02-28',
      '1900-03-01',
      '2024-02-29',
      '2100-03-01',
    ])
      expect(DAYS[weekdayIndex(date)]).toBe(weekday.format(new Date(`${date}T12:00:00Z`)))
  })

  it('writes dates, times and both as ICU does, from a date or a wall date-time', () => {
    fc.assert(
      fc.property(moment, (d) => {
        const value = wall(d)
        expect(formatWallDate(value)).toBe(short.format(d))
        expect(formatWallDate(value.slice(0, 10))).toBe(short.format(d))
        expect(formatWallDateLong(value.slice(0, 10))).toBe(long.format(d))
        expect(formatWallTime(value)).toBe(plain(time.format(d)))
        expect(formatWallTime(value.slice(11, 16))).toBe(plain(time.format(d)))
        expect(formatWallDateTime(value)).toBe(`${short.format(d)}, ${plain(time.format(d))}`)
      }),
      { numRuns: 2000 },
    )
  })
})
