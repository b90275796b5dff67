import type { Knex } from 'knex'
import type { Booking, PriceAdjustment } from '~/domain/booking'
import type { BookingType } from '~/domain/booking-rules'
import type { BookingStatus } from '~/domain/front-desk'
import { isStarted } from '~/domain/booking-states'
import { whereNotCancelled } from './states.server'
import type { WallDateTime } from '~/domain/hotel-time'
import type { PetType } from '~/domain/pet'
import { centsToDollars } from '~/domain/booking-rules'
import { compiledOnce, oneRoundTripQuery } from '~/infra/db.server'
import { staffByService, type StaffByService } from '../service.server'
import { PREPARED, toPgArray } from '~/infra/prepared-statements.server'
import {
  missingVaccinesOfStays,
  recordsByPet,
  settingsSeenBy,
  staysToJudge,
  vaccinationsQuery,
} from '../pet/vaccinations.server'

// Reading bookings: the one place a row (and its service lines) becomes a Booking.

export type Conn = Knex | Knex.Transaction

export type BookingRow = {
  id: number
  client_id: number
  pet_id: number
  booking_type: BookingType
  drop_off_date: string
  pick_up_date: string
  days: number
  daily_price_cents: number
  total_cents: number
  pet_name: string
  pet_type: PetType
  status: BookingStatus
  checked_in_at: string | null
  checked_out_at: string | null
  cancelled_at: string | null
  no_show_at: string | null
  adjustment_count: number
}

export const BOOKING_COLUMNS = [
  'b.id',
  'b.client_id',
  'b.pet_id',
  'b.booking_type',
  'b.days',
  'b.daily_price_cents',
  'b.total_cents',
  'p.name as pet_name',
  'p.type as pet_type',
  'b.status',
  'b.adjustment_count',
] as const

/** Drop-off and pick-up leave the database as text in one fixed shape on both drivers. */
/** A timestamp column read as hotel wall time text, 'YYYY-MM-DD HH:MM:SS', named `as`. */
export const wallColumn = (db: Conn, column: string, as: string) =>
  db.raw(`to_char(${column}, 'YYYY-MM-DD HH24:MI:SS') as ${as}`)

export const wallTimes = (db: Conn) => [
  db.raw(`to_char(b.drop_off_at, 'YYYY-MM-DD HH24:MI:SS') as drop_off_date`),
  db.raw(`to_char(b.pick_up_at, 'YYYY-MM-DD HH24:MI:SS') as pick_up_date`),
  db.raw(`to_char(b.checked_in_at, 'YYYY-MM-DD HH24:MI:SS') as checked_in_at`),
  db.raw(`to_char(b.checked_out_at, 'YYYY-MM-DD HH24:MI:SS') as checked_out_at`),
  db.raw(`to_char(b.cancelled_at, 'YYYY-MM-DD HH24:MI:SS') as cancelled_at`),
  db.raw(`to_char(b.no_show_at, 'YYYY-MM-DD HH24:MI:SS') as no_show_at`),
]

/**
 * Joins the one row of `table` whose id is `key`, as `alias`. `byKey` looks
 * it up by primary key for each row of the query: for queries that return a
 * handful of bookings out of many (a day's stays, the stays under way). As a
 * plain join PostgreSQL may hash the whole of `table` — every pet or client
 * the hotel has ever had — to match them (its estimate of a range's rows is
 * rough), a cost that grows with the hotel; the LIMIT keeps the lateral
 * subquery from being merged back into a join. Not for long lists: there one
 * pass over the table beats a lookup per row. No row (a former guest's)
 * means no result row either way.
 */
export function joinRow<Q extends Knex.QueryBuilder>(
  q: Q,
  table: 'pets' | 'users',
  alias: string,
  key: string,
  { byKey }: { byKey: boolean },
): Q {
  return (
    byKey
      ? q.joinRaw(
          `cross join lateral (select * from ${table} where ${table}.id = ${key} limit 1) as ${alias}`,
        )
      : q.join({ [alias]: table }, `${alias}.id`, key)
  ) as Q
}

