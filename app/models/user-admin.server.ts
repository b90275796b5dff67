import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { conflict, notFound } from '~/domain/errors'
import { hotelWallClock } from '~/domain/hotel-time'
import {
  assertCan,
  canChangePosition,
  canInviteStaff,
  canManageAccount,
  canManageUsers,
} from '~/domain/permissions'
import type { AccountEvent, Actor, Position, User } from '~/domain/user'
import { now } from '~/infra/clock.server'
import { compiledOnce, getDb, oneRoundTripQuery, rowsOf } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { staffInvitationMail } from '~/mail/staff-invitation'
import type { StaffPosition } from '~/domain/staff'
import type { AcceptInvitationInput, InvitationInput } from '~/schemas/staff'
import { changed } from './cache-versions.server'
import { enqueueMail } from './mail-outbox.server'
import { hashToken } from './session.server'
import {
  hashPassword,
  insertUser,
  PUBLIC_USER_COLUMNS,
  toUser,
  type HashOptions,
  type UserRow,
} from './user.server'

// Staff management (/users and its JSON calls): inviting staff, moving them
// between Employee and Manager, deactivating and reactivating accounts,
// ending a user's sessions. Who may do what is app/domain/permissions.ts;
// this module enforces it and keeps the rules of the data: one active Owner
// at least, and every change recorded in user_events (who, what, when).

export const INVITATION_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

export const STAFF_MESSAGES = {
  inviteFailed: 'Invitation was not sent',
  emailTaken: 'This email address already has an account.',
  managerOnlyByOwner: 'Only the Owner can invite a Manager',
  notFound: "User couldn't be found",
  lastOwner: 'The last active Owner cannot be deactivated',
  invitationUnknown: 'This invitation link is not valid. Please ask the hotel for a new one.',
  invitationUsed: 'This invitation has already been used. Log in with the account it created.',
  invitationExpired: 'This invitation has expired. Please ask the hotel to invite you again.',
  acceptFailed: 'Could not create your account',
  acceptEmailTaken:
    'An account with this email address already exists. Log in instead, or ask the hotel for help.',
} as const

/** A user as /users and the staff-management calls show them: with whether the account is active. */
export type ManagedUser = User & { active: boolean }

type ManagedRow = UserRow & { active: boolean }

// Properties are added to the user just made (Object.assign), not spread
// into a new object with them: in V8 (Node 20) each property written after a
// spread costs ~0.6 µs, and /users makes up to 250 of these (decision 055).
function toManaged(row: ManagedRow): ManagedUser {
  return Object.assign(toUser(row), { active: !!row.active })
}

const MANAGED_COLUMNS = [...PUBLIC_USER_COLUMNS, 'active'] as const

// ---- the list ----

/** The sections of /users: active accounts by role, and deactivated ones. */
export type AccountGroup = 'clients' | Position | 'deactivated'

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

type EventRow = { action: string; detail: string; at_utc: string; actor_name: string | null }

/**
 * A select expression: the latest changes of the row's account (`users.id`),
 * newest first, as one JSON array; the time as UTC text for a Date.
 */
const LATEST_EVENTS_JSON = `(
  select coalesce(json_agg(ev), '[]'::json) from (
    select e.action, e.detail, a.fname || ' ' || a.lname as actor_name,
           to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at_utc
      from user_events e left join users a on a.id = e.actor_id
     where e.user_id = users.id
     order by e.created_at desc, e.id desc
     limit ?) ev) as events`

/**
 * One section's page of accounts; `limit` one more than the page, to know if
 * more follow.
 */
function accountsPageQuery(
  db: Knex | Knex.Transaction,
  {
    group,
    words,
    eventsPerUser,
    limit,
    offset,
  }: { group: AccountGroup; words: string; eventsPerUser: number; limit: number; offset: number },
) {
  const q = db('users')
    .select(...MANAGED_COLUMNS, db.raw(LATEST_EVENTS_JSON, [eventsPerUser]))
    .orderBy('id')
  // As written, not as a parameter: the users_deactivated index (migration 018) answers it.
  if (group === 'deactivated') q.whereRaw('NOT active')
  else {
    q.where({ active: true })
    if (group === 'clients') q.where({ staff: false })
    else q.where({ position: group })
  }
  if (words) {
    const pattern = `%${escapeLike(words.toLowerCase())}%`
    q.where((w) =>
      w
        .whereRaw(`lower(fname || ' ' || lname) LIKE ?`, [pattern])
        .orWhereRaw('lower(email) LIKE ?', [pattern])
        .orWhereRaw('lower(username) LIKE ?', [pattern]),
    )
  }
  return q.limit(limit).offset(offset)
}

