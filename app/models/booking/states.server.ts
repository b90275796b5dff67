import type { Knex } from 'knex'
import { HOLDING_STATUSES } from '~/domain/front-desk'
import type { WallDateTime } from '~/domain/hotel-time'

// The SQL twins of app/domain/booking-states.ts: the same states, written as
// conditions on a bookings table (`b` is its alias, or 'bookings'). A test
// (tests/api/booking-states.test.ts) runs both on the same bookings and
// requires the same answers.

type Query = Knex.QueryBuilder

/** started: the drop-off moment has come. */
export const whereStarted = (q: Query, now: WallDateTime, b = 'b') =>
  q.where(`${b}.drop_off_at`, '<=', now)
export const whereNotStarted = (q: Query, now: WallDateTime, b = 'b') =>
  q.where(`${b}.drop_off_at`, '>', now)
/**
 * not cancelled. The status is written into the text, not bound: every
 * query is planned for no value in particular, and for `status <> $1` the
 * planner guesses from the column's spread alone. When ANALYZE's sample sees
 * a single status (a hotel that never checks guests in or out: every
 * booking 'booked'), it guesses that no row passes, and reads a page of all
 * bookings by sorting the whole table (~450 ms at 150,000 bookings) instead
 * of walking the id index. With the value in the text it knows how few are
 * cancelled.
 */
export const whereNotCancelled = (q: Query, b = 'b') => q.whereRaw(`${b}.status <> 'cancelled'`)
/** holding: not cancelled, not a no-show — the stay holds its nights. */
export const whereHolding = (q: Query, b = 'b') => q.whereIn(`${b}.status`, HOLDING_STATUSES)
/** current: holding, and not yet picked up. */
export const whereCurrent = (q: Query, now: WallDateTime, b = 'b') =>
  whereHolding(q, b).where(`${b}.pick_up_at`, '>', now)
/** over: picked up, or no longer holding (the opposite of current). */
export const whereOver = (q: Query, now: WallDateTime, b = 'b') =>
  q.where((o) =>
    o.where(`${b}.pick_up_at`, '<=', now).orWhereNotIn(`${b}.status`, HOLDING_STATUSES),
  )
/**
 * Binds (from, to, bounds): the stay's range [drop-off, pick-up] overlaps the
 * range from–to with those bounds ('[)', '[]'), in the form the
 * bookings_stay_range GiST index answers (migration 017): the rows read are
 * the stays in that window, not every earlier drop-off or later pick-up.
 */
export const stayOverlapsSql = (b = 'b') =>
  `tsrange(${b}.drop_off_at, ${b}.pick_up_at, '[]') && tsrange(?::timestamp, ?::timestamp, ?)`

/**
 * staying: started and current — the pet is at the hotel. The stays touching
 * `now` are found through the stay-range index (tonight's guests: a handful at
 * any size of hotel); "started, not yet picked up" is then checked in a form
 * no b-tree index answers. PostgreSQL plans the app's queries for no value in
 * particular (app/infra/prepared-statements.server.ts), and as two plain
 * comparisons it ANDed in the drop-off or pick-up index: every earlier
 * drop-off or every later pick-up read to find tonight's guests.
 */
export const whereStaying = (q: Query, now: WallDateTime, b = 'b') =>
  whereHolding(q, b)
    .whereRaw(stayOverlapsSql(b), [now, now, '[]'])
    .whereRaw(`tsrange(${b}.drop_off_at, ${b}.pick_up_at, '[)') @> ?::timestamp`, [now])

/**
 * How many of a stay's held nights (or its day-care day) fall in the dates
 * [from, to): boarding holds the drop-off date up to the night before the
 * pick-up date (at least one night), day care its one day. Binds from, to, from, to.
 */
export const nightsWithinSql = (b = 'b') => `(CASE
  WHEN ${b}.booking_type = 'day_care'
    THEN (CASE WHEN ${b}.drop_off_at::date >= ?::date AND ${b}.drop_off_at::date < ?::date THEN 1 ELSE 0 END)
  ELSE greatest(0,
    least(greatest(${b}.pick_up_at::date, ${b}.drop_off_at::date + 1), ?::date)
    - greatest(${b}.drop_off_at::date, ?::date))
  END)`

/** The bindings of nightsWithinSql for [from, to). */
export const nightsWithinBindings = (from: string, to: string) => [from, to, to, from]
