import type { Knex } from 'knex'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { now } from '~/infra/clock.server'
import {
  centsToDollars,
  coveredDates,
  occupiedDates,
  priceBooking,
  type BookingType,
} from '~/domain/booking-rules'
import {
  addDays,
  datesFrom,
  hotelWallClock,
  parseWallDateTime,
  type IsoDate,
  type WallDateTime,
} from '~/domain/hotel-time'
import { BOOKING_MESSAGES, checkBookingSchedule, type ScheduleField } from '~/schemas/booking'
import {
  capacityOf,
  dailyPriceCentsOf,
  getHotelSettings,
  UNIT_LABELS,
  type CapacityUnit,
  type HotelSettings,
} from './hotel-settings.server'
import { isAdmin, type User } from './user.server'

// The booking engine: the only code that reads or writes bookings. Every write
// runs in ONE transaction that takes its locks in a fixed order — the pet row,
// the booking row, the settings row (shared), the chosen services (shared),
// then one capacity_locks row per (date, unit) in date order — and only then
// counts and writes. So two requests for the last kennel, a double-submitted
// form or an update racing a create queue up instead of racing, on PGlite
// (one connection) and on PostgreSQL (many). Inside a transaction only `trx`
// is used: on PGlite the root knex would wait forever for the one connection.

// ---- shapes ----

export type StaffRef = { id: number; fname: string; lname: string }

/** A booked service line: the service's id, and its name and price as booked. */
export type BookedService = { id: number; service: string; price: number; staff: StaffRef[] }

/** The Booking of spec §3, with the extra fields days, total, pet and started. */
export type Booking = {
  id: number
  client_id: number
  pet_id: number
  booking_type: BookingType
  drop_off_date: WallDateTime
  pick_up_date: WallDateTime
  services: BookedService[]
  daily_price: number
  days: number
  total: number
  pet: { id: number; name: string; type: 'cat' | 'dog' }
  started: boolean
}

export type BookingInput = {
  client_id: number
  pet_id: number
  booking_type: BookingType
  drop_off_date: WallDateTime
  pick_up_date: WallDateTime
  services: number[]
}

/** Failures a route turns into a JSON error or a form message. */
export class BookingError extends Error {
  constructor(
    public status: 400 | 403 | 404 | 409,
    message: string,
    public errors?: Record<string, string>,
  ) {
    super(message)
  }
}

export const STARTED_MESSAGE = BOOKING_MESSAGES.started

/** The longest possible stay, in days (the bookings_stay_at_most_366_days constraint). */
const MAX_STAY_DAYS = 366
export const CURRENT_BOOKING_MESSAGE =
  'This pet already has a booking that has not been picked up yet'
export const OVERLAP_MESSAGE = 'This pet already has a booking at that time'

/** The hotel's wall-clock reading of now (clock.server, so tests can pin it). */
export function hotelNow(): WallDateTime {
  return hotelWallClock(now(), getEnv().HOTEL_TIMEZONE)
}

export function hotelTodayDate(): IsoDate {
  return hotelNow().slice(0, 10)
}

export function unitFor(type: BookingType, petType: 'cat' | 'dog'): CapacityUnit {
  if (type === 'day_care') return 'day_care'
  return petType === 'dog' ? 'dog_kennel' : 'cat_condo'
}

// ---- reading ----

type Conn = Knex | Knex.Transaction

type BookingRow = {
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
  pet_type: 'cat' | 'dog'
}

// Timestamps leave the database as text in one fixed shape on both drivers.
const BOOKING_COLUMNS = [
  'b.id',
  'b.client_id',
  'b.pet_id',
  'b.booking_type',
  'b.days',
  'b.daily_price_cents',
  'b.total_cents',
  'p.name as pet_name',
  'p.type as pet_type',
] as const

function bookingQuery(db: Conn) {
  return db({ b: 'bookings' })
    .join({ p: 'pets' }, 'p.id', 'b.pet_id')
    .select(...BOOKING_COLUMNS)
    .select(
      db.raw(`to_char(b.drop_off_at, 'YYYY-MM-DD HH24:MI:SS') as drop_off_date`),
      db.raw(`to_char(b.pick_up_at, 'YYYY-MM-DD HH24:MI:SS') as pick_up_date`),
    )
}

type LineRow = { booking_id: number; service_id: number; service_name: string; price_cents: number }
type StaffRow = { service_id: number; id: number; fname: string; lname: string }

