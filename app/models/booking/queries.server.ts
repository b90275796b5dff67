import type {
  BookableService,
  BookablePet,
  Booking,
  BookingInput,
  BookingListItem,
  PetBookings,
  Quote,
} from '~/domain/booking'
import { priceBooking } from '~/domain/booking-rules'
import { dailyPriceCentsOf } from '~/domain/capacity'
import { forbidden, notFound } from '~/domain/errors'
import type { IsoDate } from '~/domain/hotel-time'
import type { PetType } from '~/domain/pet'
import {
  assertCan,
  canListAllBookings,
  canSeeBooking,
  canSeeDaySheet,
  canSeePet,
} from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import { hotelClock } from '~/infra/clock.server'
import { compiledOnce, getDb, rowsOf } from '~/infra/db.server'
import { PREPARED } from '~/infra/prepared-statements.server'
import { inBatches, offsetOf, readPage } from '../batches.server'
import { getHotelSettings } from '../hotel-settings.server'
import { boundsOf, coveringBetween } from './occupancy.server'
import {
  BOOKING_COLUMNS,
  bookingQuery,
  hydrate,
  joinRow,
  readBooking,
  type BookingRow,
  type Conn,
} from './rows.server'
import { requireBookableServices } from './services.server'
import { whereCurrent, whereNotStarted, whereOver, whereStaying } from './states.server'

// Reading bookings, always as someone: a client reads their own, staff the
// day's, the Owner and Managers all of them.

/**
 * GET /api/bookings/{id}: the client it belongs to, the Owner and Managers.
 * A cancelled booking is gone for its client (404, as after a delete); the
 * Owner and Managers still read it, with its status.
 */
export async function getBooking({ id, actor }: { id: number; actor: Actor }): Promise<Booking> {
  const db = await getDb()
  const booking = await readBooking(db, id, hotelClock().now, {
    withCancelled: canListAllBookings(actor),
  })
  if (!booking) throw notFound('Booking not found')
  assertCan(canSeeBooking(actor, booking))
  return booking
}

/** Every booking (GET /api/bookings), in id order, a batch at a time: the Owner and Managers. */
export function allBookingsInBatches({ actor }: { actor: Actor }): AsyncIterable<Booking[]> {
  assertCan(canListAllBookings(actor))
  const { now } = hotelClock()
  return (async function* () {
    const db = await getDb()
    yield* inBatches<BookingRow, Booking>(
      (after, size) =>
        bookingQuery(db)
          .where('b.id', '>', after?.id ?? 0)
          .orderBy('b.id')
          .limit(size),
      (rows) => hydrate(db, rows, now),
    )
  })()
}

/** A page of every booking by id: compiled once, its limit and offset bound. */
const ALL_BOOKINGS_PAGE = compiledOnce((db, limit: number, offset: number) =>
  bookingQuery(db).orderBy('b.id').limit(limit).offset(offset),
)

/** One page of every booking, in id order (GET /api/bookings?page=): the Owner and Managers. */
export async function listAllBookingsPage({
  actor,
  paging,
}: {
  actor: Actor
  paging: { page: number; limit: number }
}): Promise<{ items: Booking[]; hasMore: boolean }> {
  assertCan(canListAllBookings(actor))
  const db = await getDb()
  const offset = offsetOf(paging)
  const rows = await readPage<BookingRow>(ALL_BOOKINGS_PAGE(db, paging.limit + 1, offset), offset)
  const items = await hydrate(db, rows.slice(0, paging.limit), hotelClock().now)
  return { items, hasMore: rows.length > paging.limit }
}

// A client's own bookings, read on every visit to their pages: compiled once
// and prepared (on the read pipeline), each through the client_id index.
const OWN_BOOKINGS = compiledOnce((db, clientId: number) =>
  bookingQuery(db)
    .where('b.client_id', clientId)
    .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])
    .options(PREPARED),
)
const OWN_CURRENT = compiledOnce((db, clientId: number, now: string) =>
  whereCurrent(bookingQuery(db).where('b.client_id', clientId), now)
    .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])
    .options(PREPARED),
)
const OWN_OVER = compiledOnce((db, clientId: number, now: string) =>
  whereOver(bookingQuery(db).where('b.client_id', clientId), now)
    .orderBy([
      { column: 'b.drop_off_at', order: 'desc' },
      { column: 'b.id', order: 'desc' },
    ])
    .options(PREPARED),
)

/** The actor's own bookings (GET /api/bookings/user), by drop-off. */
export async function listOwnBookings({ actor }: { actor: Actor }): Promise<Booking[]> {
  assertCan(!!actor)
  const db = await getDb()
  const rows = await rowsOf<BookingRow>(OWN_BOOKINGS(db, actor!.id))
  return hydrate(db, rows, hotelClock().now)
}

/**
 * /my-bookings: the actor's own bookings across all their pets — upcoming and
 * current stays (not yet picked up) soonest first, then past ones most recent first.
 */