type Section = { group: AccountGroup; page: number }

/** Each section's query's numbers, in the order `sectionsStatement` takes them. */
const sectionNumbers = (sections: Section[], pageSize: number, eventsPerUser: number) =>
  sections.flatMap(({ page }) => [eventsPerUser, pageSize + 1, (page - 1) * pageSize])

/** The sections' pages in one statement, with `sectionNumbers`' numbers. */
const sectionsStatement = (
  db: Knex | Knex.Transaction,
  groups: AccountGroup[],
  words: string,
  numbers: number[],
) =>
  oneRoundTripQuery(
    db,
    Object.fromEntries(
      groups.map((group, i) => {
        const [eventsPerUser, limit, offset] = numbers.slice(3 * i, 3 * i + 3)
        const query = accountsPageQuery(db, { group, words, eventsPerUser, limit, offset })
        return [`section_${i}`, query]
      }),
    ),
    { prepared: !words },
  )

// Without a search the statement is compiled by knex once for each list of
// sections (at most 325 lists of the five groups; /users asks for one):
// compiling its five selects on each request cost /users 4–5% of its CPU
// (decision 054). A search is compiled for its words each time.
const unsearched = new Map<
  string,
  (db: Knex | Knex.Transaction, ...numbers: number[]) => Knex.Raw
>()

/** The statement of these sections without a search, compiled the first time it is asked for. */
function unsearchedStatement(groups: AccountGroup[]) {
  const key = groups.join()
  let compiled = unsearched.get(key)
  if (!compiled) {
    compiled = compiledOnce((db, ...numbers: number[]) =>
      sectionsStatement(db, groups, '', numbers),
    )
    unsearched.set(key, compiled)
  }
  return compiled
}

/**
 * A page of each asked section of /users, each account with its latest
 * changes; `search` keeps those whose name, username or email contains it.
 * All sections in one round trip: without a search it is prepared (lookups
 * by role and key); a search is planned for its words.
 */
export async function listAccountPages({
  actor,
  sections,
  search = '',
  pageSize = 50,
  eventsPerUser = 3,
}: {
  actor: Actor
  sections: Section[]
  search?: string
  pageSize?: number
  eventsPerUser?: number
}): Promise<{ users: (ManagedUser & { events: AccountEvent[] })[]; hasMore: boolean }[]> {
  assertCan(canManageUsers(actor))
  const db = await getDb()
  const words = search.trim()
  const groups = sections.map((section) => section.group)
  const numbers = sectionNumbers(sections, pageSize, eventsPerUser)
  const query = words
    ? sectionsStatement(db, groups, words, numbers)
    : unsearchedStatement(groups)(db, ...numbers)
  const [found] = await rowsOf<Record<string, (ManagedRow & { events: EventRow[] })[]>>(query)
  const zone = getEnv().HOTEL_TIMEZONE
  return sections.map((_, i) => {
    const rows = found[`section_${i}`]
    return {
      users: rows.slice(0, pageSize).map((row) =>
        Object.assign(toManaged(row), {
          events: row.events.map((e) => ({
            action: e.action,
            detail: e.detail,
            at: hotelWallClock(new Date(e.at_utc), zone).slice(0, 16),
            actor: e.actor_name,
          })),
        }),
      ),
      hasMore: rows.length > pageSize,
    }
  })
}

/** Records a change to an account (who, what, when), in the change's transaction. */
export function recordEvent(
  trx: Knex.Transaction,
  event: { userId: number; actorId: number | null; action: string; detail?: string },
) {
  return trx('user_events').insert({
    user_id: event.userId,
    actor_id: event.actorId,
    action: event.action,
    detail: event.detail ?? '',
    created_at: now().toISOString(),
  })
}

