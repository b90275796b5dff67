import type { Knex } from 'knex'
import type { Booking, BookingInput } from '~/domain/booking'
import { nightsHeld } from '~/domain/booking-states'
import { capacityOf, unitFor } from '~/domain/capacity'
import { conflict, forbidden, notFound } from '~/domain/errors'
import type { IsoDate, WallDateTime } from '~/domain/hotel-time'
import type { PetType } from '~/domain/pet'
import {
  assertCan,
  canJoinWaitlistFor,
  canManageWaitlistEntry,
  canSeeWaitlist,
  canSeeWaitlistEntry,
} from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import {
  ACTIVE_WAITLIST_STATUSES,
  holdStands,
  WAITLIST_MAX_PER_CLIENT,
  WAITLIST_MESSAGES,
  type WaitlistEntry,
  type WaitlistStatus,
} from '~/domain/waitlist'
import { hotelClock } from '~/infra/clock.server'
import { compiledOnce, getDb, rowsOf, withDeadlockRetry } from '~/infra/db.server'
import { getHotelSettings } from '../hotel-settings.server'
import { assertNoGaps, stayVaccinationGaps } from '../pet/vaccinations.server'
import { assertNoClash } from './clash.server'
import { boundsOf, placesTaken } from './occupancy.server'
import { PREPARED, toPgArray } from '~/infra/prepared-statements.server'
import { wallColumn, type Conn } from './rows.server'
import { requireBookableServices } from './services.server'
import { serviceNames } from '../service.server'
import { lockWaitlist, offerFreedPlaces } from './waitlist-offers.server'
import { bookStay, lockBookablePet } from './write.server'

// The waitlist: joining it when a night is full, what clients and staff see
// of it, leaving it, and taking a held place (one click books it). Offering
// freed places is waitlist-offers.server.ts.

export type EntryRow = Omit<WaitlistEntry, 'pet' | 'services' | 'client_name'> & {
  pet_name: string
  pet_type: PetType
  fname: string
  lname: string
  service_ids: number[]
}

const wall = (db: Conn, column: string, as = column) => wallColumn(db, `w.${column}`, as)

const entryQuery = (db: Conn) =>
  db({ w: 'waitlist_entries' })
    .join({ p: 'pets' }, 'p.id', 'w.pet_id')
    .join({ c: 'users' }, 'c.id', 'w.client_id')
    .select(
      'w.id',
      'w.client_id',
      'w.pet_id',
      'p.name as pet_name',
      'p.type as pet_type',
      'c.fname',
      'c.lname',
      'w.booking_type',
      'w.status',
      'w.booking_id',
      'w.service_ids',
      wall(db, 'drop_off_at', 'drop_off_date'),
      wall(db, 'pick_up_at', 'pick_up_date'),
      wall(db, 'hold_until'),
      wall(db, 'created_at'),
    )

// The waitlist's active entries (offered or waiting), oldest first.
const activeEntries = (db: Conn) =>
  entryQuery(db).whereIn('w.status', ACTIVE_WAITLIST_STATUSES).orderBy('w.id')

// The four lists of listWaitlist, each compiled once (the day sheet and My
// bookings ask on every request) and prepared, read on their indexes: every
// active entry or a client's, each whole or those whose stay touches a day's
// bounds (`boundsOf`).
const touching = <Q extends Knex.QueryBuilder>(q: Q, start: string, end: string) =>
  q.where('w.drop_off_at', '<', end).where('w.pick_up_at', '>=', start)
const ACTIVE = compiledOnce((db) => activeEntries(db).options(PREPARED))
const ACTIVE_OF_CLIENT = compiledOnce((db, clientId: number) =>
  activeEntries(db).where('w.client_id', clientId).options(PREPARED),
)
/**
 * Everyone's active entries whose stay touches the bounds, oldest first;
 * its columns read the same as JSON (the day sheet reads them with its
 * details, `oneRoundTripQuery`).
 */
export const activeEntriesOn = (db: Conn, start: string, end: string) =>
  touching(activeEntries(db), start, end)
const ACTIVE_ON = compiledOnce((db, start: string, end: string) =>
  activeEntriesOn(db, start, end).options(PREPARED),
)
const ACTIVE_OF_CLIENT_ON = compiledOnce((db, clientId: number, start: string, end: string) =>
  touching(activeEntries(db).where('w.client_id', clientId), start, end).options(PREPARED),
)

