import type { Knex } from 'knex'
import type { Booking, BookingInput } from '~/domain/booking'
import { centsToDollars, priceBooking } from '~/domain/booking-rules'
import { isStarted, nightsHeld } from '~/domain/booking-states'
import { dailyPriceCentsOf, unitFor } from '~/domain/capacity'
import { conflict, forbidden, invalid, notFound } from '~/domain/errors'
import { firstOfMonth, parseWallDateTime, type WallDateTime } from '~/domain/hotel-time'
import type { PetType } from '~/domain/pet'
import { assertCan, canBookFor, canManageBooking } from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import { hotelClock, now as instantNow } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { BOOKING_MESSAGES, checkBookingSchedule, type ScheduleField } from '~/schemas/booking'
import { changed } from '../cache-versions.server'
import { getHotelSettings } from '../hotel-settings.server'
import { assertNoGaps, stayVaccinationGaps } from '../pet/vaccinations.server'
import { queueBookingMail } from './mail.server'
import { assertCapacity } from './occupancy.server'
import { readBooking } from './rows.server'
import { requireBookableServices } from './services.server'
import { whereCurrent, whereHolding } from './states.server'

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

export const CURRENT_BOOKING_MESSAGE =
  'This pet already has a booking that has not been picked up yet'
export const OVERLAP_MESSAGE = 'This pet already has a booking at that time'

const SCHEDULE_TO_API: Record<ScheduleField, keyof BookingInput> = {
  dropOffDate: 'drop_off_date',
  dropOffTime: 'drop_off_date',
  pickUpDate: 'pick_up_date',
  pickUpTime: 'pick_up_date',
}

function assertSchedule(input: BookingInput, now: WallDateTime, message: string) {
  const errors: Record<string, string> = {}
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
  )
  if (Object.keys(errors).length) throw invalid(message, errors)
}

type ExistingRow = {
  id: number
  client_id: number
  pet_id: number
  drop_off_date: string
  total_cents: number
}

/** A booking that may change: it exists, the actor manages it, it has not started. */
function assertChangeable(
  row: { client_id: number; drop_off_date: string } | undefined,
  actor: Actor,
  now: WallDateTime,
): asserts row {
  if (!row) throw notFound(BOOKING_FAILURES.notFound)
  assertCan(canManageBooking(actor, row))
  if (isStarted(row, now)) throw conflict(BOOKING_MESSAGES.started)
}

/** Locks a booking (its pet first) and checks it may change. */
async function lockExistingBooking(
  trx: Knex.Transaction,
  id: number,
  actor: Actor,
  now: WallDateTime,
): Promise<ExistingRow> {
  // A cancelled booking is gone, as it was when cancelling deleted it.
  const found = await trx('bookings')
    .select('pet_id')
    .where({ id })
    .whereNot('status', 'cancelled')
    .first()
  if (!found) throw notFound(BOOKING_FAILURES.notFound)
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
    .whereNot('status', 'cancelled')
    .forUpdate()
    .first()) as ExistingRow | undefined
  assertChangeable(existing, actor, now)
  return existing
}

/**
 * Checks, outside any write, that a booking exists, the actor may change it
 * and it has not started — so an update of a started booking answers 409
 * before its (now past) dates are judged. The write re-checks all of it under its locks.
 */
export async function assertBookingChangeable({
  id,
  actor,
}: {
  id: number
  actor: Actor
}): Promise<void> {
  const db = await getDb()
  const row = (await db('bookings')
    .select('client_id', db.raw(`to_char(drop_off_at, 'YYYY-MM-DD HH24:MI:SS') as drop_off_date`))
    .where({ id })
    .whereNot('status', 'cancelled')
    .first()) as { client_id: number; drop_off_date: string } | undefined
  assertChangeable(row, actor, hotelClock().now)
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
  return withDeadlockRetry(() =>
    db.transaction(async (trx) => {
      const { now } = hotelClock()
      const id = await writeBooking(trx, { actor, input, now, message: BOOKING_FAILURES.create })
      const booking = (await readBooking(trx, id, now))!
      await queueBookingMail(trx, { kind: 'confirmed', booking, origin })
      return booking
    }),
  )
}