async function lockAccount(trx: Knex.Transaction, id: number): Promise<ManagedRow> {
  const row = await trx('users')
    .select(...MANAGED_COLUMNS)
    .where({ id })
    .forUpdate()
    .first()
  if (!row) throw notFound(STAFF_MESSAGES.notFound)
  return row
}

// ---- position, active, sessions ----

/** Moves a staff member between Employee and Manager (the Owner only). */
export async function setPosition({
  actor,
  userId,
  position,
}: {
  actor: NonNullable<Actor>
  userId: number
  position: StaffPosition
}): Promise<ManagedUser> {
  assertCan(canManageUsers(actor))
  const db = await getDb()
  return db.transaction(async (trx) => {
    const row = await lockAccount(trx, userId)
    assertCan(canChangePosition(actor, toManaged(row), position))
    if (row.position === position) return toManaged(row)
    const [updated] = await trx('users')
      .where({ id: userId })
      .update({ position })
      .returning<ManagedRow[]>(MANAGED_COLUMNS as unknown as string[])
    await recordEvent(trx, {
      userId,
      actorId: actor.id,
      action: 'position',
      detail: `${row.position} → ${position}`,
    })
    return toManaged(updated)
  })
}

/**
 * Deactivates or reactivates an account. A deactivated account cannot log
 * in, its sessions end at once, and it leaves the user and staff lists; at
 * least one active Owner always remains.
 */
export async function setActive({
  actor,
  userId,
  active,
}: {
  actor: NonNullable<Actor>
  userId: number
  active: boolean
}): Promise<ManagedUser> {
  assertCan(canManageUsers(actor))
  const db = await getDb()
  return db.transaction(async (trx) => {
    // Deactivating an Owner locks every active Owner, in id order, before
    // counting them: two Owners deactivating each other at once cannot both
    // succeed (nor deadlock).
    const peek = await trx('users').select('position').where({ id: userId }).first()
    const owners: { id: number }[] =
      !active && peek?.position === 'Owner'
        ? await trx('users')
            .select('id')
            .where({ position: 'Owner', active: true })
            .orderBy('id')
            .forUpdate()
        : []
    const row = await lockAccount(trx, userId)
    assertCan(canManageAccount(actor, toManaged(row)))
    if (!active && row.active && row.position === 'Owner' && !owners.some((o) => o.id !== userId))
      throw conflict(STAFF_MESSAGES.lastOwner)
    if (!!row.active === active) return toManaged(row)
    const [updated] = await trx('users')
      .where({ id: userId })
      .update({ active })
      .returning<ManagedRow[]>(MANAGED_COLUMNS as unknown as string[])
    let detail = ''
    if (!active) {
      const ended = await trx('sessions').where({ user_id: userId }).delete()
      if (ended) detail = `${ended} ${ended === 1 ? 'session' : 'sessions'} ended`
    }
    await recordEvent(trx, {
      userId,
      actorId: actor.id,
      action: active ? 'reactivated' : 'deactivated',
      detail,
    })
    // The services list carries staff names: a (re)activated member leaves or rejoins it.
    if (row.staff) await changed(trx, ['services'])
    return toManaged(updated)
  })
}

/** Ends every session of someone else's account (log out everywhere); returns how many. */
export async function endAccountSessions({
  actor,
  userId,
}: {
  actor: NonNullable<Actor>
  userId: number
}): Promise<number> {
  assertCan(canManageUsers(actor))
  const db = await getDb()
  return db.transaction(async (trx) => {
    const row = await lockAccount(trx, userId)
    assertCan(canManageAccount(actor, toManaged(row)))
    const ended = await trx('sessions').where({ user_id: userId }).delete()
    await recordEvent(trx, {
      userId,
      actorId: actor.id,
      action: 'sessions-ended',
      detail: `${ended} ${ended === 1 ? 'session' : 'sessions'}`,
    })
    return ended
  })
}

// ---- invitations ----

/**
 * Invites someone to join the staff: a random single-use token (only its
 * SHA-256 is stored) valid INVITATION_DAYS, and the mail with its link,
 * written to the outbox in the same transaction.
 */
