import type { Knex } from 'knex'
import type { Position, User } from '../../app/domain/user'
import { DEFAULT_REQUIRED_VACCINES } from '../../app/domain/vaccination'
import { createUser as createUserModel } from '../../app/models/user.server'
import { Client, clientFor, startServer, TEST_PASSWORD } from './http'

// Factories insert through app/models, with overrides. Users get a cheap
// argon2 cost here only, so suites that make many users stay fast.
const CHEAP_HASH = { memoryCost: 1024, timeCost: 1, parallelism: 1 }
let seq = 0

/** Set-ups act as the hotel's Owner (services are the Owner's and Managers' to create). */
export const SETUP_ACTOR = { id: 0, staff: true, position: 'Owner' as const }

export type Role = 'client' | 'employee' | 'manager' | 'owner'

const POSITION_OF: Record<Role, Position | null> = {
  client: null,
  employee: 'Employee',
  manager: 'Manager',
  owner: 'Owner',
}

export async function createUser(
  overrides: Partial<Parameters<typeof createUserModel>[0]> & { role?: Role } = {},
): Promise<User & { password: string }> {
  seq += 1
  const { role = 'client', ...rest } = overrides
  const n = `${Date.now().toString(36)}${seq}`
  const password = rest.password ?? TEST_PASSWORD
  const user = await createUserModel(
    {
      username: `user_${n}`,
      email: `user_${n}@example.com`,
      fname: 'Alex',
      lname: 'Tester',
      phone_num: '5551234567',
      address: '42 Elm Street',
      city: 'Burlington',
      state: 'Vermont',
      zip: '05401',
      position: POSITION_OF[role],
      ...rest,
      password,
    },
    { hashOptions: CHEAP_HASH },
  )
  return { ...user, password }
}

/**
 * A pet row without photos (most tests need a pet, not its pictures). Tests of
 * photos go through POST /api/pets instead.
 */
export async function createPet({
  owner,
  vaccinated = true,
  ...overrides
}: { owner: { id: number }; vaccinated?: boolean } & Partial<Record<string, unknown>>): Promise<{
  id: number
  name: string
  type: 'cat' | 'dog'
  owner_id: number
}> {
  const { getDb } = await import('../../app/infra/db.server')
  const db = await getDb()
  seq += 1
  const [row] = await db('pets')
    .insert({
      owner_id: owner.id,
      name: `Biscuit${seq}`,
      type: 'dog',
      breed: 'Beagle',
      age: 3,
      gender: 'male',
      color: 'Tricolor',
      weight: 24,
      dob: '2022-05-01',
      size: 'he chomnk',
      behavior: 'playful',
      medication_note: '',
      dietary_note: '',
      ...overrides,
    })
    .returning(['id', 'name', 'type', 'owner_id'])
  // Like every pet of the demo hotel, a test pet is up to date on the
  // vaccines the default settings require (valid through 2035) unless a test
  // of vaccinations asks for one without records.
  if (vaccinated)
    await db('vaccinations').insert(
      DEFAULT_REQUIRED_VACCINES[row.type as 'cat' | 'dog'].map((vaccine) => ({
        pet_id: row.id,
        vaccine,
        given_on: '2025-01-01',
        expires_on: '2035-12-31',
        verified: true,
      })),
    )
  return row
}

/** A service row (price in cents) with its staff, inserted through the service model. */
export async function createService(
  overrides: { service?: string; priceCents?: number; staff?: { id: number }[] } = {},
): Promise<{
  id: number
  service: string
  price: number
  priceCents: number
  staff: { id: number; fname: string; lname: string }[]
}> {
  const { createService: createServiceModel } = await import('../../app/models/service.server')
  seq += 1
  return createServiceModel({
    actor: SETUP_ACTOR,
    input: {
      service: overrides.service ?? `Service ${Date.now().toString(36)}${seq}`,
      price: overrides.priceCents ?? 2500,
      staff: (overrides.staff ?? []).map((s) => s.id),
    },
  })
}

