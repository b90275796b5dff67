import type { StayUpdateSummary } from '~/domain/booking'
import { conflict, forbidden, notFound } from '~/domain/errors'
import { addDays, type WallDateTime } from '~/domain/hotel-time'
import { assertCan, canPostStayUpdate, canSeeStayUpdates, isStaff } from '~/domain/permissions'
import { DIGEST_HOUR, type StayUpdate } from '~/domain/stay-update'
import type { Actor } from '~/domain/user'
import { hotelClock } from '~/infra/clock.server'
import { compiledOnce, getDb, rowsOf } from '~/infra/db.server'
import { storePrivatePhoto, type ProcessedPrivatePhoto } from '~/infra/photo-processing.server'
import {
  deletePhotosQuietly,
  getPhotoStorage,
  type StoredPhoto,
} from '~/infra/photo-storage.server'
import { stayUpdatesDigestMail } from '~/mail/stay-updates'
import { STAY_UPDATE_MESSAGES, type StayUpdateInput } from '~/schemas/stay-update'
import { enqueueMail } from '../mail-outbox.server'
import { PREPARED, toPgArray } from '~/infra/prepared-statements.server'
import { type Conn } from './rows.server'

// Stay updates ("report cards"). Any staff member posts them while the pet
// is checked in; staff and the booking's client read them (a cancelled
// booking is gone for its client, as everywhere). A photo is kept privately
// and served only through its booking. Once a day, at DIGEST_HOUR hotel
// time, each owner gets ONE mail summarising the updates posted since the
// last summary: the updates are claimed with FOR UPDATE SKIP LOCKED and
// marked in the transaction that writes the mail to the outbox, so several
// servers never summarise one update twice, and a crash leaves both or neither.

export const STAY_UPDATE_FAILURES = {
  notSaved: 'Update was not saved',
  bookingNotFound: 'Booking not found',
  notFound: 'Update not found',
  noPhoto: 'No photo on record',
} as const

/** Where the owner and staff see an update's photo: behind their login, never /photos. */
export const stayUpdatePhotoUrl = (bookingId: number, id: number) =>
  `/api/bookings/${bookingId}/updates/${id}/photo`

type UpdateRow = Omit<StayUpdate, 'photo_url'> & { photo_key: string | null }

const updatesQuery = (db: Conn) =>
  db({ u: 'stay_updates' })
    .leftJoin({ a: 'users' }, 'a.id', 'u.author_id')
    .select(
      'u.id',
      'u.booking_id',
      'u.note',
      'u.ate_well',
      'u.played',
      'u.medication_given',
      'u.photo_key',
      db.raw(`to_char(u.created_at, 'YYYY-MM-DD HH24:MI:SS') as created_at`),
      'a.fname as author',
    )

const newestFirst = <Q extends ReturnType<typeof updatesQuery>>(q: Q) =>
  q.orderBy('u.created_at', 'desc').orderBy('u.id', 'desc')

// The row's object (made by the rest pattern) takes the URL itself: a property
// added after a spread makes V8 copy the object slowly, per update (decision 055).
const toUpdate = ({ photo_key, ...row }: UpdateRow): StayUpdate =>
  Object.assign(row, {
    photo_url: photo_key ? stayUpdatePhotoUrl(row.booking_id, row.id) : null,
  })

type StayRef = { id: number; client_id: number | null; pet_id: number | null; status: string }

/** The booking, for someone who may read its updates (locked when `lock`). */
async function requireStay(db: Conn, bookingId: number, actor: Actor, { lock = false } = {}) {
  const q = db('bookings').select('id', 'client_id', 'pet_id', 'status').where({ id: bookingId })
  if (lock) q.forUpdate()
  const stay = (await q.first()) as StayRef | undefined
  if (!stay || (stay.status === 'cancelled' && !isStaff(actor)))
    throw notFound(STAY_UPDATE_FAILURES.bookingNotFound)
  assertCan(canSeeStayUpdates(actor, stay))
  return stay
}

/** A stay's updates, newest first (GET /api/bookings/{id}/updates). */
export async function listStayUpdates({
  bookingId,
  actor,
}: {
  bookingId: number
  actor: Actor
}): Promise<StayUpdate[]> {
  const db = await getDb()
  await requireStay(db, bookingId, actor)
  const rows = (await newestFirst(updatesQuery(db).where('u.booking_id', bookingId))) as UpdateRow[]
  return rows.map(toUpdate)
}