export async function listMyBookings({
  actor,
}: {
  actor: Actor
}): Promise<{ upcoming: Booking[]; past: Booking[] }> {
  assertCan(!!actor)
  const db = await getDb()
  const { now } = hotelClock()
  const [upcoming, past] = await Promise.all([
    rowsOf<BookingRow>(OWN_CURRENT(db, actor!.id, now)),
    rowsOf<BookingRow>(OWN_OVER(db, actor!.id, now)),
  ])
  const [current, over] = await Promise.all([hydrate(db, upcoming, now), hydrate(db, past, now)])
  return { upcoming: current, past: over }
}

type PetRef = { id: number; name: string; type: PetType; owner_id: number }

/** The pet, if the actor may see it (its owner, staff): 404 / 403 otherwise. */
export async function requireVisiblePet(db: Conn, petId: number, actor: Actor): Promise<PetRef> {
  const pet = (await db('pets')
    .select('id', 'name', 'type', 'owner_id')
    .where({ id: petId })
    .first()
    .options(PREPARED)) as PetRef | undefined
  if (!pet) throw notFound('Pet not found')
  if (!canSeePet(actor, pet)) throw forbidden()
  return pet
}

/** A pet's current booking (the one not yet picked up), for its owner or any staff. */
export async function getCurrentPetBooking({
  petId,
  actor,
}: {
  petId: number
  actor: Actor
}): Promise<Booking | null> {
  const db = await getDb()
  await requireVisiblePet(db, petId, actor)
  const { now } = hotelClock()
  const row = (await whereCurrent(bookingQuery(db).where('b.pet_id', petId), now)
    .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])
    .first()
    .options(PREPARED)) as BookingRow | undefined
  if (!row) return null
  const [booking] = await hydrate(db, [row], now)
  return booking
}

/**
 * A pet's bookings for its page: the current one and its history. Its owner
 * and staff only; staff's history keeps the cancelled stays too.
 */
export async function listPetBookings({
  petId,
  actor,
  pastLimit = 50,
}: {
  petId: number
  actor: Actor
  pastLimit?: number
}): Promise<PetBookings> {
  const db = await getDb()
  await requireVisiblePet(db, petId, actor)
  const { now } = hotelClock()
  const [currentRows, pastRows] = (await Promise.all([
    whereCurrent(bookingQuery(db).where('b.pet_id', petId), now)
      .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])
      .options(PREPARED),
    whereOver(
      bookingQuery(db, { withCancelled: canSeeDaySheet(actor) }).where('b.pet_id', petId),
      now,
    )
      .orderBy([
        { column: 'b.pick_up_at', order: 'desc' },
        { column: 'b.id', order: 'desc' },
      ])
      .limit(pastLimit + 1)
      .options(PREPARED),
  ])) as [BookingRow[], BookingRow[]]
  const hydrated = await hydrate(db, [...currentRows, ...pastRows.slice(0, pastLimit)], now)
  return {
    current: hydrated[0] && currentRows.length ? hydrated[0] : null,
    past: hydrated.slice(currentRows.length),
    morePast: pastRows.length > pastLimit,
  }
}

/**
 * The stays covering one day (coveringBetween's, for boundsOf(date, date)), with a booking's columns, by
 * drop-off: compiled once, since staff poll it all day.
 */
const DAYS_BOOKINGS = compiledOnce((db, start: string, end: string) =>
  coveringBetween(db, start, end)
    .select(...BOOKING_COLUMNS)
    .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])
    .options(PREPARED),
)

/** Every booking covering a date (drop-off date ≤ date ≤ pick-up date): staff only. */
export async function listBookingsCoveringDate({
  date,
  actor,
}: {
  date: IsoDate
  actor: Actor
}): Promise<Booking[]> {
  assertCan(canSeeDaySheet(actor))
  const db = await getDb()
  const rows = await rowsOf<BookingRow>(DAYS_BOOKINGS(db, ...boundsOf(date, date)))
  return hydrate(db, rows, hotelClock().now)
}

type ListRow = BookingRow & { client_fname: string; client_lname: string }

/** Bookings with their client's name, for the list of every booking. */
const listQuery = (db: Conn, { withCancelled = false, fewRows = false } = {}) =>
  joinRow(bookingQuery(db, { withCancelled, fewRows }), 'users', 'u', 'b.client_id', {
    byKey: fewRows,
  }).select('u.fname as client_fname', 'u.lname as client_lname')

// The queries of /bookings, compiled once (the Owner and Managers open it all
// day). The stays under way are a handful at any size of hotel: prepared,
// on the read pipeline. A page of the others is prepared while it is shallow
// (readPage).
const UNDER_WAY = compiledOnce((db, now: string) =>
  whereStaying(listQuery(db, { fewRows: true }), now)
    .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])
    .options(PREPARED),
)
const NOT_STARTED_PAGE = compiledOnce((db, now: string, limit: number, offset: number) =>
  whereNotStarted(listQuery(db), now)
    .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])
    .limit(limit)
    .offset(offset),
)
const PAST_PAGE = compiledOnce((db, now: string, limit: number, offset: number) =>
  whereOver(listQuery(db), now)
    // Implied (drop-off precedes pick-up), and it starts the index scan at now, not at the last booking ever.
    .where('b.drop_off_at', '<', now)
    .orderBy([
      { column: 'b.drop_off_at', order: 'desc' },
      { column: 'b.id', order: 'desc' },
    ])
    .limit(limit)
    .offset(offset),
)
const CANCELLED_PAGE = compiledOnce((db, limit: number, offset: number) =>
  listQuery(db, { withCancelled: true })
    .where('b.status', 'cancelled')
    .orderBy([
      { column: 'b.cancelled_at', order: 'desc' },
      { column: 'b.id', order: 'desc' },
    ])
    .limit(limit)
    .offset(offset),
)

