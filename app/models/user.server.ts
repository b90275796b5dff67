import { hash, verify } from '@node-rs/argon2'
import { getDb, type Db } from '~/infra/db.server'
import type { SignupInput } from '~/schemas/auth'

export const POSITIONS = ['Employee', 'Manager', 'Owner'] as const
export type Position = (typeof POSITIONS)[number]

/** The User of spec §3. Never carries a password or hash. */
export type User = {
  id: number
  username: string
  email: string
  fname: string
  lname: string
  phone_num: string
  address: string
  city: string
  state: string
  zip: string
  staff: boolean
  position?: Position
}

const PUBLIC_COLUMNS = [
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

type UserRow = Omit<User, 'position'> & { position: Position | null }

export function toUser(row: UserRow): User {
  const { position, ...rest } = row
  return position ? { ...rest, staff: !!rest.staff, position } : { ...rest, staff: !!rest.staff }
}

export const isAdmin = (user: Pick<User, 'position'> | null | undefined) =>
  user?.position === 'Owner' || user?.position === 'Manager'

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

export async function verifyLogin({ email, password }: { email: string; password: string }) {
  const db = await getDb()
  const row = await db('users')
    .select(...PUBLIC_COLUMNS, 'password_hash')
    .whereRaw('lower(email) = lower(?)', [email.trim()])
    .first()
  if (!row) {
    dummyHash ??= hashPassword('not-a-real-password')
    await verify(await dummyHash, password).catch(() => false)
    return null
  }
  const ok = await verify(row.password_hash, password).catch(() => false)
  if (!ok) return null
  const { password_hash: _ignored, ...user } = row
  return toUser(user as UserRow)
}

export class DuplicateUserError extends Error {
  constructor(public errors: Record<string, string>) {
    super('Duplicate user')
  }
}

export async function createUser(
  input: SignupInput & { position?: Position | null },
  options: { hashOptions?: HashOptions; db?: Db } = {},
): Promise<User> {
  const db = options.db ?? (await getDb())
  const password_hash = await hashPassword(input.password, options.hashOptions)
  const { password: _password, position, ...fields } = input
  return db.transaction(async (trx) => {
    const clash = await trx('users')
      .select('email', 'username')
      .whereRaw('lower(email) = lower(?)', [fields.email])
      .orWhereRaw('lower(username) = lower(?)', [fields.username])
    if (clash.length) {
      const errors: Record<string, string> = {}
      if (clash.some((c) => c.email.toLowerCase() === fields.email.toLowerCase()))
        errors.email = 'Email address is already in use.'
      if (clash.some((c) => c.username.toLowerCase() === fields.username.toLowerCase()))
        errors.username = 'Username is already in use.'
      throw new DuplicateUserError(errors)
    }
    try {
      const [row] = await trx('users')
        .insert({ ...fields, password_hash, staff: !!position, position: position ?? null })
        .returning(PUBLIC_COLUMNS as unknown as string[])
      return toUser(row)
    } catch (error) {
      // Two signups racing for one email: the unique index decides.
      if ((error as { code?: string }).code === '23505')
        throw new DuplicateUserError({ email: 'Email address is already in use.' })
      throw error
    }
  })
}

export async function getUserById(id: number): Promise<User | null> {
  const db = await getDb()
  const row = await db('users')
    .select(...PUBLIC_COLUMNS)
    .where({ id })
    .first()
  return row ? toUser(row) : null
}

/** All users, in id order (GET /api/users/real). */
export async function listUsers(): Promise<User[]> {
  const db = await getDb()
  const rows = await db('users')
    .select(...PUBLIC_COLUMNS)
    .orderBy('id')
  return rows.map(toUser)
}

/** One page of users of a group, for the /users page. */
export async function listUsersPage({
  group,
  page,
  pageSize = 50,
}: {
  group: 'clients' | 'Employee' | 'Manager' | 'Owner'
  page: number
  pageSize?: number
}): Promise<{ users: User[]; hasMore: boolean }> {
  const db = await getDb()
  const q = db('users')
    .select(...PUBLIC_COLUMNS)
    .orderBy('id')
  if (group === 'clients') q.where({ staff: false })
  else q.where({ position: group })
  const rows = await q.limit(pageSize + 1).offset((page - 1) * pageSize)
  return { users: rows.slice(0, pageSize).map(toUser), hasMore: rows.length > pageSize }
}

/** Staff members, in id order (GET /api/users/staff). */
export async function listStaff(): Promise<User[]> {
  const db = await getDb()
  const rows = await db('users')
    .select(...PUBLIC_COLUMNS)
    .where({ staff: true })
    .orderBy('id')
  return rows.map(toUser)
}
