import type { Logger } from 'pino'
import type { ServiceSpecies } from '~/domain/service'
import type { BookingType } from '~/domain/booking-rules'
import { addDays, type IsoDate } from '~/domain/hotel-time'
import type { Position, User } from '~/domain/user'
import { DEFAULT_REQUIRED_VACCINES } from '~/domain/vaccination'
import { hotelClock, now } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { processPhoto } from '~/infra/photo-processing.server'
import { deletePhotosQuietly } from '~/infra/photo-storage.server'
import type { PetFieldsInput } from '~/schemas/pet'
import { recordStay } from './booking/record-stay.server'
import { drawPetPortrait } from './demo-photos.server'
import { addVaccination, certificateKeysOfPets } from './pet/vaccinations.server'
import { createPet } from './pet/write.server'
import { recordReview } from './review.server'
import { createService } from './service.server'
import { createUser, PUBLIC_USER_COLUMNS, toUser, type UserRow } from './user.server'

// A believable demo hotel: the four demo accounts of the README, more clients
// and staff, services with their staff, pets with drawn portraits, past,
// current and upcoming bookings (relative to today in hotel time) and reviews.

export const DEMO_PASSWORD = 'password'

export const DEMO_ACCOUNTS: {
  key: string
  position: Position | null
  fname: string
  lname: string
}[] = [
  { key: 'client', position: null, fname: 'Casey', lname: 'Morgan' },
  { key: 'employee', position: 'Employee', fname: 'Emery', lname: 'Walsh' },
  { key: 'manager', position: 'Manager', fname: 'Morgan', lname: 'Reyes' },
  { key: 'owner', position: 'Owner', fname: 'Olivia', lname: 'Hart' },
]

export const demoEmail = (key: string) => `demo-${key}@example.com`

/**
 * The demo account of a role (the Demo menu's one-click login), found by who
 * it is — its username and role — not by its password, so a demo password
 * that was changed doesn't break the menu. A deactivated one, or one whose
 * role was changed, is not offered: null.
 */
export async function findDemoAccount(key: string): Promise<User | null> {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key)
  if (!account) return null
  const db = await getDb()
  const row = (await db('users')
    .select(...PUBLIC_USER_COLUMNS)
    .where({ username: `demo-${account.key}`, active: true })
    .first()) as UserRow | undefined
  if (!row || (row.position ?? null) !== account.position) return null
  return toUser(row)
}

const MORE_PEOPLE: { username: string; fname: string; lname: string; position: Position | null }[] =
  [
    { username: 'jordan.lee', fname: 'Jordan', lname: 'Lee', position: null },
    { username: 'priya.n', fname: 'Priya', lname: 'Nair', position: null },
    { username: 'sam.okafor', fname: 'Sam', lname: 'Okafor', position: null },
    { username: 'mia.chen', fname: 'Mia', lname: 'Chen', position: null },
    { username: 'diego.r', fname: 'Diego', lname: 'Ramirez', position: 'Employee' },
  ]

const SERVICES: {
  service: string
  price: number
  staff: string[]
  species: ServiceSpecies
  description: string
}[] = [
  {
    service: 'Bath & Brush',
    price: 3500,
    staff: ['employee', 'diego.r'],
    species: 'both',
    description: 'A warm bath, a gentle blow-dry and a good brush before going home.',
  },
  {
    service: 'Nail Trim',
    price: 1500,
    staff: ['employee'],
    species: 'both',
    description: 'Nails trimmed and filed by a groomer who takes it slowly.',
  },
  {
    service: 'Extra Walk',
    price: 1200,
    staff: ['diego.r'],
    species: 'dog',
    description: 'A 30-minute walk on the river path on top of the daily ones.',
  },
  {
    service: 'Playgroup Session',
    price: 1800,
    staff: ['employee', 'diego.r'],
    species: 'dog',
    description: 'An hour in the yard with dogs of a similar size and temperament.',
  },
  {
    service: 'Medication Administration',
    price: 800,
    staff: ['manager'],
    species: 'both',
    description: 'Pills, drops or injections as your vet prescribed, logged every time.',
  },
  {
    service: 'Cat Enrichment Hour',
    price: 1400,
    staff: ['employee'],
    species: 'cat',
    description: 'Feather wands, tunnels and a sunny window perch, one cat at a time.',
  },
  {
    service: 'Bedtime Story & Treat',
    price: 600,
    staff: ['manager', 'employee'],
    species: 'both',
    description: 'A quiet wind-down with a treat and a soft voice before lights out.',
  },
]