/** Adds the booked lines (and their services' staff) to booking rows, in two queries. */
async function hydrate(
  db: Conn,
  rows: BookingRow[],
  nowWall: WallDateTime,
  { all = false } = {},
): Promise<Booking[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const linesQuery = db('booking_services')
    .select('booking_id', 'service_id', 'service_name', 'price_cents')
    .orderBy([{ column: 'booking_id' }, { column: 'id' }])
  // One array parameter, never one parameter per id (150,000 bookings exceed the protocol's limit).
  if (!all) linesQuery.whereRaw('booking_id = ANY(?::int[])', [toPgArray(ids)])
  const lines = (await linesQuery) as LineRow[]
  const serviceIds = [...new Set(lines.map((l) => l.service_id))]
  const staff = serviceIds.length
    ? ((await db({ ss: 'service_staff' })
        .join({ u: 'users' }, 'u.id', 'ss.user_id')
        .select('ss.service_id', 'u.id', 'u.fname', 'u.lname')
        .whereRaw('ss.service_id = ANY(?::int[])', [toPgArray(serviceIds)])
        .orderBy([{ column: 'ss.service_id' }, { column: 'u.id' }])) as StaffRow[])
    : []
  const staffByService = groupBy(staff, (s) => s.service_id)
  const linesByBooking = groupBy(lines, (l) => l.booking_id)
  return rows.map((r) => toBooking(r, linesByBooking.get(r.id) ?? [], staffByService, nowWall))
}

function toBooking(
  r: BookingRow,
  lines: LineRow[],
  staffByService: Map<number, StaffRow[]>,
  nowWall: WallDateTime,
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
      staff: (staffByService.get(l.service_id) ?? []).map(({ id, fname, lname }) => ({
        id,
        fname,
        lname,
      })),
    })),
    daily_price: centsToDollars(r.daily_price_cents),
    days: r.days,
    total: centsToDollars(r.total_cents),
    pet: { id: r.pet_id, name: r.pet_name, type: r.pet_type },
    started: r.drop_off_date <= nowWall,
  }
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

