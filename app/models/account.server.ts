import { HOLDING_STATUSES } from '~/domain/front-desk'
import type { Booking } from '~/domain/booking'
import { BOOKING_TYPE_LABELS } from '~/domain/booking-rules'
import { conflict, notFound } from '~/domain/errors'
import { formatWallDate, hotelWallClock } from '~/domain/hotel-time'
import { assertCan, canDeleteOwnAccount } from '~/domain/permissions'
import type { Pet } from '~/domain/pet'
import type { Review } from '~/domain/review'
import type { Actor, User } from '~/domain/user'
import { hotelClock, now } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import type { Topic } from '~/infra/read-cache.server'
import { deletePhotosQuietly } from '~/infra/photo-storage.server'
import { accountDeletedMail } from '~/mail/account'
import type { ProfileInput } from '~/schemas/account'
import { listMyBookings } from './booking/queries.server'
import { changed } from './cache-versions.server'
import { enqueueMail } from './mail-outbox.server'
import { listOwnPets } from './pet/queries.server'
import { certificateKeysOfPets } from './pet/vaccinations.server'
import { removeStayUpdatesOfPets } from './booking/stay-updates.server'
import { IDLE_DAYS } from './session.server'
import {
  DUPLICATE_MESSAGES,
  PUBLIC_USER_COLUMNS,
  toUser,
  verifyCurrentPassword,
  type UserRow,
} from './user.server'
import { PREPARED } from '~/infra/prepared-statements.server'

// A person's own account: their profile, a new email address (confirmed by a
// link mailed to it; the old address is told once it changes), reminder
// preferences, their sessions, a copy of their data, and deleting the
// account. Changes that could hand the account to someone else ask for the
// current password first. Each change is recorded in user_events, so the
// Owner sees it on /users.

export const ACCOUNT_MESSAGES = {
  profileFailed: 'Profile was not saved',
  emailFailed: 'Email address was not changed',
  sameEmail: 'This is already your email address',
  tooManyLinks:
    'You have asked for several confirmation links in the last hour. Please use the newest one, or try again later.',
  emailUnknown:
    'This confirmation link is not valid. Please ask for a new one on your account page.',
  emailUsed: 'This confirmation link has already been used.',
  emailExpired:
    'This confirmation link has expired. Please ask for a new one on your account page.',
  emailTakenMeanwhile:
    'Another account started using this email address in the meantime, so yours was not changed.',
  deleteFailed: 'Your account was not deleted',
  staying:
    'One of your pets is staying with us right now. You can delete your account after it has been picked up.',
  staffCannotDelete:
    'Staff accounts are closed by the Owner or a Manager (deactivate on the users page).',
} as const

// ---- profile ----

/** The account's own settings beside its profile. */
export type AccountPreferences = { booking_reminders: boolean }

export async function getPreferences({
  actor,
}: {
  actor: NonNullable<Actor>
}): Promise<AccountPreferences> {
  const db = await getDb()
  const row = await db('users')
    .select('booking_reminders')
    .where({ id: actor.id })
    .first()
    .options(PREPARED)
  if (!row) throw notFound("User couldn't be found")
  return { booking_reminders: !!row.booking_reminders }
}

/** Saves the profile fields (PUT /api/users/me); 409 when the username is someone else's. */
export async function updateProfile({
  actor,
  input,
}: {
  actor: NonNullable<Actor>
  input: ProfileInput
}): Promise<User> {
  const db = await getDb()
  try {
    return await db.transaction(async (trx) => {
      const clash = await trx('users')
        .select('id')
        .whereRaw('lower(username) = lower(?)', [input.username])
        .whereNot({ id: actor.id })
        .first()
      if (clash)
        throw conflict(ACCOUNT_MESSAGES.profileFailed, { username: DUPLICATE_MESSAGES.username })
      const before = await trx('users').select('username').where({ id: actor.id }).first()
      const [row] = await trx('users')
        .where({ id: actor.id })
        .update(input)
        .returning<UserRow[]>(PUBLIC_USER_COLUMNS as unknown as string[])
      if (!before || !row) throw notFound("User couldn't be found")
      const topics: Topic[] = []
      // Staff names show in the services' staff lists.
      if (row.staff) topics.push('services')
      // Reviews are signed with their author's username (the cached Top Reviews among them).
      if (row.username !== before.username) topics.push('reviews')
      if (topics.length) await changed(trx, topics)
      return toUser(row)
    })
  } catch (error) {
    // Two accounts racing for one username: the unique index decides.
    if ((error as { code?: string }).code === '23505')
      throw conflict(ACCOUNT_MESSAGES.profileFailed, { username: DUPLICATE_MESSAGES.username })
    throw error
  }
}