type DemoPet = PetFieldsInput & { owner: string; palette: string }

// The demo pets' vets and emergency contacts, taken in turn (one pet has none).
const DEMO_CONTACTS = [
  {
    vet_name: 'Riverside Animal Clinic',
    vet_phone: '5550107700',
    emergency_contact_name: 'Ana Reyes (sister)',
    emergency_contact_phone: '5550104411',
  },
  { vet_name: 'Dr. Priya Patel, Harbor Vets', vet_phone: '5550108200' },
  {},
] as const

const PETS: DemoPet[] = [
  {
    owner: 'client',
    palette: 'golden',
    name: 'Biscuit',
    type: 'dog',
    breed: 'Golden Retriever',
    age: 4,
    gender: 'male',
    color: 'Golden',
    weight: 68,
    dob: '2022-03-14',
    size: 'he chomnk',
    behavior: 'playful',
    medication_note: '',
    dietary_note: 'Grain-free kibble, two cups morning and evening',
  },
  {
    owner: 'client',
    palette: 'grey',
    name: 'Mochi',
    type: 'cat',
    breed: 'Russian Blue',
    age: 2,
    gender: 'female',
    color: 'Grey',
    weight: 9,
    dob: '2024-06-02',
    size: 'a fine boi',
    behavior: 'shy',
    medication_note: '',
    dietary_note: 'Wet food only, half a can twice a day',
  },
  {
    owner: 'jordan.lee',
    palette: 'black',
    name: 'Shadow',
    type: 'dog',
    breed: 'Labrador Retriever',
    age: 7,
    gender: 'male',
    color: 'Black',
    weight: 82,
    dob: '2019-09-20',
    size: 'heftychonk',
    behavior: 'calm',
    medication_note: 'Joint supplement with breakfast',
    dietary_note: 'Senior formula',
  },
  {
    owner: 'priya.n',
    palette: 'ginger',
    name: 'Marmalade',
    type: 'cat',
    breed: 'Domestic Shorthair',
    age: 5,
    gender: 'male',
    color: 'Orange',
    weight: 14,
    dob: '2021-04-11',
    size: 'a heckin chonker',
    behavior: 'playful',
    medication_note: '',
    dietary_note: 'Measured portions: he will ask for more',
  },
  {
    owner: 'sam.okafor',
    palette: 'tricolor',
    name: 'Pepper',
    type: 'dog',
    breed: 'Beagle',
    age: 3,
    gender: 'female',
    color: 'Tricolor',
    weight: 24,
    dob: '2023-01-30',
    size: 'a fine boi',
    behavior: 'playful',
    medication_note: '',
    dietary_note: '',
  },
  {
    owner: 'mia.chen',
    palette: 'white',
    name: 'Luna',
    type: 'cat',
    breed: 'Ragdoll',
    age: 6,
    gender: 'female',
    color: 'White',
    weight: 12,
    dob: '2020-08-08',
    size: 'he chomnk',
    behavior: 'calm',
    medication_note: 'Thyroid tablet at 8am, hidden in a treat',
    dietary_note: '',
  },
  {
    owner: 'mia.chen',
    palette: 'brown',
    name: 'Rocco',
    type: 'dog',
    breed: 'Boxer',
    age: 5,
    gender: 'male',
    color: 'Brown',
    weight: 65,
    dob: '2021-02-17',
    size: 'megachonker',
    behavior: 'aggressive',
    medication_note: '',
    dietary_note: 'Feed separately from other dogs',
  },
]

