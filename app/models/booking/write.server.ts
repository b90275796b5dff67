import type { Knex } from 'knex'
import type { Booking, BookingInput } from '~/domain/booking'
import { centsToDollars, priceBooking, type BookingType } from '~/domain/booking-rules'
import type { BookingStatus } from '~/domain/front-desk'
import { isStarted, isUnderWay, nightsHeld } from '~/domain/booking-states'
import { dailyPriceCentsOf, unitFor } from '~/domain/capacity'
import { conflict, forbidden, invalid, notFound } from '~/domain/errors'
import { firstOfMonth, parseWallDateTime, type WallDateTime } from '~/domain/hotel-time'
import type { PetType } from '~/domain/pet'
import { assertCan, canBookFor, canChangeStartedStay, canManageBooking } from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import { hotelClock, now as instantNow } from '~/infra/clock.server'
import { getDb, withDeadlockRetry } from '~/infra/db.server'
import {
  BOOKING_MESSAGES,
  checkBookingSchedule,
  type ScheduleField,
  type StartedStay,
} from '~/schemas/booking'
import { changed } from '../cache-versions.server'
import { getHotelSettings } from '../hotel-settings.server'
import { assertNoGaps, stayVaccinationGaps } from '../pet/vaccinations.server'
import { queueBookingMail } from './mail.server'
import { assertCapacity } from './occupancy.server'
import { readBooking } from './rows.server'
import { requireBookableServices, servicesOfStartedStay } from './services.server'
import { assertNoClash, refusingOverlap } from './clash.server'
import { lockWaitlist, offerFreedPlaces } from './waitlist-offers.server'

// Making, changing and cancelling bookings. Every write runs in ONE
// transaction that takes its locks in a fixed order — the pet row, the
// booking row, the settings row (shared), the chosen services (shared), then
// one capacity_locks row per (date, unit) in date order — and only then
// counts and writes. So two requests for the last kennel, a double-submitted
// form or an update racing a create queue up instead of racing, on PGlite
// (one connection) and on PostgreSQL (many). Inside a transaction only `trx`
// is used: on PGlite the root knex would wait forever for the one connection.

export const BOOKING_FAILURES = {
  create: 'Create Booking Failed',
  update: 'Update Booking Failed',
  delete: 'Delete booking Failed',
  notFound: 'Booking not found',
} as const

const SCHEDULE_TO_API: Record<ScheduleField, keyof BookingInput> = {
  dropOffDate: 'drop_off_date',
  dropOffTime: 'drop_off_date',
  pickUpDate: 'pick_up_date',
  pickUpTime: 'pick_up_date',
}

function assertSchedule(
  input: BookingInput,
  now: WallDateTime,
  message: string,
  started: StartedStay | null,
) {
  const errors: Record<string, string> = {}
  if (started && input.booking_type !== started.type)
    errors.booking_type = BOOKING_MESSAGES.startedKeepsType
  checkBookingSchedule(
    {
      type: input.booking_type,
      dropOff: parseWallDateTime(input.drop_off_date) ?? undefined,
      pickUp: parseWallDateTime(input.pick_up_date) ?? undefined,
    },
    now,
    (field, msg) => {
      errors[SCHEDULE_TO_API[field]] ??= msg
    },
    started ?? undefined,
  )
  if (Object.keys(errors).length) throw invalid(message, errors)
}

type ExistingRow = {
  id: number
  client_id: number
  pet_id: number
  booking_type: BookingType
  status: BookingStatus
  drop_off_date: string
  pick_up_date: string
  daily_price_cents: number
  total_cents: number
  /** The sum of the price lines the Owner or a Manager added: a re-priced stay keeps them. */
  adjustment_cents: number
}

type ChangeableRow = Pick<
  ExistingRow,
  'client_id' | 'booking_type' | 'status' | 'drop_off_date' | 'pick_up_date'
>

/**
 * A booking that may change: it exists and the actor manages it. Before its
 * drop-off anything may change (null). Once started it is fixed for its
 * client and is never cancelled; the Owner and Managers may still change a
 * stay under way (not yet over) — its pick-up and services — and get the
 * stay's fixed drop-off and type back.
 */
