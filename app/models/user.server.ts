import { hash, verify } from '@node-rs/argon2'
import type { Knex } from 'knex'
import { AppError, conflict, invalid, notFound } from '~/domain/errors'
import { assertCan, canListStaff, canManageUsers, canSeeUser } from '~/domain/permissions'
import type { Actor, Position, User } from '~/domain/user'
import { getDb, type Db } from '~/infra/db.server'
import { welcomeMail } from '~/mail/welcome'
import type { SignupInput } from '~/schemas/auth'
import { enqueueMail } from './mail-outbox.server'
import { enforceRateLimit, refundAttempt } from './rate-limit.server'

// Accounts: who people are and how they prove it. Passwords are argon2id
// hashes; no function here returns a hash.

export const PUBLIC_USER_COLUMNS = [
  'id',
  'username',
  'email',
  'fname',
  'lname',
  'phone_num',
  'address',
  'city',
  'state',
  'zip',
  'staff',
  'position',
] as const

export type UserRow = Omit<User, 'position'> & { position: Position | null }

/**
 * The one place a row becomes a User: its public columns only, in their
 * order (whatever else the row holds), and a client has no `position` at
 * all. Written out field by field: in V8 (Node 20) a property written after
 * an object spread or rest takes a slow path, ~0.6 µs each, and every
 * signed-in request makes a User (decision 055).
 */
export function toUser(row: UserRow): User {
  const user: User = {
    id: row.id,
    username: row.username,
    email: row.email,
    fname: row.fname,
    lname: row.lname,
    phone_num: row.phone_num,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    staff: !!row.staff,
  }
  if (row.position) user.position = row.position
  return user
}

// OWASP's argon2id recommendation (19 MiB, 2 passes). Tests may pass cheaper
// options when they create many users; verification reads them from the hash.
export type HashOptions = { memoryCost: number; timeCost: number; parallelism: number }
const DEFAULT_HASH: HashOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string, options: HashOptions = DEFAULT_HASH) {
  return hash(password, { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, ...options })
}

// A real hash to verify against when the email is unknown, so a login for a
// missing account takes as long as one with a wrong password.
let dummyHash: Promise<string> | undefined

/** The user with this email and password, or null (same time either way). */
export async function verifyLogin({
  email,
  password,
}: {
  email: string
  password: string
}): Promise<User | null> {
  const db = await getDb()
  const row = await db('users')
    .select(...PUBLIC_USER_COLUMNS, 'password_hash', 'active')
    .whereRaw('lower(email) = lower(?)', [email.trim()])
    .first()
  if (!row) {
    dummyHash ??= hashPassword('not-a-real-password')
    await verify(await dummyHash, password).catch(() => false)
    return null
  }
  const ok = await verify(row.password_hash, password).catch(() => false)
  if (!ok) return null
  // Said only to someone who knows the password, so it tells a stranger nothing.
  if (!row.active)
    throw new AppError('unauthenticated', 'Login failed', {
      fieldErrors: { email: DEACTIVATED_MESSAGE },
    })
  const { password_hash: _ignored, active: _active, ...user } = row
  return toUser(user as UserRow)
}

export const DEACTIVATED_MESSAGE =
  'This account has been deactivated. Please contact the hotel if you think this is a mistake.'

export const DUPLICATE_MESSAGES = {
  email: 'Email address is already in use.',
  username: 'Username is already in use.',
} as const

/**
 * Creates an account (a client, or staff with a position); 409 when the email
 * or username is taken. With `welcome`, the welcome mail goes to the outbox
 * in the same transaction (a signup; never for accounts made by scripts).
 */
export async function createUser(
  input: SignupInput & { position?: Position | null },
  options: {
    hashOptions?: HashOptions
    db?: Db
    message?: string
    /** Send the welcome mail, its link pointing to `origin` (https://hotel.example). */
    welcome?: { origin: string }
  } = {},
): Promise<User> {
  const db = options.db ?? (await getDb())
  const message = options.message ?? 'Signup failed'
  const password_hash = await hashPassword(input.password, options.hashOptions)
  const { password: _password, ...fields } = input
  return db.transaction(async (trx) => {
    const user = await insertUser(trx, { ...fields, password_hash }, message)
    if (options.welcome)
      await enqueueMail(
        trx,
        welcomeMail({ to: user.email, fname: user.fname, origin: options.welcome.origin }),
      )
    return user
  })
}

/**
 * Inserts an account whose password is already hashed, inside the caller's
 * transaction; 409 with `message` when the email or username is taken.
 */