/** Rows as the JSON and pages show them, each with its services' names. */
async function toEntries(conn: Conn, rows: EntryRow[]): Promise<WaitlistEntry[]> {
  const names = rows.some((r) => r.service_ids.length) ? await serviceNames(conn) : new Map()
  const { now } = hotelClock()
  return rows.map(({ pet_name, pet_type, fname, lname, service_ids, ...r }) => ({
    id: r.id,
    client_id: r.client_id,
    pet_id: r.pet_id,
    pet: { id: r.pet_id, name: pet_name, type: pet_type },
    client_name: `${fname} ${lname}`,
    booking_type: r.booking_type,
    drop_off_date: r.drop_off_date,
    pick_up_date: r.pick_up_date,
    services: service_ids
      .filter((id) => names.has(id))
      .map((id) => ({ id, service: names.get(id)! })),
    // A hold past its time reads as lapsed at once, before the next offer run records it.
    status: r.status === 'offered' && !holdStands(r, now) ? 'lapsed' : r.status,
    hold_until: r.status === 'offered' ? r.hold_until : null,
    booking_id: r.booking_id,
    created_at: r.created_at,
  }))
}

/**
 * The active entries' rows (`activeEntries`, or `activeEntriesOn`'s) as the
 * lists show them: a hold that lapsed meanwhile leaves the list.
 */
export async function stillActive(conn: Conn, rows: EntryRow[]): Promise<WaitlistEntry[]> {
  const entries = await toEntries(conn, rows)
  return entries.filter((e) => e.status === 'waiting' || e.status === 'offered')
}

async function readEntry(db: Conn, id: number): Promise<WaitlistEntry | undefined> {
  const row = (await entryQuery(db).where('w.id', id).first()) as EntryRow | undefined
  return row ? (await toEntries(db, [row]))[0] : undefined
}

/**
 * The stays waiting or held: a client's own; staff see everyone's (only
 * staff ask for `date`: the stays that would be at the hotel that day).
 * Queue order (who joined first).
 */
export async function listWaitlist({
  actor,
  date,
}: {
  actor: Actor
  date?: IsoDate
}): Promise<WaitlistEntry[]> {
  if (!actor) throw forbidden()
  const db = await getDb()
  const bounds = date && boundsOf(date, date)
  const staff = canSeeWaitlist(actor)
  const rows = await rowsOf<EntryRow>(
    staff && bounds
      ? ACTIVE_ON(db, ...bounds)
      : bounds
        ? ACTIVE_OF_CLIENT_ON(db, actor.id, ...bounds)
        : staff
          ? ACTIVE(db)
          : ACTIVE_OF_CLIENT(db, actor.id),
  )
  return stillActive(db, rows)
}

/** One waitlisted stay, for its client and staff (any status: its page says what became of it). */
export async function getWaitlistEntry({
  actor,
  id,
}: {
  actor: Actor
  id: number
}): Promise<WaitlistEntry> {
  const db = await getDb()
  const entry = await readEntry(db, id)
  if (!entry) throw notFound(WAITLIST_MESSAGES.notFound)
  assertCan(canSeeWaitlistEntry(actor, entry))
  return entry
}

/**
 * POST /api/waitlist and the booking page's "Join the waitlist": the stay
 * (as a booking would be asked for) waits for a place. Refused when a place
 * is free after all (409: book it), when the pet already waits for those
 * dates or has a stay then, or the client already waits for
 * WAITLIST_MAX_PER_CLIENT stays; the services and vaccines are judged as for a booking.
 */
export async function joinWaitlist({
  actor,
  input,
}: {
  actor: Actor
  input: BookingInput
}): Promise<WaitlistEntry> {
  const db = await getDb()
  const message = WAITLIST_MESSAGES.notSaved
  return withDeadlockRetry(() =>
    db.transaction(async (trx) => {
      const { now } = hotelClock()
      const pet = await lockBookablePet(trx, { actor, input, message, can: canJoinWaitlistFor })
      await requireBookableServices(trx, input.services, message, { petType: pet.type })
      await assertNoClash(trx, {
        petId: pet.id,
        dropOff: input.drop_off_date,
        pickUp: input.pick_up_date,
        now,
      })
      const settings = await getHotelSettings({ trx })
      if (settings.vaccinations_required_to_book)
        assertNoGaps(
          await stayVaccinationGaps(trx, {
            petId: pet.id,
            petType: pet.type,
            pickUpDate: input.pick_up_date.slice(0, 10),
            settings,
          }),
        )

      // Under the waitlist's lock: a place freeing now is either seen free
      // here or offered to this stay by the run that frees it.
      await lockWaitlist(trx)
      const waitingAlready = await trx('waitlist_entries')
        .select('id')
        .where('pet_id', pet.id)
        .whereIn('status', ACTIVE_WAITLIST_STATUSES)
        .where('drop_off_at', '<', input.pick_up_date)
        .where('pick_up_at', '>', input.drop_off_date)
        .first()
      if (waitingAlready) throw conflict(WAITLIST_MESSAGES.already)
      const [{ count }] = (await trx('waitlist_entries')
        .count({ count: '*' })
        .where('client_id', input.client_id)
        .whereIn('status', ACTIVE_WAITLIST_STATUSES)) as { count: string | number }[]
      if (Number(count) >= WAITLIST_MAX_PER_CLIENT) throw conflict(WAITLIST_MESSAGES.tooMany)

      const unit = unitFor(input.booking_type, pet.type)
      const nights = nightsHeld(input.booking_type, input.drop_off_date, input.pick_up_date)
      const taken = await placesTaken(trx, nights[0], nights[nights.length - 1])
      if (nights.every((d) => taken.get(d)![unit] < capacityOf(settings, unit)))
        throw conflict(WAITLIST_MESSAGES.placeFree)

      const [row] = (await trx('waitlist_entries')
        .insert({
          client_id: input.client_id,
          pet_id: pet.id,
          booking_type: input.booking_type,
          drop_off_at: input.drop_off_date,
          pick_up_at: input.pick_up_date,
          service_ids: toPgArray(input.services),
          created_at: now,
        })
        .returning('id')) as { id: number }[]
      return (await readEntry(trx, row.id))!
    }),
  )
}