/**
 * Bookings (alias b) with their pet (alias p) and the columns a Booking
 * needs. A cancelled booking is gone for every reader but staff looking at
 * the history, who ask for it with `withCancelled`. `fewRows`: the query
 * picks a handful of bookings out of many, so each pet is looked up by key
 * (`joinRow`).
 */
export function bookingQuery(db: Conn, { withCancelled = false, fewRows = false } = {}) {
  const q = joinRow(db({ b: 'bookings' }), 'pets', 'p', 'b.pet_id', { byKey: fewRows })
    .select(...BOOKING_COLUMNS)
    .select(...wallTimes(db))
  return withCancelled ? q : whereNotCancelled(q)
}

type AdjustmentRow = PriceAdjustment & { booking_id: number }
type AdjustmentLineRow = Omit<AdjustmentRow, 'amount'> & { amount_cents: number }

/** The price lines of bookings (`ids`: their ids as an array, `toPgArray`). */
const adjustmentsQuery = (db: Conn, ids: string) =>
  db({ a: 'booking_adjustments' })
    .leftJoin({ u: 'users' }, 'u.id', 'a.actor_id')
    .select(
      'a.id',
      'a.booking_id',
      'a.amount_cents',
      'a.reason',
      'u.fname as by',
      db.raw(`to_char(a.created_at, 'YYYY-MM-DD HH24:MI:SS') as created_at`),
    )
    .whereRaw('a.booking_id = ANY(?::int[])', [ids])
    .orderBy('a.id')

export type LineRow = {
  booking_id: number
  service_id: number
  service_name: string
  price_cents: number
}
/** The booked lines of bookings (`ids`: their ids as an array, `toPgArray`), by booking. */
export const linesQuery = (db: Conn, ids: string) =>
  db('booking_services')
    .select('booking_id', 'service_id', 'service_name', 'price_cents')
    .whereRaw('booking_id = ANY(?::int[])', [ids])
    .orderBy([{ column: 'booking_id' }, { column: 'id' }])

type Found = {
  lines: LineRow[]
  vaccinations?: Parameters<typeof recordsByPet>[0]
  adjustments?: AdjustmentLineRow[]
}

/**
 * A booking list's details in one round trip, a prepared statement compiled
 * once for each combination (the records only when a stay is still
 * expected, the price lines only when a booking has any). Each list of ids
 * is one bound array (`toPgArray`).
 */
const detailsQuery = (
  db: Conn,
  { ids, pets, adjusted }: { ids: string; pets?: string; adjusted?: string },
) =>
  oneRoundTripQuery(
    db,
    {
      lines: linesQuery(db, ids),
      ...(pets === undefined ? {} : { vaccinations: vaccinationsQuery(db, pets) }),
      ...(adjusted === undefined ? {} : { adjustments: adjustmentsQuery(db, adjusted) }),
    },
    { prepared: true },
  )

const DETAILS = {
  lines: compiledOnce((db, ids: string) => detailsQuery(db, { ids })),
  withRecords: compiledOnce((db, ids: string, pets: string) => detailsQuery(db, { ids, pets })),
  withAdjustments: compiledOnce((db, ids: string, adjusted: string) =>
    detailsQuery(db, { ids, adjusted }),
  ),
  all: compiledOnce((db, ids: string, pets: string, adjusted: string) =>
    detailsQuery(db, { ids, pets, adjusted }),
  ),
}

/**
 * Adds to booking rows their booked lines, the vaccines each stay lacks and
 * their price lines — lookups by key, read in one round trip (a prepared
 * statement); the vaccination records only when a stay is still expected, the
 * price lines only for bookings that have any — and their services' staff,
 * from the services' cache (`staffByService`).
 */