export async function insertUser(
  trx: Knex | Knex.Transaction,
  input: Omit<SignupInput, 'password'> & { password_hash: string; position?: Position | null },
  message: string,
): Promise<User> {
  const { position, ...fields } = input
  const clash = await trx('users')
    .select('email', 'username')
    .whereRaw('lower(email) = lower(?)', [fields.email])
    .orWhereRaw('lower(username) = lower(?)', [fields.username])
  if (clash.length) {
    const errors: Record<string, string> = {}
    if (clash.some((c) => c.email.toLowerCase() === fields.email.toLowerCase()))
      errors.email = DUPLICATE_MESSAGES.email
    if (clash.some((c) => c.username.toLowerCase() === fields.username.toLowerCase()))
      errors.username = DUPLICATE_MESSAGES.username
    throw conflict(message, errors)
  }
  try {
    const [row] = await trx('users')
      .insert({ ...fields, staff: !!position, position: position ?? null })
      .returning(PUBLIC_USER_COLUMNS as unknown as string[])
    return toUser(row)
  } catch (error) {
    // Two signups racing for one email: the unique index decides.
    if ((error as { code?: string }).code === '23505')
      throw conflict(message, { email: DUPLICATE_MESSAGES.email })
    throw error
  }
}

/** A user by id, for the session and for the user themselves (no permission check). */
export async function getUserById(id: number): Promise<User | null> {
  const db = await getDb()
  const row = await db('users')
    .select(...PUBLIC_USER_COLUMNS)
    .where({ id })
    .first()
  return row ? toUser(row) : null
}

/** One user, for themselves or staff (GET /api/users/{id}). */
export async function getUser({ actor, id }: { actor: Actor; id: number }): Promise<User> {
  assertCan(canSeeUser(actor, id))
  const user = await getUserById(id)
  if (!user) throw notFound("User couldn't be found")
  return user
}

/** All active users, in id order (GET /api/users/real): the Owner and Managers. */
export async function listUsers({ actor }: { actor: Actor }): Promise<User[]> {
  assertCan(canManageUsers(actor))
  const db = await getDb()
  const rows = await db('users')
    .select(...PUBLIC_USER_COLUMNS)
    .where({ active: true })
    .orderBy('id')
  return rows.map(toUser)
}

/** Active staff members, in id order (GET /api/users/staff, the services form): staff only. */
export async function listStaff({ actor }: { actor: Actor }): Promise<User[]> {
  assertCan(canListStaff(actor))
  const db = await getDb()
  const rows = await db('users')
    .select(...PUBLIC_USER_COLUMNS)
    .where({ staff: true, active: true })
    .orderBy('id')
  return rows.map(toUser)
}

export const PASSWORD_MESSAGES = {
  wrongCurrent: 'Current password is incorrect',
  tooManyTries: 'Too many wrong passwords. Please try again in an hour.',
} as const

/**
 * Tries of the current password per account per hour — before a new
 * password, a new email address or deleting the account — so whoever holds
 * a stolen session cannot guess it. A right password gives its try back.
 */
export const CURRENT_PASSWORD_TRIES_PER_HOUR = 10

/** Checks the account's current password: 400 under current_password when wrong, 429 after too many tries. */
export async function verifyCurrentPassword({
  userId,
  password,
  message,
}: {
  userId: number
  password: string
  /** The refusal's message ('Password was not changed', …). */
  message: string
}): Promise<void> {
  const key = `current-password:user:${userId}`
  await enforceRateLimit(
    { key, limit: CURRENT_PASSWORD_TRIES_PER_HOUR, windowSeconds: 60 * 60 },
    PASSWORD_MESSAGES.tooManyTries,
  )
  const db = await getDb()
  const row = await db('users').select('password_hash').where({ id: userId }).first()
  if (!row) throw notFound("User couldn't be found")
  const ok = await verify(row.password_hash, password).catch(() => false)
  if (!ok) throw invalid(message, { current_password: PASSWORD_MESSAGES.wrongCurrent })
  await refundAttempt(key)
}

/**
 * Changes the actor's own password after checking the current one, and ends
 * every other session of theirs (a stolen session dies with the old
 * password); `sessionId` is the session asking, which stays.
 */
export async function changePassword({
  actor,
  currentPassword,
  newPassword,
  sessionId,
  hashOptions,
}: {
  actor: NonNullable<Actor>
  currentPassword: string
  newPassword: string
  sessionId?: string
  hashOptions?: HashOptions
}): Promise<void> {
  await verifyCurrentPassword({
    userId: actor.id,
    password: currentPassword,
    message: 'Password was not changed',
  })
  const db = await getDb()
  const password_hash = await hashPassword(newPassword, hashOptions)
  await db.transaction(async (trx) => {
    await trx('users').where({ id: actor.id }).update({ password_hash })
    const others = trx('sessions').where({ user_id: actor.id })
    if (sessionId) others.whereNot({ id: sessionId })
    await others.delete()
  })
}