function changeabilityOf(
  row: ChangeableRow | undefined,
  actor: Actor,
  now: WallDateTime,
  { cancelling = false } = {},
): StartedStay | null {
  if (!row) throw notFound(BOOKING_FAILURES.notFound)
  assertCan(canManageBooking(actor, row))
  if (!isStarted(row, now)) return null
  if (cancelling || !canChangeStartedStay(actor)) throw conflict(BOOKING_MESSAGES.started)
  if (!isUnderWay(row, now)) throw conflict(BOOKING_MESSAGES.stayOver)
  return { dropOff: row.drop_off_date, type: row.booking_type }
}

const existingColumns = (db: Knex | Knex.Transaction) => [
  'id',
  'client_id',
  'pet_id',
  'booking_type',
  'status',
  'daily_price_cents',
  'total_cents',
  'adjustment_cents',
  db.raw(`to_char(drop_off_at, 'YYYY-MM-DD HH24:MI:SS') as drop_off_date`),
  db.raw(`to_char(pick_up_at, 'YYYY-MM-DD HH24:MI:SS') as pick_up_date`),
]

/** Locks a booking (its pet first) and checks it may change. */
async function lockExistingBooking(
  trx: Knex.Transaction,
  id: number,
  actor: Actor,
  now: WallDateTime,
  options: { cancelling?: boolean } = {},
): Promise<{ existing: ExistingRow; started: StartedStay | null }> {
  // A cancelled booking is gone, as it was when cancelling deleted it.
  const found = await trx('bookings')
    .select('pet_id')
    .where({ id })
    .whereNot('status', 'cancelled')
    .first()
  if (!found) throw notFound(BOOKING_FAILURES.notFound)
  await trx('pets').select('id').where({ id: found.pet_id }).forUpdate()
  const existing = (await trx('bookings')
    .select(...existingColumns(trx))
    .where({ id })
    .whereNot('status', 'cancelled')
    .forUpdate()
    .first()) as ExistingRow | undefined
  const started = changeabilityOf(existing, actor, now, options)
  return { existing: existing!, started }
}

/**
 * Checks, outside any write, that a booking exists and the actor may change
 * (or cancel) it now — so a client's update of a started booking answers 409
 * before its (now past) dates are judged. For a stay under way that the
 * Owner or a Manager may change, returns its fixed drop-off and type, which
 * the request's schema then holds it to. The write re-checks all of it under its locks.
 */
export async function assertBookingChangeable({
  id,
  actor,
  cancelling = false,
}: {
  id: number
  actor: Actor
  cancelling?: boolean
}): Promise<StartedStay | null> {
  const db = await getDb()
  const row = (await db('bookings')
    .select(...existingColumns(db))
    .where({ id })
    .whereNot('status', 'cancelled')
    .first()) as ExistingRow | undefined
  return changeabilityOf(row, actor, hotelClock().now, { cancelling })
}

/** POST /api/bookings and the booking page. */
export async function createBooking({
  actor,
  input,
  origin,
}: {
  actor: Actor
  input: BookingInput
  /** Where the confirmation mail's link points (https://hotel.example). */
  origin?: string
}): Promise<Booking> {
  const db = await getDb()
  return withDeadlockRetry(() => db.transaction((trx) => bookStay(trx, { actor, input, origin })))
}

/**
 * Books a new stay inside the caller's transaction and queues its
 * confirmation. `holdId`: the waitlist hold this booking takes up (its
 * place is the hold's, so the hold is not counted against it).
 */
export async function bookStay(
  trx: Knex.Transaction,
  {
    actor,
    input,
    origin,
    holdId,
  }: { actor: Actor; input: BookingInput; origin?: string; holdId?: number },
): Promise<Booking> {
  const { now } = hotelClock()
  const id = await writeBooking(trx, {
    actor,
    input,
    now,
    holdId,
    message: BOOKING_FAILURES.create,
  })
  const booking = (await readBooking(trx, id, now))!
  await queueBookingMail(trx, { kind: 'confirmed', booking, origin })
  return booking
}

/**
 * PUT /api/bookings/{id}: re-priced at today's prices — except a stay under
 * way changed by the Owner or a Manager, whose nights keep the daily price it
 * was booked at and whose services keep theirs (added ones take today's).
 */