export async function hydrate(db: Conn, rows: BookingRow[], now: WallDateTime): Promise<Booking[]> {
  if (rows.length === 0) return []
  const ids = toPgArray(rows.map((r) => r.id))
  const judged = staysToJudge(rows)
  const adjusted = rows.filter((r) => r.adjustment_count > 0).map((r) => r.id)
  const settings = judged.length ? await settingsSeenBy(db) : null
  const staffByServiceId = await staffByService(db)
  const pets = toPgArray([...new Set(judged.map((s) => s.pet_id))])
  const statement =
    judged.length && adjusted.length
      ? DETAILS.all(db, ids, pets, toPgArray(adjusted))
      : judged.length
        ? DETAILS.withRecords(db, ids, pets)
        : adjusted.length
          ? DETAILS.withAdjustments(db, ids, toPgArray(adjusted))
          : DETAILS.lines(db, ids)
  const {
    rows: [found],
  } = (await statement) as { rows: [Found] }
  const missing = settings
    ? missingVaccinesOfStays(rows, recordsByPet(found.vaccinations ?? []), settings)
    : rows.map(() => [])
  const adjustments = groupBy(
    // The amount joins the rest pattern's object; spread into a new one it
    // would cost V8's slow copy per line (decision 055).
    (found.adjustments ?? []).map(({ amount_cents, ...line }) =>
      Object.assign(line, { amount: centsToDollars(amount_cents) }),
    ),
    (l) => l.booking_id,
  )
  const linesByBooking = groupBy(found.lines, (l) => l.booking_id)
  return rows.map((r, i) =>
    toBooking(r, {
      lines: linesByBooking.get(r.id) ?? [],
      staffByService: staffByServiceId,
      now,
      missing: missing[i],
      adjustments: (adjustments.get(r.id) ?? []).map(({ booking_id: _b, ...line }) => line),
    }),
  )
}

/**
 * A Booking, built as one object literal. (It used to be built without its
 * last two fields and spread into another object with them: built once, the
 * busy day's ~60 stays cost the server 0.73–0.85 ms a request instead of 1.0.)
 */
function toBooking(
  r: BookingRow,
  {
    lines,
    staffByService,
    now,
    missing,
    adjustments,
  }: {
    lines: LineRow[]
    staffByService: StaffByService
    now: WallDateTime
    missing: Booking['vaccinations_missing']
    adjustments: Booking['adjustments']
  },
): Booking {
  return {
    id: r.id,
    client_id: r.client_id,
    pet_id: r.pet_id,
    booking_type: r.booking_type,
    drop_off_date: r.drop_off_date,
    pick_up_date: r.pick_up_date,
    services: lines.map((l) => ({
      id: l.service_id,
      service: l.service_name,
      price: centsToDollars(l.price_cents),
      staff: (staffByService[l.service_id] ?? []).map(({ id, fname, lname }) => ({
        id,
        fname,
        lname,
      })),
    })),
    daily_price: centsToDollars(r.daily_price_cents),
    days: r.days,
    total: centsToDollars(r.total_cents),
    pet: { id: r.pet_id, name: r.pet_name, type: r.pet_type },
    started: isStarted(r, now),
    status: r.status,
    checked_in_at: r.checked_in_at,
    checked_out_at: r.checked_out_at,
    cancelled_at: r.cancelled_at,
    no_show_at: r.no_show_at,
    vaccinations_missing: missing,
    adjustments,
  }
}

export async function readBooking(
  db: Conn,
  id: number,
  now: WallDateTime,
  options: { withCancelled?: boolean } = {},
): Promise<Booking | null> {
  // By key: a prepared statement (app/infra/prepared-statements.server.ts).
  const row = (await bookingQuery(db, options).where('b.id', id).first().options(PREPARED)) as
    BookingRow | undefined
  if (!row) return null
  const [booking] = await hydrate(db, [row], now)
  return booking
}

function groupBy<T, K>(items: T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>()
  for (const item of items) {
    const k = key(item)
    const list = out.get(k)
    if (list) list.push(item)
    else out.set(k, [item])
  }
  return out
}
