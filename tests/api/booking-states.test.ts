import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BookingType } from '../../app/domain/booking-rules'
import { isCurrent, isStarted, isStaying, nightsHeld } from '../../app/domain/booking-states'
import { BOOKING_STATUSES, type BookingStatus } from '../../app/domain/front-desk'
import { addDays } from '../../app/domain/hotel-time'
import { getDb } from '../../app/infra/db.server'
import {
  nightsWithinBindings,
  nightsWithinSql,
  whereCurrent,
  whereNotStarted,
  whereOver,
  whereStaying,
  whereStarted,
} from '../../app/models/booking/states.server'
import { createPet, createUser } from '../support/factories'

// The booking states are written twice — in TypeScript for pages and rules,
// in SQL for queries — and must never disagree. This runs both on the same
// bookings, around the edges (the very minute of drop-off and pick-up) and
// anywhere else.

const pad = (n: number) => String(n).padStart(2, '0')
const at = (date: string, hour: number, minute = 0) => `${date} ${pad(hour)}:${pad(minute)}:00`

/** A wall-clock reading `seconds` later (calendar arithmetic, no time zone). */
function shift(wall: string, seconds: number) {
  const t = new Date(`${wall.replace(' ', 'T')}Z`).getTime() + seconds * 1000
  return new Date(t).toISOString().slice(0, 19).replace('T', ' ')
}

type Stay = {
  id: number
  booking_type: BookingType
  drop_off_date: string
  pick_up_date: string
  status: BookingStatus
}

/** The columns each status needs (a moment for every step taken). */
const MOMENTS: Record<BookingStatus, Record<string, string>> = {
  booked: {},
  checked_in: { checked_in_at: '2026-03-01 09:00:00' },
  checked_out: { checked_in_at: '2026-03-01 09:00:00', checked_out_at: '2026-03-02 09:00:00' },
  cancelled: { cancelled_at: '2026-02-20 09:00:00' },
  no_show: { no_show_at: '2026-03-02 09:00:00' },
}

async function insertStays(
  stays: { type: BookingType; dropOff: string; pickUp: string; status?: BookingStatus }[],
): Promise<Stay[]> {
  const db = await getDb()
  const client = await createUser()
  const out: Stay[] = []
  for (const s of stays) {
    const pet = await createPet({ owner: client })
    const [row] = await db('bookings')
      .insert({
        client_id: client.id,
        pet_id: pet.id,
        booking_type: s.type,
        drop_off_at: s.dropOff,
        pick_up_at: s.pickUp,
        days: 1,
        daily_price_cents: 100,
        total_cents: 100,
        status: s.status ?? 'booked',
        ...MOMENTS[s.status ?? 'booked'],
      })
      .returning('id')
    out.push({
      id: row.id,
      booking_type: s.type,
      drop_off_date: s.dropOff,
      pick_up_date: s.pickUp,
      status: s.status ?? 'booked',
    })
  }
  return out
}

const day = fc.integer({ min: 0, max: 20 }).map((k) => addDays('2026-03-01', k))
const stay = fc
  .tuple(
    fc.constantFrom<BookingType>('day_care', 'boarding_care'),
    day,
    fc.integer({ min: 6, max: 17 }),
    fc.integer({ min: 0, max: 6 }),
    fc.integer({ min: 7, max: 18 }),
  )
  .map(([type, date, dropHour, nights, pickHour]) => {
    if (type === 'day_care') {
      const pick = Math.max(pickHour, dropHour + 1)
      return { type, dropOff: at(date, dropHour), pickUp: at(date, pick) }
    }
    return {
      type,
      dropOff: at(date, dropHour),
      pickUp: at(addDays(date, Math.max(1, nights)), pickHour),
    }
  })

describe('booking states: the SQL twins agree with the TypeScript', () => {
  it('started, current, over and staying, at every edge and in every status', async () => {
    const statuses = fc.constantFrom<BookingStatus>(...BOOKING_STATUSES)
    const stays = await insertStays(
      fc.sample(
        fc.tuple(stay, statuses).map(([s, status]) => ({ ...s, status })),
        60,
      ),
    )
    const db = await getDb()
    // "now" at each drop-off and pick-up, and one second either side.
    const nows = new Set<string>()
    for (const s of stays)
      for (const edge of [s.drop_off_date, s.pick_up_date])
        for (const seconds of [-1, 0, 1]) nows.add(shift(edge, seconds))
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b)
    const select = () =>
      db('bookings as b')
        .select('b.id')
        .whereIn(
          'b.id',
          stays.map((s) => s.id),
        )
    for (const now of nows) {
      const expectIds = (pick: (s: Stay) => boolean) => ids(stays.filter(pick))
      expect(ids(await whereStarted(select(), now)), `started at ${now}`).toEqual(
        expectIds((s) => isStarted(s, now)),
      )
      expect(ids(await whereNotStarted(select(), now)), `not started at ${now}`).toEqual(
        expectIds((s) => !isStarted(s, now)),
      )
      expect(ids(await whereCurrent(select(), now)), `current at ${now}`).toEqual(
        expectIds((s) => isCurrent(s, now)),
      )
      expect(ids(await whereOver(select(), now)), `over at ${now}`).toEqual(
        expectIds((s) => !isCurrent(s, now)),
      )
      expect(ids(await whereStaying(select(), now)), `staying at ${now}`).toEqual(
        expectIds((s) => isStaying(s, now)),
      )
    }
  })

  it('nights held within a range of dates', async () => {
    const stays = await insertStays(fc.sample(stay, 40))
    const db = await getDb()
    const ranges = fc.sample(
      fc
        .tuple(day, fc.integer({ min: 0, max: 12 }))
        .map(([from, len]) => [from, addDays(from, len)]),
      25,
    )
    for (const [from, to] of ranges) {
      const rows: { id: number; nights: number }[] = await db('bookings as b')
        .select(
          'b.id',
          db.raw(`${nightsWithinSql('b')}::int as nights`, nightsWithinBindings(from, to)),
        )
        .whereIn(
          'b.id',
          stays.map((s) => s.id),
        )
      for (const s of stays) {
        const expected = nightsHeld(s.booking_type, s.drop_off_date, s.pick_up_date).filter(
          (d) => d >= from && d < to,
        ).length
        expect(
          rows.find((r) => r.id === s.id)!.nights,
          `${JSON.stringify(s)} in [${from}, ${to})`,
        ).toBe(expected)
      }
    }
  })
})