export async function updateBooking({
  actor,
  id,
  input,
  origin,
}: {
  actor: Actor
  id: number
  input: BookingInput
  origin?: string
}): Promise<{ booking: Booking; previousTotal: number; repriced: boolean }> {
  const db = await getDb()
  const message = BOOKING_FAILURES.update
  return withDeadlockRetry(() =>
    db.transaction(async (trx) => {
      const { now } = hotelClock()
      const { existing, started } = await lockExistingBooking(trx, id, actor, now)
      // Before any capacity lock (the order every writer keeps): nights it gives up go to the waitlist.
      await lockWaitlist(trx)
      if (input.pet_id !== existing.pet_id)
        throw invalid(message, { pet_id: 'A booking cannot move to another pet' })
      if (input.client_id !== existing.client_id)
        throw invalid(message, { client_id: "client_id must be the pet's owner" })
      await writeBooking(trx, { actor, input, now, existing, started, message })
      const booking = (await readBooking(trx, id, now))!
      await queueBookingMail(trx, { kind: 'changed', booking, origin })
      await offerFreedPlaces(trx, { origin })
      return {
        booking,
        previousTotal: centsToDollars(existing.total_cents),
        repriced: started === null,
      }
    }),
  )
}

/**
 * DELETE /api/bookings/{id}; with `petId`, only a booking of that pet (404
 * otherwise). Cancels: the booking stays, marked cancelled with when and by
 * whom, and its nights are free at once (every count of places reads only
 * holding stays). Its client never sees it again; staff see it in the history.
 */
export async function deleteBooking({
  actor,
  id,
  petId,
  origin,
}: {
  actor: Actor
  id: number
  petId?: number
  /** Where a waitlist offer's mail links point, should the freed place go to one. */
  origin?: string
}): Promise<void> {
  const db = await getDb()
  await withDeadlockRetry(() =>
    db.transaction(async (trx) => {
      const { now } = hotelClock()
      const { existing } = await lockExistingBooking(trx, id, actor, now, { cancelling: true })
      await lockWaitlist(trx)
      if (petId !== undefined && existing.pet_id !== petId)
        throw notFound(BOOKING_FAILURES.notFound)
      const booking = (await readBooking(trx, id, now))!
      await trx('bookings')
        .where({ id })
        .update({ status: 'cancelled', cancelled_at: now, cancelled_by: actor!.id })
      await trx('booking_events').insert({
        booking_id: id,
        actor_id: actor!.id,
        action: 'cancel',
        detail: now,
        created_at: instantNow().toISOString(),
      })
      await queueBookingMail(trx, { kind: 'cancelled', booking })
      // Its nights are free: the first waiting stay that now fits is offered them.
      await offerFreedPlaces(trx, { origin })
      await countedForPetOfTheMonth(trx, [existing.drop_off_date])
    }),
  )
}

type PetRef = { id: number; name: string; type: PetType; owner_id: number }

/**
 * The pet a stay is asked for, locked (one writer per pet at a time), once
 * the actor may book for it: a client for their own pets only, the Owner and
 * Managers for any client's — and `client_id` is the pet's owner. A booking
 * and a place on the waitlist are asked for alike.
 */
export async function lockBookablePet(
  trx: Knex.Transaction,
  {
    actor,
    input,
    message,
    can = canBookFor,
  }: {
    actor: Actor
    input: Pick<BookingInput, 'pet_id' | 'client_id'>
    message: string
    /** The rule for the pet (booking it; joining the waitlist for it). */
    can?: (actor: Actor, pet: PetRef) => boolean
  },
): Promise<PetRef> {
  const pet = (await trx('pets')
    .select('id', 'name', 'type', 'owner_id')
    .where({ id: input.pet_id })
    .forUpdate()
    .first()) as PetRef | undefined
  if (!pet) throw notFound('Pet not found')
  if (!can(actor, pet) || !canManageBooking(actor, input)) throw forbidden()
  if (input.client_id !== pet.owner_id)
    throw invalid(message, { client_id: "client_id must be the pet's owner" })
  return pet
}