/**
 * Posts an update on a stay whose pet is checked in: staff only (403 to
 * anyone else, before the stay is judged), 409 when the pet is not checked
 * in. A photo is stored first and removed again if the update is refused.
 */
export async function postStayUpdate({
  bookingId,
  actor,
  input,
  photo,
}: {
  bookingId: number
  actor: Actor
  input: Omit<StayUpdateInput, 'photo'>
  photo?: ProcessedPrivatePhoto
}): Promise<StayUpdate> {
  if (!actor || !canPostStayUpdate(actor)) throw forbidden()
  const db = await getDb()
  if (photo) await storePrivatePhoto(photo)
  try {
    return await db.transaction(async (trx) => {
      // Locked: an update racing a check-out sees the stay before or after it, never between.
      const stay = await requireStay(trx, bookingId, actor, { lock: true })
      if (stay.status !== 'checked_in') throw conflict(STAY_UPDATE_MESSAGES.notCheckedIn)
      const [row] = (await trx('stay_updates')
        .insert({
          booking_id: bookingId,
          author_id: actor.id,
          note: input.note,
          ate_well: input.ate_well,
          played: input.played,
          medication_given: input.medication_given,
          photo_key: photo?.key ?? null,
          created_at: hotelClock().now,
        })
        .returning('id')) as { id: number }[]
      const added = (await updatesQuery(trx).where('u.id', row.id).first()) as UpdateRow
      return toUpdate(added)
    })
  } catch (error) {
    if (photo) await deletePhotosQuietly([photo.key])
    throw error
  }
}

/** An update's photo, for the booking's client and staff; 404 when it has none. */
export async function getStayUpdatePhoto({
  bookingId,
  id,
  actor,
}: {
  bookingId: number
  id: number
  actor: Actor
}): Promise<StoredPhoto> {
  const db = await getDb()
  await requireStay(db, bookingId, actor)
  const row = (await db('stay_updates')
    .select('photo_key')
    .where({ id, booking_id: bookingId })
    .first()) as { photo_key: string | null } | undefined
  if (!row) throw notFound(STAY_UPDATE_FAILURES.notFound)
  const photo = row.photo_key ? await getPhotoStorage().get(row.photo_key) : null
  if (!photo) throw notFound(STAY_UPDATE_FAILURES.noPhoto)
  return photo
}

/**
 * The latest updates of a pet's stays, newest first, for its page (whose
 * loader has already checked that the reader may see the pet). A client
 * sees none of a cancelled stay.
 */
export async function listPetStayUpdates({
  petId,
  actor,
  limit = 30,
}: {
  petId: number
  actor: Actor
  limit?: number
}): Promise<StayUpdate[]> {
  const db = await getDb()
  const q = updatesQuery(db)
    .join({ b: 'bookings' }, 'b.id', 'u.booking_id')
    .where('b.pet_id', petId)
    .limit(limit)
    .options(PREPARED)
  if (!isStaff(actor)) q.whereNot('b.status', 'cancelled')
  const rows = (await newestFirst(q)) as UpdateRow[]
  return rows.map(toUpdate)
}

/**
 * Each of the stays' updates (`bookingIds`: one array value, `toPgArray`),
 * counted and numbered newest first per stay: a lookup by key on their
 * index. Its columns read the same as JSON (the day sheet reads it with the
 * rest of its details in one round trip, `oneRoundTripQuery`).
 */
export const latestOfStaysQuery = (db: Conn, bookingIds: string) =>
  updatesQuery(db)
    .select(db.raw('count(*) over (partition by u.booking_id)::int as count'))
    .select(
      db.raw(
        'row_number() over (partition by u.booking_id order by u.created_at desc, u.id desc) as n',
      ),
    )
    .whereRaw('u.booking_id = ANY(?::int[])', [bookingIds])

export type LatestOfStaysRow = UpdateRow & { count: number; n: string | number }

/** latestOfStaysQuery's rows as each stay's count of updates and its newest one, by booking id. */
export function summariesOfStays(rows: LatestOfStaysRow[]): Map<number, StayUpdateSummary> {
  const out = new Map<number, StayUpdateSummary>()
  // `n` is a bigint: text from the driver, a number from JSON.
  for (const { count, n, ...row } of rows)
    if (Number(n) === 1) out.set(row.booking_id, { count, latest: toUpdate(row) })
  return out
}

// Compiled once and prepared: My bookings asks on every request.
const LATEST_OF_STAYS = compiledOnce((db, bookingIds: string) =>
  latestOfStaysQuery(db, bookingIds).options(PREPARED),
)