/** Turns the reminder mail before a drop-off on or off. */
export async function setBookingReminders({
  actor,
  on,
}: {
  actor: NonNullable<Actor>
  on: boolean
}): Promise<void> {
  const db = await getDb()
  await db('users').where({ id: actor.id }).update({ booking_reminders: on })
}

// ---- sessions ----

export type SessionSummary = {
  /** Hotel time, 'YYYY-MM-DD HH:MM'. */
  created_at: string
  last_seen_at: string
  /** "Chrome on Android", from the browser's own description. */
  device: string
  current: boolean
}

/** The account's live sessions, the one asking first, then the most recently used. */
export async function listOwnSessions({
  actor,
  currentSessionId,
}: {
  actor: NonNullable<Actor>
  currentSessionId: string
}): Promise<SessionSummary[]> {
  const db = await getDb()
  const at = now().toISOString()
  const rows: {
    id: string
    created_at: Date | string
    last_seen_at: Date | string
    user_agent: string
  }[] = await db('sessions')
    .select('id', 'created_at', 'last_seen_at', 'user_agent')
    .where({ user_id: actor.id })
    .where('expires_at', '>', at)
    // Idle past the limit: dead already, though not yet purged.
    .whereRaw(`last_seen_at > ?::timestamptz - make_interval(days => ?)`, [at, IDLE_DAYS])
    .orderBy('last_seen_at', 'desc')
    .limit(100)
    .options(PREPARED)
  const zone = getEnv().HOTEL_TIMEZONE
  const wall = (t: Date | string) => hotelWallClock(new Date(t), zone).slice(0, 16)
  return rows
    .map((r) => ({
      created_at: wall(r.created_at),
      last_seen_at: wall(r.last_seen_at),
      device: describeDevice(r.user_agent),
      current: r.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current))
}

/** A short, readable name for a User-Agent: "Firefox on Windows", "Safari on iPhone". */
export function describeDevice(userAgent: string): string {
  const ua = userAgent ?? ''
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /(Chrome|Chromium|CriOS)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null
  if (browser && system) return `${browser} on ${system}`
  if (browser || system) return (browser ?? system)!
  return ua.trim() ? 'An app or script' : 'Unknown device'
}

// ---- a copy of one's data ----

export type AccountExport = {
  exported_at: string
  profile: User & AccountPreferences
  pets: Pet[]
  bookings: Booking[]
  reviews: Review[]
}

/** Everything the hotel holds about the actor that they can see: profile, pets, bookings, reviews. */
export async function exportOwnData({ actor }: { actor: User }): Promise<AccountExport> {
  const db = await getDb()
  const [preferences, pets, bookings, reviews] = await Promise.all([
    getPreferences({ actor }),
    listOwnPets({ actor }),
    listMyBookings({ actor }),
    db('reviews')
      .select(
        'id',
        'review',
        'paws',
        'client_id',
        db.raw(
          `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`,
        ),
        db.raw(
          `to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`,
        ),
      )
      .where({ client_id: actor.id })
      .orderBy('id'),
  ])
  return {
    exported_at: now().toISOString(),
    profile: { ...actor, ...preferences },
    pets,
    bookings: [...bookings.upcoming, ...bookings.past],
    reviews: reviews.map((r) => ({ ...r, client_username: actor.username })),
  }
}

// ---- deleting the account ----

/** What deleting would do, for the confirmation page. */
export async function describeDeletion({ actor }: { actor: NonNullable<Actor> }): Promise<{
  allowed: boolean
  refusal: string | null
  cancels: Booking[]
  pets: number
}> {
  if (!canDeleteOwnAccount(actor))
    return { allowed: false, refusal: ACCOUNT_MESSAGES.staffCannotDelete, cancels: [], pets: 0 }
  const [{ upcoming }, pets] = await Promise.all([
    listMyBookings({ actor }),
    listOwnPets({ actor }),
  ])
  const staying = upcoming.some((b) => b.started)
  return {
    allowed: !staying,
    refusal: staying ? ACCOUNT_MESSAGES.staying : null,
    cancels: upcoming.filter((b) => !b.started),
    pets: pets.length,
  }
}

/**
 * Deletes a client's own account, after checking the password, in one
 * transaction: refused (409) while a pet of theirs is at the hotel; upcoming
 * stays are cancelled; past stays stay for the hotel's records with no client
 * or pet (their dates, type, services and money); reviews stay as "a former
 * guest"; pets, their photos, sessions, links and unsent mail to the account
 * go; a goodbye mail says what happened. Staff accounts are deactivated by the
 * Owner or a Manager instead (403).
 */
export async function deleteOwnAccount({
  actor,
  currentPassword,
}: {
  actor: NonNullable<Actor>
  currentPassword: string
}): Promise<void> {
  assertCan(canDeleteOwnAccount(actor), ACCOUNT_MESSAGES.staffCannotDelete)
  const db = await getDb()
  const fail = ACCOUNT_MESSAGES.deleteFailed
  await verifyCurrentPassword({ userId: actor.id, password: currentPassword, message: fail })
  const { now: wallNow } = hotelClock()
  const photoKeys = await db.transaction(async (trx) => {
    const user = await trx('users')
      .select('id', 'email', 'fname')
      .where({ id: actor.id })
      .forUpdate()
      .first()
    if (!user) throw notFound("User couldn't be found")
    // The pets are locked as a booking's write locks them, so no stay is booked meanwhile.
    const pets: { id: number; name: string }[] = await trx('pets')
      .select('id', 'name')
      .where({ owner_id: actor.id })
      .orderBy('id')
      .forUpdate()
    const own = () => trx('bookings').where({ client_id: actor.id })
    // At the hotel: within its dates, or checked in and not yet checked out (a late pick-up).
    const staying = await own()
      .whereIn('status', HOLDING_STATUSES)
      .where((q) =>
        q
          .where((w) => w.where('drop_off_at', '<=', wallNow).where('pick_up_at', '>', wallNow))
          .orWhere('status', 'checked_in'),
      )
      .first('id')
    if (staying) throw conflict(fail, { current_password: ACCOUNT_MESSAGES.staying })

    const upcoming: {
      pet_id: number
      booking_type: keyof typeof BOOKING_TYPE_LABELS
      drop_off: string
      pick_up: string
    }[] = await own()
      .where('drop_off_at', '>', wallNow)
      .where('status', 'booked')
      .select(
        'pet_id',
        'booking_type',
        trx.raw(`to_char(drop_off_at, 'YYYY-MM-DD') as drop_off`),
        trx.raw(`to_char(pick_up_at, 'YYYY-MM-DD') as pick_up`),
      )
      .orderBy('drop_off_at')
    const petName = new Map(pets.map((p) => [p.id, p.name]))
    const cancelled = upcoming.map(
      (b) =>
        `${petName.get(b.pet_id) ?? 'your pet'}, ${BOOKING_TYPE_LABELS[b.booking_type].toLowerCase()}, ${formatWallDate(b.drop_off)} – ${formatWallDate(b.pick_up)}`,
    )
    await own().where('drop_off_at', '>', wallNow).delete()
    // The staff's updates on the pets' stays (notes, photos) go with them.
    const updatePhotos = await removeStayUpdatesOfPets(
      trx,
      pets.map((p) => p.id),
    )
    // Past stays lose who they were for before the pets go (their foreign keys cascade).
    await own().update({ client_id: null, pet_id: null })
    await trx('reviews').where({ client_id: actor.id }).update({ client_id: null })

    const images: { storage_key: string; thumb_key: string }[] = await trx('pet_images')
      .select('storage_key', 'thumb_key')
      .whereIn(
        'pet_id',
        pets.map((p) => p.id),
      )
    const certificates = await certificateKeysOfPets(
      trx,
      pets.map((p) => p.id),
    )
    await trx('pets').where({ owner_id: actor.id }).delete()
    // Unsent and sent messages to the account carry its name and address.
    await trx('mail_outbox').whereRaw('lower(recipient) = lower(?)', [user.email]).delete()
    await trx('users').where({ id: actor.id }).delete()
    await changed(trx, ['reviews', 'pet-of-the-month'])
    await enqueueMail(trx, accountDeletedMail({ to: user.email, fname: user.fname, cancelled }))
    return [
      ...images.flatMap((i) => [i.storage_key, i.thumb_key]),
      ...certificates,
      ...updatePhotos,
    ]
  })
  await deletePhotosQuietly(photoKeys)
}