/**
 * One page of all bookings for /bookings (the Owner and Managers): upcoming
 * ones (not yet picked up) soonest first, past ones newest first, or
 * cancelled ones most recently cancelled first.
 * LIMIT/OFFSET on the indexed drop-off/pick-up order, so 150,000 bookings
 * cost what 50 do.
 */
export async function listBookingsPage({
  actor,
  when,
  page,
  pageSize = 50,
}: {
  actor: Actor
  when: 'upcoming' | 'past' | 'cancelled'
  page: number
  pageSize?: number
}): Promise<{ bookings: BookingListItem[]; hasMore: boolean }> {
  assertCan(canListAllBookings(actor))
  const db = await getDb()
  const { now } = hotelClock()
  const start = (Math.max(1, page) - 1) * pageSize
  let rows: ListRow[]
  if (when === 'upcoming') {
    // Stays under way come first: a handful (the hotel's guests tonight),
    // found through the stay-range index, their pets and clients by key.
    // Then future drop-offs, read straight off the drop-off index from now
    // on. Scanning drop-offs from the first one ever, or a year of them,
    // would pass every past booking on the way.
    const underWay = await rowsOf<ListRow>(UNDER_WAY(db, now))
    const fromUnderWay = underWay.slice(start, start + pageSize + 1)
    const need = pageSize + 1 - fromUnderWay.length
    const offset = Math.max(0, start - underWay.length)
    const future = need
      ? await readPage<ListRow>(NOT_STARTED_PAGE(db, now, need, offset), offset)
      : []
    rows = [...fromUnderWay, ...future]
  } else if (when === 'cancelled') {
    rows = await readPage<ListRow>(CANCELLED_PAGE(db, pageSize + 1, start), start)
  } else {
    rows = await readPage<ListRow>(PAST_PAGE(db, now, pageSize + 1, start), start)
  }
  const shown = rows.slice(0, pageSize)
  const bookings = await hydrate(db, shown, now)
  return {
    // Added to each booking just built rather than spread into a new one: a
    // property after a spread costs V8 (Node 20) ~1 µs a row (decision 055).
    bookings: bookings.map((b, i) =>
      Object.assign(b, {
        client: { id: b.client_id, fname: shown[i].client_fname, lname: shown[i].client_lname },
      }),
    ),
    hasMore: rows.length > pageSize,
  }
}

/** The pet a booking page is for: its owner or staff only. */
export async function getBookablePet({
  petId,
  actor,
}: {
  petId: number
  actor: Actor
}): Promise<BookablePet> {
  const db = await getDb()
  const pet = await requireVisiblePet(db, petId, actor)
  const owner = await db('users')
    .select('fname', 'lname')
    .where({ id: pet.owner_id })
    .first()
    .options(PREPARED)
  return { ...pet, owner_name: owner ? `${owner.fname} ${owner.lname}` : '' }
}

/** Services a booking for a pet of `petType` may choose now (not withdrawn, for its species), by name. */
export async function listBookableServices(petType: PetType): Promise<BookableService[]> {
  const db = await getDb()
  return db('services')
    .select('id', 'service', 'price_cents')
    .whereNull('deleted_at')
    .whereIn('species', ['both', petType])
    .orderBy([{ column: 'service' }, { column: 'id' }])
    .options(PREPARED)
}

/**
 * What a booking would cost at today's prices, without booking it (the page's
 * "Show total" without JavaScript). Unknown or withdrawn services → 400.
 */
export async function quoteBooking({
  input,
  petType,
}: {
  input: Pick<BookingInput, 'booking_type' | 'drop_off_date' | 'pick_up_date' | 'services'>
  /** The pet's species: services for the other one are refused as a booking would be. */
  petType: PetType
}): Promise<Quote> {
  const db = await getDb()
  const [settings, services] = await Promise.all([
    getHotelSettings(),
    requireBookableServices(db, input.services, 'Could not price the booking', { petType }),
  ])
  const price = priceBooking({
    type: input.booking_type,
    dropOff: input.drop_off_date,
    pickUp: input.pick_up_date,
    dailyPriceCents: dailyPriceCentsOf(settings, input.booking_type),
    servicePricesCents: services.map((s) => s.price_cents),
  })
  return {
    days: price.days,
    daily_price_cents: price.dailyPriceCents,
    days_cents: price.daysCents,
    services,
    total_cents: price.totalCents,
  }
}