/** A PostgreSQL array literal for integer ids ('{1,2,3}'); both drivers pass it as text. */
function toPgArray(ids: number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`
}

async function readBooking(db: Conn, id: number, nowWall: WallDateTime): Promise<Booking | null> {
  const row = (await bookingQuery(db).where('b.id', id).first()) as BookingRow | undefined
  if (!row) return null
  const [booking] = await hydrate(db, [row], nowWall)
  return booking
}

const canManageBooking = (viewer: User, booking: { client_id: number }) =>
  isAdmin(viewer) || booking.client_id === viewer.id

/** GET /api/bookings/{id}: the client it belongs to, the Owner and Managers. */
export async function getBooking({ id, viewer }: { id: number; viewer: User }): Promise<Booking> {
  const db = await getDb()
  const booking = await readBooking(db, id, hotelNow())
  if (!booking) throw new BookingError(404, 'Booking not found')
  if (!canManageBooking(viewer, booking)) throw new BookingError(403, 'Unauthorized')
  return booking
}

/** Every booking (GET /api/bookings), Owner/Manager only, in id order. */
export async function listAllBookings({ viewer }: { viewer: User }): Promise<Booking[]> {
  if (!isAdmin(viewer)) throw new BookingError(403, 'Unauthorized')
  const db = await getDb()
  const rows = (await bookingQuery(db).orderBy('b.id')) as BookingRow[]
  return hydrate(db, rows, hotelNow(), { all: true })
}

/** The viewer's own bookings (GET /api/bookings/user), by drop-off. */
export async function listUserBookings({ viewer }: { viewer: User }): Promise<Booking[]> {
  const db = await getDb()
  const rows = (await bookingQuery(db)
    .where('b.client_id', viewer.id)
    .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])) as BookingRow[]
  return hydrate(db, rows, hotelNow())
}

type PetRef = { id: number; name: string; type: 'cat' | 'dog'; owner_id: number }

async function requirePetViewable(db: Conn, petId: number, viewer: User): Promise<PetRef> {
  const pet = (await db('pets')
    .select('id', 'name', 'type', 'owner_id')
    .where({ id: petId })
    .first()) as PetRef | undefined
  if (!pet) throw new BookingError(404, 'Pet not found')
  if (!viewer.staff && pet.owner_id !== viewer.id) throw new BookingError(403, 'Unauthorized')
  return pet
}

/** A pet's current booking (the one not yet picked up), for its owner or any staff. */
export async function getCurrentPetBooking({
  petId,
  viewer,
}: {
  petId: number
  viewer: User
}): Promise<Booking | null> {
  const db = await getDb()
  await requirePetViewable(db, petId, viewer)
  const nowWall = hotelNow()
  const row = (await bookingQuery(db)
    .where('b.pet_id', petId)
    .where('b.pick_up_at', '>', nowWall)
    .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])
    .first()) as BookingRow | undefined
  if (!row) return null
  const [booking] = await hydrate(db, [row], nowWall)
  return booking
}

export type PetBookings = {
  /** The booking not yet picked up, if any (a pet has at most one). */
  current: Booking | null
  /** Bookings already picked up, newest first (at most `pastLimit`). */
  past: Booking[]
  /** Whether older past bookings exist beyond `past`. */
  morePast: boolean
}

/**
 * A pet's bookings for its page: the current one and its history. Its owner
 * and staff only (403 otherwise, 404 for a missing pet).
 */
export async function listPetBookings({
  petId,
  viewer,
  pastLimit = 50,
}: {
  petId: number
  viewer: User
  pastLimit?: number
}): Promise<PetBookings> {
  const db = await getDb()
  await requirePetViewable(db, petId, viewer)
  const nowWall = hotelNow()
  const currentRows = (await bookingQuery(db)
    .where('b.pet_id', petId)
    .where('b.pick_up_at', '>', nowWall)
    .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])) as BookingRow[]
  const pastRows = (await bookingQuery(db)
    .where('b.pet_id', petId)
    .where('b.pick_up_at', '<=', nowWall)
    .orderBy([
      { column: 'b.pick_up_at', order: 'desc' },
      { column: 'b.id', order: 'desc' },
    ])
    .limit(pastLimit + 1)) as BookingRow[]
  const hydrated = await hydrate(db, [...currentRows, ...pastRows.slice(0, pastLimit)], nowWall)
  return {
    current: hydrated[0] && currentRows.length ? hydrated[0] : null,
    past: hydrated.slice(currentRows.length),
    morePast: pastRows.length > pastLimit,
  }
}

/** Every booking covering a date (drop-off date ≤ date ≤ pick-up date), staff only. */
export async function listBookingsCoveringDate({
  date,
  viewer,
}: {
  date: IsoDate
  viewer: User
}): Promise<Booking[]> {
  if (!viewer.staff) throw new BookingError(403, 'Unauthorized')
  const db = await getDb()
  const rows = (await coveringQuery(db, date, date)
    .select(...BOOKING_COLUMNS)
    .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])) as BookingRow[]
  return hydrate(db, rows, hotelNow())
}

/** Bookings whose stay (drop-off date through pick-up date) touches [from, to]. */
function coveringQuery(db: Conn, from: IsoDate, to: IsoDate) {
  return (
    db({ b: 'bookings' })
      .join({ p: 'pets' }, 'p.id', 'b.pet_id')
      .select(
        db.raw(`to_char(b.drop_off_at, 'YYYY-MM-DD HH24:MI:SS') as drop_off_date`),
        db.raw(`to_char(b.pick_up_at, 'YYYY-MM-DD HH24:MI:SS') as pick_up_date`),
      )
      .where('b.drop_off_at', '<', `${addDays(to, 1)} 00:00:00`)
      .where('b.pick_up_at', '>=', `${from} 00:00:00`)
      // Sound because no stay is longer (a CHECK constraint): lets the planner
      // read a bounded range of drop-offs instead of every later pick-up.
      .where('b.drop_off_at', '>=', `${addDays(from, -MAX_STAY_DAYS)} 00:00:00`)
  )
}

export type BookingListItem = Booking & { client: { id: number; fname: string; lname: string } }

/**
 * One page of all bookings for /bookings (Owner/Manager): upcoming ones (not
 * yet picked up) soonest first, or past ones newest first. LIMIT/OFFSET on the
 * indexed drop-off/pick-up order, so 150,000 bookings cost what 50 do.
 */
export async function listBookingsPage({
  viewer,
  when,
  page,
  pageSize = 50,
}: {
  viewer: User
  when: 'upcoming' | 'past'
  page: number
  pageSize?: number
}): Promise<{ bookings: BookingListItem[]; hasMore: boolean }> {
  if (!isAdmin(viewer)) throw new BookingError(403, 'Unauthorized')
  const db = await getDb()
  const nowWall = hotelNow()
  type Row = BookingRow & { client_fname: string; client_lname: string }
  const listQuery = () =>
    bookingQuery(db)
      .join({ u: 'users' }, 'u.id', 'b.client_id')
      .select('u.fname as client_fname', 'u.lname as client_lname')
  const start = (Math.max(1, page) - 1) * pageSize
  let rows: Row[]
  if (when === 'upcoming') {
    // Stays under way (dropped off, not yet picked up) come first: a handful,
    // found within the last MAX_STAY_DAYS of drop-offs. Then future drop-offs,
    // read straight off the drop-off index from now on. Scanning all drop-offs
    // from the first one ever would pass every past booking on the way.
    const underWay = (await listQuery()
      .where('b.drop_off_at', '<=', nowWall)
      .where(
        'b.drop_off_at',
        '>',
        `${addDays(nowWall.slice(0, 10), -MAX_STAY_DAYS)} ${nowWall.slice(11)}`,
      )
      .where('b.pick_up_at', '>', nowWall)
      .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])) as Row[]
    const fromUnderWay = underWay.slice(start, start + pageSize + 1)
    const need = pageSize + 1 - fromUnderWay.length
    const future = need
      ? ((await listQuery()
          .where('b.drop_off_at', '>', nowWall)
          .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])
          .limit(need)
          .offset(Math.max(0, start - underWay.length))) as Row[])
      : []
    rows = [...fromUnderWay, ...future]
  } else {
    rows = (await listQuery()
      .where('b.pick_up_at', '<=', nowWall)
      // Implied (drop-off precedes pick-up), and it starts the index scan at now, not at the last booking ever.
      .where('b.drop_off_at', '<', nowWall)
      .orderBy([
        { column: 'b.drop_off_at', order: 'desc' },
        { column: 'b.id', order: 'desc' },
      ])
      .limit(pageSize + 1)
      .offset(start)) as Row[]
  }
  const shown = rows.slice(0, pageSize)
  const bookings = await hydrate(db, shown, nowWall)
  return {
    bookings: bookings.map((b, i) => ({
      ...b,
      client: { id: b.client_id, fname: shown[i].client_fname, lname: shown[i].client_lname },
    })),
    hasMore: rows.length > pageSize,
  }
}

// ---- the page's reference data ----

export type BookablePet = {
  id: number
  name: string
  type: 'cat' | 'dog'
  owner_id: number
  owner_name: string
}

/** The pet a booking page is for: its owner or staff only. */
export async function getBookablePet({
  petId,
  viewer,
}: {
  petId: number
  viewer: User
}): Promise<BookablePet> {
  const db = await getDb()
  const pet = await requirePetViewable(db, petId, viewer)
  const owner = await db('users').select('fname', 'lname').where({ id: pet.owner_id }).first()
  return { ...pet, owner_name: owner ? `${owner.fname} ${owner.lname}` : '' }
}

export type BookableService = { id: number; service: string; price_cents: number }

/** Services a booking may choose now (not deleted), by name. */
export async function listBookableServices(): Promise<BookableService[]> {
  const db = await getDb()
  return db('services')
    .select('id', 'service', 'price_cents')
    .whereNull('deleted_at')
    .orderBy([{ column: 'service' }, { column: 'id' }])
}

export type Quote = {
  days: number
  daily_price_cents: number
  days_cents: number
  services: BookableService[]
  total_cents: number
}

/**
 * What a booking would cost at today's prices, without booking it (the page's
 * "Show total" without JavaScript). Unknown or withdrawn services → 400.
 */
export async function quoteBooking({
  input,
}: {
  input: Pick<BookingInput, 'booking_type' | 'drop_off_date' | 'pick_up_date' | 'services'>
}): Promise<Quote> {
  const db = await getDb()
  const settings = await getHotelSettings()
  const services = (await db('services')
    .select('id', 'service', 'price_cents')
    .whereIn('id', input.services)
    .whereNull('deleted_at')) as BookableService[]
  const missing = input.services.filter((id) => !services.some((s) => s.id === id))
  if (missing.length)
    throw new BookingError(400, 'Could not price the booking', {
      services: `Service ${missing[0]} does not exist`,
    })
  const ordered = input.services.map((id) => services.find((s) => s.id === id)!)
  const price = priceBooking({
    type: input.booking_type,
    dropOff: input.drop_off_date,
    pickUp: input.pick_up_date,
    dailyPriceCents: dailyPriceCentsOf(settings, input.booking_type),
    servicePricesCents: ordered.map((s) => s.price_cents),
  })
  return {
    days: price.days,
    daily_price_cents: price.dailyPriceCents,
    days_cents: price.daysCents,
    services: ordered,
    total_cents: price.totalCents,
  }
}

// ---- occupancy ----

export type Occupancy = Record<CapacityUnit, number>

function unitRowsQuery(db: Conn, from: IsoDate, to: IsoDate) {
  return coveringQuery(db, from, to).select('b.id', 'b.booking_type', 'p.type as pet_type')
}

type UnitRow = {
  id: number
  booking_type: BookingType
  pet_type: 'cat' | 'dog'
  drop_off_date: string
  pick_up_date: string
}

function countByDate(rows: UnitRow[], from: IsoDate, to: IsoDate): Map<IsoDate, Occupancy> {
  const out = new Map<IsoDate, Occupancy>()
  for (const d of datesFrom(from, addDays(to, 1)))
    out.set(d, { dog_kennel: 0, cat_condo: 0, day_care: 0 })
  for (const r of rows) {
    const unit = unitFor(r.booking_type, r.pet_type)
    for (const d of occupiedDates(r.booking_type, r.drop_off_date, r.pick_up_date)) {
      const o = out.get(d)
      if (o) o[unit] += 1
    }
  }
  return out
}

/** Places taken per date and unit over [from, to]: boarding per night, day care per day. */
export async function occupancyByDate({ from, to }: { from: IsoDate; to: IsoDate }): Promise<{
  days: { date: IsoDate; occupancy: Occupancy }[]
  capacity: Occupancy
}> {
  const db = await getDb()
  const rows = (await unitRowsQuery(db, from, to)) as UnitRow[]
  const settings = await getHotelSettings()
  const counts = countByDate(rows, from, to)
  return {
    days: [...counts].map(([date, occupancy]) => ({ date, occupancy })),
    capacity: {
      dog_kennel: settings.dog_kennels,
      cat_condo: settings.cat_condos,
      day_care: settings.day_care_places,
    },
  }
}

/**
 * Dates in [from, to] with no place left for a pet of this type, per booking
 * type; `excludeBookingId` leaves out the booking being changed.
 */
export async function listFullDates({
  petType,
  from,
  to,
  excludeBookingId,
}: {
  petType: 'cat' | 'dog'
  from: IsoDate
  to: IsoDate
  excludeBookingId?: number
}): Promise<Record<BookingType, IsoDate[]>> {
  const db = await getDb()
  const rows = ((await unitRowsQuery(db, from, to)) as UnitRow[]).filter(
    (r) => r.id !== excludeBookingId,
  )
  const settings = await getHotelSettings()
  const counts = countByDate(rows, from, to)
  const full = (unit: CapacityUnit) =>
    [...counts].filter(([, o]) => o[unit] >= capacityOf(settings, unit)).map(([d]) => d)
  return { day_care: full('day_care'), boarding_care: full(unitFor('boarding_care', petType)) }
}

// ---- the staff day sheet ----

export type DaySheetEntry = {
  booking: Booking
  owner: { id: number; fname: string; lname: string; phone_num: string }
  pet: {
    id: number
    name: string
    type: 'cat' | 'dog'
    breed: string
    behavior: string
    dietary_note: string
    medication_note: string
  }
}

export type DaySheet = {
  date: IsoDate
  arrivals: DaySheetEntry[]
  departures: DaySheetEntry[]
  staying: DaySheetEntry[]
  dayCare: DaySheetEntry[]
  occupancy: Occupancy
  capacity: Occupancy
}

/**
 * The day's sheet for staff: boarding arrivals (drop-offs by time),
 * departures (pick-ups by time), pets staying over, and day-care pets —
 * each booking in exactly one list — with occupancy against capacity.
 */
export async function getDaySheet({
  date,
  viewer,
}: {
  date: IsoDate
  viewer: User
}): Promise<DaySheet> {
  if (!viewer.staff) throw new BookingError(403, 'Unauthorized')
  const db = await getDb()
  const rows = (await coveringQuery(db, date, date)
    .join({ u: 'users' }, 'u.id', 'b.client_id')
    .select(...BOOKING_COLUMNS)
    .select(
      'p.breed',
      'p.behavior',
      'p.dietary_note',
      'p.medication_note',
      'u.fname as owner_fname',
      'u.lname as owner_lname',
      'u.phone_num as owner_phone',
    )
    .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])) as (BookingRow & {
    breed: string
    behavior: string
    dietary_note: string
    medication_note: string
    owner_fname: string
    owner_lname: string
    owner_phone: string
  })[]
  const bookings = await hydrate(db, rows, hotelNow())
  const sheet: DaySheet = {
    date,
    arrivals: [],
    departures: [],
    staying: [],
    dayCare: [],
    occupancy: { dog_kennel: 0, cat_condo: 0, day_care: 0 },
    capacity: { dog_kennel: 0, cat_condo: 0, day_care: 0 },
  }
  rows.forEach((r, i) => {
    const entry: DaySheetEntry = {
      booking: bookings[i],
      owner: {
        id: r.client_id,
        fname: r.owner_fname,
        lname: r.owner_lname,
        phone_num: r.owner_phone,
      },
      pet: {
        id: r.pet_id,
        name: r.pet_name,
        type: r.pet_type,
        breed: r.breed,
        behavior: r.behavior,
        dietary_note: r.dietary_note,
        medication_note: r.medication_note,
      },
    }
    const list = daySheetListFor(r, date)
    if (list) sheet[list].push(entry)
    if (occupiedDates(r.booking_type, r.drop_off_date, r.pick_up_date).includes(date))
      sheet.occupancy[unitFor(r.booking_type, r.pet_type)] += 1
  })
  const byTime = (key: 'drop_off_date' | 'pick_up_date') => (a: DaySheetEntry, b: DaySheetEntry) =>
    a.booking[key].localeCompare(b.booking[key]) || a.booking.id - b.booking.id
  sheet.arrivals.sort(byTime('drop_off_date'))
  sheet.departures.sort(byTime('pick_up_date'))
  sheet.staying.sort((a, b) => a.pet.name.localeCompare(b.pet.name) || a.booking.id - b.booking.id)
  sheet.dayCare.sort(byTime('drop_off_date'))
  const settings = await getHotelSettings()
  sheet.capacity = {
    dog_kennel: settings.dog_kennels,
    cat_condo: settings.cat_condos,
    day_care: settings.day_care_places,
  }
  return sheet
}

/** Which list of a date's sheet a booking belongs to (null when it does not cover the date). */
export function daySheetListFor(
  b: { booking_type: BookingType; drop_off_date: string; pick_up_date: string },
  date: IsoDate,
): 'arrivals' | 'departures' | 'staying' | 'dayCare' | null {
  if (!coveredDates(b.drop_off_date, b.pick_up_date).includes(date)) return null
  if (b.booking_type === 'day_care') return 'dayCare'
  if (b.drop_off_date.slice(0, 10) === date) return 'arrivals'
  if (b.pick_up_date.slice(0, 10) === date) return 'departures'
  return 'staying'
}

// ---- writing ----

const SCHEDULE_TO_API: Record<ScheduleField, keyof BookingInput> = {
  dropOffDate: 'drop_off_date',
  dropOffTime: 'drop_off_date',
  pickUpDate: 'pick_up_date',
  pickUpTime: 'pick_up_date',
}

function assertSchedule(input: BookingInput, nowWall: WallDateTime, message: string) {
  const errors: Record<string, string> = {}
  checkBookingSchedule(
    {
      type: input.booking_type,
      dropOff: parseWallDateTime(input.drop_off_date) ?? undefined,
      pickUp: parseWallDateTime(input.pick_up_date) ?? undefined,
    },
    nowWall,
    (field, msg) => {
      errors[SCHEDULE_TO_API[field]] ??= msg
    },
  )
  if (Object.keys(errors).length) throw new BookingError(400, message, errors)
}

type ExistingRow = {
  id: number
  client_id: number
  pet_id: number
  drop_off_date: string
  total_cents: number
}

/** Locks a booking (its pet first) and checks it may change: 404, 403, 409 started. */
async function lockExistingBooking(
  trx: Knex.Transaction,
  id: number,
  viewer: User,
  nowWall: WallDateTime,
): Promise<ExistingRow> {
  const found = await trx('bookings').select('pet_id').where({ id }).first()
  if (!found) throw new BookingError(404, 'Booking not found')
  await trx('pets').select('id').where({ id: found.pet_id }).forUpdate()
  const existing = (await trx('bookings')
    .select(
      'id',
      'client_id',
      'pet_id',
      'total_cents',
      trx.raw(`to_char(drop_off_at, 'YYYY-MM-DD HH24:MI:SS') as drop_off_date`),
    )
    .where({ id })
    .forUpdate()
    .first()) as ExistingRow | undefined
  if (!existing) throw new BookingError(404, 'Booking not found')
  if (!canManageBooking(viewer, existing)) throw new BookingError(403, 'Unauthorized')
  if (existing.drop_off_date <= nowWall) throw new BookingError(409, STARTED_MESSAGE)
  return existing
}

/**
 * Checks, outside any write, that a booking exists, the viewer may change it and
 * it has not started — so an update of a started booking answers 409 before its
 * (now past) dates are judged. The write re-checks all of it under its locks.
 */
export async function assertBookingChangeable({
  id,
  viewer,
}: {
  id: number
  viewer: User
}): Promise<void> {
  const db = await getDb()
  const nowWall = hotelNow()
  const row = (await db('bookings')
    .select(
      'id',
      'client_id',
      db.raw(`to_char(drop_off_at, 'YYYY-MM-DD HH24:MI:SS') as drop_off_date`),
    )
    .where({ id })
    .first()) as { client_id: number; drop_off_date: string } | undefined
  if (!row) throw new BookingError(404, 'Booking not found')
  if (!canManageBooking(viewer, row)) throw new BookingError(403, 'Unauthorized')
  if (row.drop_off_date <= nowWall) throw new BookingError(409, STARTED_MESSAGE)
}

/** POST /api/bookings and the booking page. */
export async function createBooking({
  viewer,
  input,
}: {
  viewer: User
  input: BookingInput
}): Promise<Booking> {
  const db = await getDb()
  return withDeadlockRetry(() =>
    db.transaction(async (trx) => {
      const nowWall = hotelNow()
      const id = await writeBooking(trx, {
        viewer,
        input,
        nowWall,
        message: 'Create Booking Failed',
      })
      return (await readBooking(trx, id, nowWall))!
    }),
  )
}

/** PUT /api/bookings/{id}: re-prices at today's prices. */
export async function updateBooking({
  viewer,
  id,
  input,
}: {
  viewer: User
  id: number
  input: BookingInput
}): Promise<{ booking: Booking; previousTotal: number }> {
  const db = await getDb()
  return withDeadlockRetry(() =>
    db.transaction(async (trx) => {
      const nowWall = hotelNow()
      const existing = await lockExistingBooking(trx, id, viewer, nowWall)
      if (input.pet_id !== existing.pet_id)
        throw new BookingError(400, 'Update Booking Failed', {
          pet_id: 'A booking cannot move to another pet',
        })
      if (input.client_id !== existing.client_id)
        throw new BookingError(400, 'Update Booking Failed', {
          client_id: "client_id must be the pet's owner",
        })
      await writeBooking(trx, {
        viewer,
        input,
        nowWall,
        existing,
        message: 'Update Booking Failed',
      })
      return {
        booking: (await readBooking(trx, id, nowWall))!,
        previousTotal: centsToDollars(existing.total_cents),
      }
    }),
  )
}

/** DELETE /api/bookings/{id}. */
export async function deleteBooking({ viewer, id }: { viewer: User; id: number }): Promise<void> {
  const db = await getDb()
  await withDeadlockRetry(() =>
    db.transaction(async (trx) => {
      await lockExistingBooking(trx, id, viewer, hotelNow())
      await trx('bookings').where({ id }).delete()
    }),
  )
}

async function writeBooking(
  trx: Knex.Transaction,
  {
    viewer,
    input,
    nowWall,
    existing,
    message,
  }: {
    viewer: User
    input: BookingInput
    nowWall: WallDateTime
    existing?: ExistingRow
    message: string
  },
): Promise<number> {
  // 1. The pet, locked: one writer per pet at a time.
  const pet = (await trx('pets')
    .select('id', 'name', 'type', 'owner_id')
    .where({ id: input.pet_id })
    .forUpdate()
    .first()) as PetRef | undefined
  if (!pet) throw new BookingError(404, 'Pet not found')
  if (!isAdmin(viewer) && (pet.owner_id !== viewer.id || input.client_id !== viewer.id))
    throw new BookingError(403, 'Unauthorized')
  if (input.client_id !== pet.owner_id)
    throw new BookingError(400, message, { client_id: "client_id must be the pet's owner" })

  assertSchedule(input, nowWall, message)

  // 2. Settings (shared: a settings change waits for bookings in flight) and the chosen services.
  const settings = await getHotelSettings({ trx, lock: 'share' })
  const services = (await trx('services')
    .select('id', 'service', 'price_cents')
    .whereIn('id', input.services)
    .whereNull('deleted_at')
    .forShare()) as BookableService[]
  const missing = input.services.filter((id) => !services.some((s) => s.id === id))
  if (missing.length)
    throw new BookingError(400, message, {
      services:
        missing.length === 1
          ? `Service ${missing[0]} does not exist`
          : `Services ${missing.join(', ')} do not exist`,
    })

  // 3. One current booking per pet, and never two at once.
  const clash = (await trx('bookings')
    .select('id', trx.raw(`pick_up_at > ?::timestamp as is_current`, [nowWall]))
    .where({ pet_id: pet.id })
    .whereNot('id', existing?.id ?? 0)
    .where((q) =>
      q
        .where('pick_up_at', '>', nowWall)
        .orWhere((o) =>
          o
            .where('drop_off_at', '<', input.pick_up_date)
            .where('pick_up_at', '>', input.drop_off_date),
        ),
    )
    .first()) as { id: number; is_current: boolean } | undefined
  if (clash)
    throw new BookingError(409, clash.is_current ? CURRENT_BOOKING_MESSAGE : OVERLAP_MESSAGE)

  // 4. Capacity, under a lock per (date, unit) taken in date order.
  const unit = unitFor(input.booking_type, pet.type)
  const dates = occupiedDates(input.booking_type, input.drop_off_date, input.pick_up_date)
  await assertCapacity(trx, { unit, dates, settings, excludeId: existing?.id })

  // 5. Price at today's prices, fixed on the booking with copies of the lines.
  const dailyPriceCents = dailyPriceCentsOf(settings, input.booking_type)
  const price = priceBooking({
    type: input.booking_type,
    dropOff: input.drop_off_date,
    pickUp: input.pick_up_date,
    dailyPriceCents,
    servicePricesCents: services.map((s) => s.price_cents),
  })
  const values = {
    client_id: input.client_id,
    pet_id: input.pet_id,
    booking_type: input.booking_type,
    drop_off_at: input.drop_off_date,
    pick_up_at: input.pick_up_date,
    days: price.days,
    daily_price_cents: price.dailyPriceCents,
    total_cents: price.totalCents,
    priced_at: trx.fn.now(),
  }
  let id: number
  if (existing) {
    await trx('bookings').where({ id: existing.id }).update(values)
    await trx('booking_services').where({ booking_id: existing.id }).delete()
    id = existing.id
  } else {
    const [row] = await trx('bookings').insert(values).returning('id')
    id = row.id
  }
  const byId = new Map(services.map((s) => [s.id, s]))
  await trx('booking_services').insert(
    input.services.map((serviceId) => ({
      booking_id: id,
      service_id: serviceId,
      service_name: byId.get(serviceId)!.service,
      price_cents: byId.get(serviceId)!.price_cents,
    })),
  )
  return id
}

async function assertCapacity(
  trx: Knex.Transaction,
  {
    unit,
    dates,
    settings,
    excludeId,
  }: { unit: CapacityUnit; dates: IsoDate[]; settings: HotelSettings; excludeId?: number },
) {
  const sorted = [...dates].sort()
  const first = sorted[0]
  const last = sorted[sorted.length - 1]
  // Insert the lock rows that do not exist yet, then lock them all, in date
  // order: every booking transaction takes these locks in the same order, so
  // they queue and never deadlock. The count comes from bookings afterwards.
  await trx('capacity_locks')
    .insert(sorted.map((day) => ({ day, unit })))
    .onConflict(['day', 'unit'])
    .ignore()
  await trx('capacity_locks')
    .select('day')
    .where({ unit })
    .whereBetween('day', [first, last])
    .orderBy('day')
    .forUpdate()

  const q = unitRowsQuery(trx, first, last)
  if (unit === 'day_care') q.where('b.booking_type', 'day_care')
  else
    q.where('b.booking_type', 'boarding_care').where(
      'p.type',
      unit === 'dog_kennel' ? 'dog' : 'cat',
    )
  if (excludeId !== undefined) q.whereNot('b.id', excludeId)
  const rows = (await q) as UnitRow[]
  const counts = countByDate(rows, first, last)
  const capacity = capacityOf(settings, unit)
  const full = sorted.find((d) => (counts.get(d)?.[unit] ?? 0) >= capacity)
  if (full) {
    const text = `Fully booked on ${full}: no ${UNIT_LABELS[unit].many} left`
    throw new BookingError(409, text, { drop_off_date: text })
  }
}

/** PostgreSQL may still pick a deadlock victim (e.g. with other writers); one retry is enough. */
async function withDeadlockRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn()
    } catch (error) {
      const code = (error as { code?: string }).code
      if (attempt < 3 && (code === '40P01' || code === '40001')) continue
      throw error
    }
  }
}