/** How many updates each stay has and its newest one (My bookings). */
async function latestStayUpdates(
  db: Conn,
  bookingIds: number[],
): Promise<Map<number, StayUpdateSummary>> {
  if (!bookingIds.length) return new Map()
  return summariesOfStays(
    await rowsOf<LatestOfStaysRow>(LATEST_OF_STAYS(db, toPgArray(bookingIds))),
  )
}

/** The update summaries of a client's own stays, by booking id (My bookings). */
export async function ownStayUpdateSummaries({
  actor,
}: {
  actor: Actor
}): Promise<Record<number, StayUpdateSummary>> {
  if (!actor) throw forbidden()
  const db = await getDb()
  const ids = (await db('bookings')
    .where({ client_id: actor.id })
    .whereNot('status', 'cancelled')
    .whereExists(db('stay_updates').whereRaw('stay_updates.booking_id = bookings.id'))
    .pluck('id')
    .options(PREPARED)) as number[]
  return Object.fromEntries(await latestStayUpdates(db, ids))
}

/**
 * Removes the updates of the pets' stays (their pets are being deleted, or
 * their owner's account) and answers the photo keys to delete once the
 * transaction commits.
 */
export async function removeStayUpdatesOfPets(db: Conn, petIds: number[]): Promise<string[]> {
  if (!petIds.length) return []
  const rows = (await db('stay_updates')
    .whereIn('booking_id', db('bookings').select('id').whereIn('pet_id', petIds))
    .delete()
    .returning('photo_key')) as { photo_key: string | null }[]
  return rows.flatMap((r) => (r.photo_key ? [r.photo_key] : []))
}

/** The latest summary moment at or before `now`: today's DIGEST_HOUR, or yesterday's. */
export function digestCutoff(now: WallDateTime): WallDateTime {
  const today = now.slice(0, 10)
  const hour = `${String(DIGEST_HOUR).padStart(2, '0')}:00:00`
  return now.slice(11) >= hour ? `${today} ${hour}` : `${addDays(today, -1)} ${hour}`
}

const DIGEST_BATCH = 50

/**
 * Writes the owners' daily summaries due now to the outbox: for each stay,
 * the updates posted before the latest DIGEST_HOUR and not yet summarised,
 * in one mail to its client. Returns how many mails were queued.
 */
export async function sendDueStayDigests({ origin }: { origin: string }): Promise<number> {
  const db = await getDb()
  const cutoff = digestCutoff(hotelClock().now)
  let total = 0
  for (;;) {
    const claimed = await db.transaction(async (trx) => {
      // The stays with something to summarise, each locked (skipped if another
      // server holds it): its updates are claimed with it.
      const stays = (await trx('bookings')
        .select('id')
        .whereIn(
          'id',
          trx('stay_updates')
            .distinct('booking_id')
            .whereNull('digested_at')
            .where('created_at', '<', cutoff),
        )
        .orderBy('id')
        .limit(DIGEST_BATCH)
        .forUpdate()
        .skipLocked()) as { id: number }[]
      if (!stays.length) return 0
      const ids = stays.map((s) => s.id)
      const marked = (await trx('stay_updates')
        .whereIn('booking_id', ids)
        .whereNull('digested_at')
        .where('created_at', '<', cutoff)
        .update({ digested_at: hotelClock().instant.toISOString() })
        .returning('id')) as { id: number }[]
      const rows = (await updatesQuery(trx)
        .whereIn(
          'u.id',
          marked.map((m) => m.id),
        )
        .orderBy('u.created_at')
        .orderBy('u.id')) as UpdateRow[]
      // Only an active client with an account hears of it (the updates are marked all the same).
      const owners = (await trx({ b: 'bookings' })
        .join({ c: 'users' }, 'c.id', 'b.client_id')
        .join({ p: 'pets' }, 'p.id', 'b.pet_id')
        .select('b.id', 'b.pet_id', 'p.name as pet_name', 'c.email', 'c.fname')
        .whereIn('b.id', ids)
        .where('c.active', true)) as {
        id: number
        pet_id: number
        pet_name: string
        email: string
        fname: string
      }[]
      for (const owner of owners) {
        const updates = rows.filter((r) => r.booking_id === owner.id).map(toUpdate)
        if (!updates.length) continue
        await enqueueMail(
          trx,
          stayUpdatesDigestMail({
            to: owner.email,
            fname: owner.fname,
            petName: owner.pet_name,
            petId: owner.pet_id,
            updates,
            origin,
          }),
        )
        total++
      }
      return ids.length
    })
    if (claimed < DIGEST_BATCH) return total
  }
}