// Bookings relative to today: [pet, type, drop-off day offset, hour, pick-up day offset, hour, services]
const BOOKINGS: [string, BookingType, number, number, number, number, string[]][] = [
  ['Biscuit', 'boarding_care', 6, 9, 9, 17, ['Bath & Brush', 'Extra Walk']],
  ['Biscuit', 'day_care', -12, 8, -12, 17, ['Playgroup Session']],
  ['Biscuit', 'boarding_care', -34, 10, -28, 10, ['Bath & Brush']],
  ['Mochi', 'boarding_care', -30, 9, -25, 12, ['Cat Enrichment Hour']],
  ['Shadow', 'boarding_care', -2, 10, 3, 11, ['Medication Administration', 'Extra Walk']],
  ['Marmalade', 'boarding_care', 0, 8, 4, 12, ['Cat Enrichment Hour', 'Bedtime Story & Treat']],
  ['Pepper', 'day_care', 0, 7, 0, 18, ['Playgroup Session', 'Nail Trim']],
  ['Luna', 'boarding_care', -5, 9, 0, 16, ['Medication Administration']],
  ['Rocco', 'day_care', 1, 8, 1, 17, ['Extra Walk']],
  ['Rocco', 'boarding_care', -40, 9, -31, 9, ['Extra Walk', 'Bath & Brush']],
  ['Pepper', 'boarding_care', -27, 12, -24, 12, ['Playgroup Session']],
]

const REVIEWS: [string, number, string][] = [
  [
    'client',
    5,
    'Biscuit came home tired, happy and smelling like a spa day. The daily photo updates made my week!',
  ],
  [
    'jordan.lee',
    5,
    'Shadow is a senior and needs his joint supplement on time — they never missed one. Thank you.',
  ],
  [
    'priya.n',
    4,
    'Marmalade made friends with every staff member. Only four paws because he now expects bedtime stories at home.',
  ],
  ['sam.okafor', 5, 'Pepper loves playgroup. Easy drop-off, friendly people, spotless rooms.'],
  ['mia.chen', 3, 'Luna was well looked after, but pick-up took a while on a busy Sunday.'],
  ['mia.chen', 4, 'Rocco needs his space and the team respected that completely.'],
]

/** Seeds demo data once, on the first start of an empty database. */
export async function ensureDemoData({ demo, logger }: { demo: boolean; logger?: Logger }) {
  const db = await getDb()
  const row = await db('users').count<{ count: number }[]>({ count: '*' }).first()
  if (Number(row?.count ?? 0) > 0 || !demo) return
  await seedDemoData()
  logger?.info('Seeded demo data')
}

/** The demo accounts that exist (by email): a warning in production, where they must not. */
export async function demoAccountsPresent(): Promise<string[]> {
  const db = await getDb()
  const emails = DEMO_ACCOUNTS.map((a) => demoEmail(a.key))
  const rows: { email: string }[] = await db('users')
    .select('email')
    .whereRaw('lower(email) = ANY(?::text[])', [`{${emails.join(',')}}`])
  return rows.map((r) => r.email)
}

/** Empties every table and the photo store (for `npm run seed`). */
export async function resetDatabase() {
  const db = await getDb()
  const keys = await db('pet_images').select('storage_key', 'thumb_key')
  const certificates = await certificateKeysOfPets(
    db,
    (await db('pets').select('id')).map((p: { id: number }) => p.id),
  )
  await db.raw(
    'TRUNCATE booking_services, bookings, reviews, service_staff, services, pet_of_the_month, pet_images, pets, sessions, users, rate_limits RESTART IDENTITY CASCADE',
  )
  await db('capacity_locks').delete()
  await deletePhotosQuietly([...keys.flatMap((k) => [k.storage_key, k.thumb_key]), ...certificates])
}