type LockedEntry = {
  id: number
  client_id: number
  pet_id: number
  booking_type: BookingInput['booking_type']
  drop_off_date: WallDateTime
  pick_up_date: WallDateTime
  service_ids: number[]
  status: WaitlistStatus
  hold_until: WallDateTime | null
}

/** The entry, locked, once its client (or the Owner or a Manager) is known to manage it. */
async function lockEntry(trx: Knex.Transaction, id: number, actor: Actor): Promise<LockedEntry> {
  const entry = (await trx({ w: 'waitlist_entries' })
    .select(
      'w.id',
      'w.client_id',
      'w.pet_id',
      'w.booking_type',
      'w.service_ids',
      'w.status',
      wall(trx, 'drop_off_at', 'drop_off_date'),
      wall(trx, 'pick_up_at', 'pick_up_date'),
      wall(trx, 'hold_until'),
    )
    .where('w.id', id)
    .forUpdate()
    .first()) as LockedEntry | undefined
  if (!entry) throw notFound(WAITLIST_MESSAGES.notFound)
  assertCan(canManageWaitlistEntry(actor, entry))
  return entry
}

/** Why a stay can no longer be taken or left, by what became of it. */
function refusalOf(status: WaitlistStatus): string {
  if (status === 'waiting') return WAITLIST_MESSAGES.notOffered
  if (status === 'lapsed' || status === 'offered') return WAITLIST_MESSAGES.lapsed
  return WAITLIST_MESSAGES.over
}

/**
 * POST /api/waitlist/{id}/take and the offer page's one click: books the
 * stay in the place held for it. 409 when no place is held (still waiting),
 * the hold has lapsed (even by a second: the place is someone else's now),
 * or it was taken or left already. The booking is judged as any other
 * (schedule, services, vaccines, the pet's other stays), its hold aside.
 */
export async function takeWaitlistOffer({
  actor,
  id,
  origin,
}: {
  actor: Actor
  id: number
  origin?: string
}): Promise<Booking> {
  const db = await getDb()
  return withDeadlockRetry(() =>
    db.transaction(async (trx) => {
      // The pet first (the order every booking write locks in), then the entry.
      const ref = (await trx('waitlist_entries').select('pet_id').where({ id }).first()) as
        { pet_id: number } | undefined
      if (!ref) throw notFound(WAITLIST_MESSAGES.notFound)
      await trx('pets').select('id').where({ id: ref.pet_id }).forUpdate()
      const entry = await lockEntry(trx, id, actor)
      const { now } = hotelClock()
      if (!holdStands(entry, now)) throw conflict(refusalOf(entry.status))
      const booking = await bookStay(trx, {
        actor,
        origin,
        holdId: entry.id,
        input: {
          client_id: entry.client_id,
          pet_id: entry.pet_id,
          booking_type: entry.booking_type,
          drop_off_date: entry.drop_off_date,
          pick_up_date: entry.pick_up_date,
          services: entry.service_ids,
        },
      })
      await trx('waitlist_entries')
        .where({ id })
        .update({ status: 'booked', booking_id: booking.id, ended_at: now })
      return booking
    }),
  )
}

/**
 * DELETE /api/waitlist/{id} and "Leave the waitlist": the stay stops
 * waiting; a place held for it goes to the next waiting stay that fits.
 */
export async function leaveWaitlist({
  actor,
  id,
  origin,
}: {
  actor: Actor
  id: number
  origin?: string
}): Promise<void> {
  const db = await getDb()
  await withDeadlockRetry(() =>
    db.transaction(async (trx) => {
      await lockWaitlist(trx)
      const entry = await lockEntry(trx, id, actor)
      const { now } = hotelClock()
      const active = entry.status === 'waiting' || holdStands(entry, now)
      if (!active) throw conflict(refusalOf(entry.status))
      await trx('waitlist_entries').where({ id }).update({ status: 'left', ended_at: now })
      if (entry.status === 'offered') await offerFreedPlaces(trx, { origin })
    }),
  )
}