/** PUT /api/bookings/{id}: re-priced at today's prices. */
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
}): Promise<{ booking: Booking; previousTotal: number }> {
  const db = await getDb()
  const message = BOOKING_FAILURES.update
  return withDeadlockRetry(() =>
    db.transaction(async (trx) => {
      const { now } = hotelClock()
      const existing = await lockExistingBooking(trx, id, actor, now)
      if (input.pet_id !== existing.pet_id)
        throw invalid(message, { pet_id: 'A booking cannot move to another pet' })
      if (input.client_id !== existing.client_id)
        throw invalid(message, { client_id: "client_id must be the pet's owner" })
      await writeBooking(trx, { actor, input, now, existing, message })
      const booking = (await readBooking(trx, id, now))!
      await queueBookingMail(trx, { kind: 'changed', booking, origin })
      return { booking, previousTotal: centsToDollars(existing.total_cents) }
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
}: {
  actor: Actor
  id: number
  petId?: number
}): Promise<void> {
  const db = await getDb()
  await withDeadlockRetry(() =>
    db.transaction(async (trx) => {
      const { now } = hotelClock()
      const existing = await lockExistingBooking(trx, id, actor, now)
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
      await countedForPetOfTheMonth(trx, [existing.drop_off_date])
    }),
  )
}

type PetRef = { id: number; name: string; type: PetType; owner_id: number }

/**
 * Refuses (409) a stay of the pet (locked by the caller) that would be its
 * second current booking, or overlap another of its stays. Cancelled stays
 * and no-shows hold nothing and never clash.
 */
export async function assertNoClash(
  trx: Knex.Transaction,
  {
    petId,
    dropOff,
    pickUp,
    excludeId,
    now,
  }: {
    petId: number
    dropOff: WallDateTime
    pickUp: WallDateTime
    excludeId?: number
    now: WallDateTime
  },
) {
  const clash = (await whereHolding(trx({ b: 'bookings' }))
    .select('b.id', trx.raw(`b.pick_up_at > ?::timestamp as is_current`, [now]))
    .where('b.pet_id', petId)
    .whereNot('b.id', excludeId ?? 0)
    .where((q) =>
      whereCurrent(q, now).orWhere((o) =>
        o.where('b.drop_off_at', '<', pickUp).where('b.pick_up_at', '>', dropOff),
      ),
    )
    .first()) as { id: number; is_current: boolean } | undefined
  if (clash) throw conflict(clash.is_current ? CURRENT_BOOKING_MESSAGE : OVERLAP_MESSAGE)
}

async function writeBooking(
  trx: Knex.Transaction,
  {
    actor,
    input,
    now,
    existing,
    message,
  }: {
    actor: Actor
    input: BookingInput
    now: WallDateTime
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
  if (!pet) throw notFound('Pet not found')
  // A client books only for themselves; the Owner and Managers for any client.
  if (!canBookFor(actor, pet) || !canManageBooking(actor, input)) throw forbidden()
  if (input.client_id !== pet.owner_id)
    throw invalid(message, { client_id: "client_id must be the pet's owner" })

  assertSchedule(input, now, message)

  // 2. Settings (shared: a settings change waits for bookings in flight) and the chosen services.
  const settings = await getHotelSettings({ trx, lock: 'share' })
  const services = await requireBookableServices(trx, input.services, message, {
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
  if (settings.vaccinations_required_to_book)
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
  const dates = nightsHeld(input.booking_type, input.drop_off_date, input.pick_up_date)
  await assertCapacity(trx, { unit, dates, settings, excludeId: existing?.id })

  // 5. Price at today's prices, fixed on the booking with copies of the lines.
  const price = priceBooking({
    type: input.booking_type,
    dropOff: input.drop_off_date,
    pickUp: input.pick_up_date,
    dailyPriceCents: dailyPriceCentsOf(settings, input.booking_type),
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
    priced_at: hotelClock().instant.toISOString(),
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
  await trx('booking_services').insert(
    services.map((s) => ({
      booking_id: id,
      service_id: s.id,
      service_name: s.service,
      price_cents: s.price_cents,
    })),
  )
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

/** PostgreSQL may still pick a deadlock victim (e.g. with other writers); a retry or two is enough. */
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

/**
 * Writes a stay as the engine would have priced it today, without the rules
 * that judge it against now (no date in the past, capacity): the demo seed's
 * history of past and under-way stays. The pet's owner is its client.
 */
export async function recordStay({
  petId,
  bookingType,
  dropOff,
  pickUp,
  serviceIds,
}: {
  petId: number
  bookingType: BookingInput['booking_type']
  dropOff: WallDateTime
  pickUp: WallDateTime
  serviceIds: number[]
}): Promise<number> {
  const db = await getDb()
  return db.transaction(async (trx) => {
    const pet = await trx('pets').select('owner_id').where({ id: petId }).first()
    if (!pet) throw notFound('Pet not found')
    const settings = await getHotelSettings({ trx })
    const services = await requireBookableServices(trx, serviceIds, 'Could not record the stay')
    const price = priceBooking({
      type: bookingType,
      dropOff,
      pickUp,
      dailyPriceCents: dailyPriceCentsOf(settings, bookingType),
      servicePricesCents: services.map((s) => s.price_cents),
    })
    const [row] = await trx('bookings')
      .insert({
        client_id: pet.owner_id,
        pet_id: petId,
        booking_type: bookingType,
        drop_off_at: dropOff,
        pick_up_at: pickUp,
        days: price.days,
        daily_price_cents: price.dailyPriceCents,
        total_cents: price.totalCents,
      })
      .returning('id')
    await trx('booking_services').insert(
      services.map((s) => ({
        booking_id: row.id,
        service_id: s.id,
        service_name: s.service,
        price_cents: s.price_cents,
      })),
    )
    await changed(trx, ['pet-of-the-month'])
    return row.id as number
  })
}