export async function seedDemoData() {
  const { today } = hotelClock()
  const people = new Map<string, User>()
  const hotelOwner = () => people.get('owner')!

  let n = 0
  const phone = () => `555010${String(1000 + n++).slice(-4)}`
  for (const account of DEMO_ACCOUNTS) {
    people.set(
      account.key,
      await createUser({
        username: `demo-${account.key}`,
        email: demoEmail(account.key),
        password: DEMO_PASSWORD,
        fname: account.fname,
        lname: account.lname,
        phone_num: phone(),
        address: `${12 + n} Main Street`,
        city: 'Springfield',
        state: 'Vermont',
        zip: '05156',
        position: account.position,
      }),
    )
  }
  for (const person of MORE_PEOPLE) {
    people.set(
      person.username,
      await createUser({
        username: person.username,
        email: `${person.username}@example.com`,
        password: DEMO_PASSWORD,
        fname: person.fname,
        lname: person.lname,
        phone_num: phone(),
        address: `${30 + n * 7} Maple Avenue`,
        city: 'Springfield',
        state: 'Vermont',
        zip: '05156',
        position: person.position,
      }),
    )
  }

  const services = new Map<string, { id: number; price_cents: number; service: string }>()
  for (const s of SERVICES) {
    const created = await createService({
      actor: hotelOwner(),
      input: {
        service: s.service,
        price: s.price,
        staff: s.staff.map((key) => people.get(key)!.id),
        species: s.species,
        description: s.description,
      },
    })
    services.set(s.service, {
      id: created.id,
      price_cents: created.priceCents,
      service: created.service,
    })
  }

  const pets = new Map<string, { id: number; owner_id: number; type: 'cat' | 'dog' }>()
  for (const [i, { owner, palette, ...fields }] of PETS.entries()) {
    const preview = await processPhoto(
      await drawPetPortrait({ type: fields.type, palette, variant: i }),
    )
    const extra =
      i < 2
        ? [
            await processPhoto(
              await drawPetPortrait({ type: fields.type, palette, variant: i + 1 }),
            ),
          ]
        : []
    const pet = await createPet({
      actor: hotelOwner(),
      ownerId: people.get(owner)!.id,
      fields: { ...fields, ...DEMO_CONTACTS[i % DEMO_CONTACTS.length] },
      preview,
      additional: extra,
    })
    pets.set(fields.name, { id: pet.id, owner_id: pet.owner_id, type: fields.type })
    // Every demo pet is up to date on its species' required vaccines; the
    // last pet's records were added by its owner and await staff's check.
    for (const vaccine of DEFAULT_REQUIRED_VACCINES[fields.type])
      await addVaccination({
        petId: pet.id,
        actor: hotelOwner(),
        input: {
          vaccine,
          given_on: addDays(today, -200),
          expires_on: addDays(today, 530),
          verified: i < PETS.length - 1,
        },
      })
  }

  // Past and in-progress stays cannot be booked through the rules (no date in
  // the past), so they are recorded as the engine would have priced them.
  const db = await getDb()
  for (const [petName, type, dropDay, dropHour, pickDay, pickHour, serviceNames] of BOOKINGS) {
    const pet = pets.get(petName)!
    const dropOff = wall(addDays(today, dropDay), dropHour)
    const pickUp = wall(addDays(today, pickDay), pickHour)
    const id = await recordStay({
      petId: pet.id,
      bookingType: type,
      dropOff,
      pickUp,
      serviceIds: serviceNames.map((name) => services.get(name)!.id),
    })
    // The front desk checked in the pets that have arrived and out those gone home, on time.
    const { now: wallNow } = hotelClock()
    if (dropOff <= wallNow)
      await db('bookings')
        .where({ id })
        .update(
          pickUp <= wallNow
            ? { status: 'checked_out', checked_in_at: dropOff, checked_out_at: pickUp }
            : { status: 'checked_in', checked_in_at: dropOff },
        )
  }

  for (const [i, [author, paws, review]] of REVIEWS.entries()) {
    const at = new Date(now().getTime() - (REVIEWS.length - i) * 3 * 86_400_000)
    await recordReview({ authorId: people.get(author)!.id, input: { review, paws }, at })
  }
}

function wall(date: IsoDate, hour: number) {
  return `${date} ${String(hour).padStart(2, '0')}:00:00`
}