export async function inviteStaff({
  actor,
  input,
  origin,
}: {
  actor: NonNullable<Actor>
  input: InvitationInput
  /** Where the link points: https://hotel.example */
  origin: string
}): Promise<void> {
  assertCan(canManageUsers(actor))
  assertCan(canInviteStaff(actor, input.position), STAFF_MESSAGES.managerOnlyByOwner)
  const db = await getDb()
  const token = crypto.randomBytes(32).toString('base64url')
  const at = now()
  await db.transaction(async (trx) => {
    const taken = await trx('users')
      .select('id')
      .whereRaw('lower(email) = lower(?)', [input.email])
      .first()
    if (taken) throw conflict(STAFF_MESSAGES.inviteFailed, { email: STAFF_MESSAGES.emailTaken })
    const inviter = await trx('users').select('fname', 'lname').where({ id: actor.id }).first()
    await trx('account_tokens').insert({
      id: hashToken(token),
      purpose: 'invitation',
      user_id: null,
      email: input.email,
      fname: input.fname,
      lname: input.lname,
      position: input.position,
      created_by: actor.id,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
    })
    await enqueueMail(
      trx,
      staffInvitationMail({
        to: input.email,
        fname: input.fname,
        position: input.position,
        invitedBy: inviter ? `${inviter.fname} ${inviter.lname}` : 'The hotel',
        url: `${origin}/invitation?token=${encodeURIComponent(token)}`,
        validDays: INVITATION_DAYS,
      }),
    )
  })
}

export type Invitation = {
  email: string
  fname: string
  lname: string
  position: StaffPosition
}

type TokenRow = Invitation & {
  created_by: number | null
  expires_at: Date | string
  used_at: Date | string | null
}

/** Why a token opens no invitation; null when it does. */
function refusal(row: TokenRow | undefined) {
  if (!row) return notFound(STAFF_MESSAGES.invitationUnknown)
  if (row.used_at) return conflict(STAFF_MESSAGES.invitationUsed)
  if (new Date(row.expires_at).getTime() <= now().getTime())
    return conflict(STAFF_MESSAGES.invitationExpired)
  return null
}

function tokenQuery(db: Knex | Knex.Transaction, token: string) {
  return db('account_tokens')
    .select('email', 'fname', 'lname', 'position', 'created_by', 'expires_at', 'used_at')
    .where({ id: hashToken(token), purpose: 'invitation' })
}

/** The invitation a link's token opens (reading it changes nothing); 404/409 when it opens none. */
export async function readInvitation({ token }: { token: string }): Promise<Invitation> {
  const db = await getDb()
  const row: TokenRow | undefined = await tokenQuery(db, token).first()
  const refused = refusal(row)
  if (refused) throw refused
  const { email, fname, lname, position } = row!
  return { email, fname, lname, position }
}

/**
 * Creates the invited staff member's account with the invited email and
 * position, and uses up the token — once, even when two tabs submit together.
 */
export async function acceptInvitation({
  input,
  hashOptions,
}: {
  input: Omit<AcceptInvitationInput, 'confirm_password'>
  hashOptions?: HashOptions
}): Promise<User> {
  // Refuse a dead link before paying for a password hash; checked again under the lock.
  await readInvitation({ token: input.token })
  const password_hash = await hashPassword(input.password, hashOptions)
  const { token, password: _password, ...fields } = input
  const db = await getDb()
  return db.transaction(async (trx) => {
    const row: TokenRow | undefined = await tokenQuery(trx, token).forUpdate().first()
    const refused = refusal(row)
    if (refused) throw refused
    const invitation = row!
    let user: User
    try {
      user = await insertUser(
        trx,
        { ...fields, email: invitation.email, password_hash, position: invitation.position },
        STAFF_MESSAGES.acceptFailed,
      )
    } catch (error) {
      const taken = (error as { fieldErrors?: Record<string, string> }).fieldErrors?.email
      if (taken) throw conflict(STAFF_MESSAGES.acceptEmailTaken)
      throw error
    }
    await trx('account_tokens')
      .where({ id: hashToken(token) })
      .update({ used_at: now().toISOString() })
    await recordEvent(trx, {
      userId: user.id,
      actorId: invitation.created_by,
      action: 'joined',
      detail: `invited as ${invitation.position}`,
    })
    return user
  })
}