async function writeBooking(
  trx: Knex.Transaction,
  {
    actor,
    input,
    now,
    existing,
    started = null,
    holdId,
    message,
  }: {
    actor: Actor
    input: BookingInput
    now: WallDateTime
    holdId?: number
    existing?: ExistingRow
    /** A stay under way that the Owner or a Manager is changing (see changeabilityOf). */
    started?: StartedStay | null
    message: string
  },
): Promise<number> {
  // 1. The pet, locked: one writer per pet at a time.
  const pet = await lockBookablePet(trx, { actor, input, message })

  assertSchedule(input, now, message, started)

  // 2. Settings (shared: a settings change waits for bookings in flight) and the chosen services.
  const settings = await getHotelSettings({ trx, lock: 'share' })
  const services =
    existing && started
      ? await servicesOfStartedStay(trx, existing.id, input.services, message, pet.type)
      : await requireBookableServices(trx, input.services, message, {
          lock: true,
          petType: pet.type,
        })

  // 3. One current booking per pet, and never two at once.
  await assertNoClash(trx, {
    petId: pet.id,
    dropOff: input.drop_off_date,
    pickUp: input.pick_up_date,
    excludeId: existing?.id,
    now,
  })

  // 3b. When the hotel says so, no booking for a pet whose required vaccines
  // are missing or run out before its pick-up day (otherwise the client is
  // told of them, in vaccinations_missing, and the front desk refuses the check-in).
  // (A stay under way passed the front desk's check at its check-in.)
  if (settings.vaccinations_required_to_book && !started)
    assertNoGaps(
      await stayVaccinationGaps(trx, {
        petId: pet.id,
        petType: pet.type,
        pickUpDate: input.pick_up_date.slice(0, 10),
        settings,
      }),
    )

  // 4. Capacity, under a lock per (date, unit) taken in date order.
  const unit = unitFor(input.booking_type, pet.type)
  // A stay under way counts from today: its past nights are history.
  const dates = nightsHeld(input.booking_type, input.drop_off_date, input.pick_up_date).filter(
    (d) => !started || d >= now.slice(0, 10),
  )
  if (dates.length)
    await assertCapacity(trx, {
      unit,
      dates,
      settings,
      excludeId: existing?.id,
      excludeHoldId: holdId,
    })

  // 5. Price at today's prices (a stay under way: at the daily price it was
  // booked at), fixed on the booking with copies of the lines.
  const price = priceBooking({
    type: input.booking_type,
    dropOff: input.drop_off_date,
    pickUp: input.pick_up_date,
    dailyPriceCents:
      existing && started
        ? existing.daily_price_cents
        : dailyPriceCentsOf(settings, input.booking_type),
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
    // What the client owes: the price, and the lines a manager added (a discount never below zero).
    total_cents: Math.max(0, price.totalCents + (existing?.adjustment_cents ?? 0)),
    ...(started ? {} : { priced_at: hotelClock().instant.toISOString() }),
  }
  let id: number
  if (existing) {
    await refusingOverlap(trx('bookings').where({ id: existing.id }).update(values))
    await trx('booking_services').where({ booking_id: existing.id }).delete()
    id = existing.id
  } else {
    const [row] = await refusingOverlap(trx('bookings').insert(values).returning('id'))
    id = row.id
  }
  await trx('booking_services').insert(
    services.map((s) => ({
      booking_id: id,
      service_id: s.id,
      service_name: s.service,
      price_cents: s.price_cents,
    })),
  )
  if (existing && started)
    await trx('booking_events').insert({
      booking_id: id,
      actor_id: actor!.id,
      action: 'change',
      detail: `pick-up ${existing.pick_up_date} → ${input.pick_up_date}; services ${services.map((s) => s.service).join(', ')}`,
      created_at: instantNow().toISOString(),
    })
  await countedForPetOfTheMonth(
    trx,
    existing ? [existing.drop_off_date, input.drop_off_date] : [input.drop_off_date],
  )
  return id
}

/**
 * The Pet of the Month (when not chosen) is the pet with the most booked days
 * last month, kept by the read cache; a write of a booking that starts before
 * this month marks it changed. (Clients and staff change only bookings that
 * have not started, so today this is the rare case — but the rule holds
 * whatever may change a stay.)
 */
async function countedForPetOfTheMonth(trx: Knex.Transaction, dropOffs: string[]) {
  const monthStart = firstOfMonth(hotelClock().month)
  if (dropOffs.some((d) => d.slice(0, 10) < monthStart)) await changed(trx, ['pet-of-the-month'])
}