/** A review by a client, inserted through the review model; `at` orders reviews. */
export async function createReview({
  author,
  review,
  paws = 5,
  at = new Date(),
}: {
  author: User
  review?: string
  paws?: number
  at?: Date
}) {
  const { recordReview } = await import('../../app/models/review.server')
  seq += 1
  return recordReview({
    authorId: author.id,
    input: { review: review ?? `Lovely stay number ${seq}`, paws },
    at,
  })
}

type LoggedIn = { client: Client; user: User & { password: string } }

/** A new user of `role` and a client logged in as them ('anonymous': a client nobody is logged in with). */
export async function loggedIn(role?: Role): Promise<LoggedIn>
export async function loggedIn(role: 'anonymous'): Promise<{ client: Client; user: null }>
export async function loggedIn(
  role: Role | 'anonymous',
): Promise<LoggedIn | { client: Client; user: null }>
export async function loggedIn(role: Role | 'anonymous' = 'client') {
  if (role === 'anonymous') return { client: new Client(await startServer()), user: null }
  const user = await createUser({ role })
  return { client: await clientFor(user), user }
}

/**
 * A client (first name `fname`) with a dog named Rex and one boarding stay
 * they booked through the API from `dropOff` to `pickUp` (hotel time; the
 * caller pins the clock before them), with one service.
 */
export async function bookedStay({
  dropOff,
  pickUp,
  fname = 'Nova',
}: {
  dropOff: string
  pickUp: string
  fname?: string
}) {
  const owner = await createUser({ fname })
  const pet = await createPet({ owner, name: 'Rex', type: 'dog' })
  const service = await createService()
  const c = await clientFor(owner)
  const res = await c.post('/api/bookings', {
    client_id: owner.id,
    pet_id: pet.id,
    booking_type: 'boarding_care',
    drop_off_date: dropOff,
    pick_up_date: pickUp,
    services: [service.id],
  })
  if (res.status !== 201)
    throw new Error(`booking failed: ${res.status} ${JSON.stringify(res.body)}`)
  const booking = res.body.booking as { id: number; total: number; daily_price: number }
  return { owner, pet, service, c, booking, id: booking.id }
}

/**
 * Adds `clients` clients (usernames guest1…, first names Guest1…) with a pet
 * each — a copy of `modelPetId` named "Guest <owner id>" — and 17 stays per
 * pet, long over (checked out), one every `every` across the pets from
 * `from` on: a hotel's spread of clients, pets and statuses, which the query
 * planner's estimates come from. In SQL, for thousands at once.
 */
export async function addPastGuests(
  db: Knex,
  {
    clients,
    modelPetId,
    from,
    every,
  }: { clients: number; modelPetId: number; from: string; every: string },
) {
  await db.raw(
    `INSERT INTO users (username, email, password_hash, fname, lname, phone_num, address, city, state, zip)
     SELECT 'guest' || g, 'guest' || g || '@example.com', 'x', 'Guest' || g, 'Client', '5550000000', '1 Road', 'Town', 'State', '00000'
     FROM generate_series(1, ?) AS g`,
    [clients],
  )
  await db.raw(
    `INSERT INTO pets (owner_id, name, type, breed, age, gender, color, weight, dob, size, behavior)
     SELECT u.id, 'Guest ' || u.id, type, breed, age, gender, color, weight, dob, size, behavior
     FROM pets, users AS u WHERE pets.id = ? AND u.username LIKE 'guest%'`,
    [modelPetId],
  )
  await db.raw(
    `INSERT INTO bookings (client_id, pet_id, booking_type, drop_off_at, pick_up_at, days, daily_price_cents, total_cents, status, checked_in_at, checked_out_at)
     SELECT p.owner_id, p.id, 'boarding_care', ts, ts + interval '2 days', 2, 5500, 11000, 'checked_out', ts, ts + interval '2 days'
     FROM (SELECT p.id, p.owner_id, ?::timestamp + (k * ? + p.r) * ?::interval AS ts
           FROM (SELECT id, owner_id, row_number() OVER (ORDER BY id) AS r FROM pets WHERE name LIKE 'Guest %') AS p,
                generate_series(0, 16) AS k) AS p`,
    [from, clients, every],
  )
}
