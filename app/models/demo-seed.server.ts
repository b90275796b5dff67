import type { Logger } from 'pino'
import { addDays, type IsoDate } from '~/domain/hotel-time'
import type { Position, User } from '~/domain/user'
import { DEFAULT_REQUIRED_VACCINES } from '~/domain/vaccination'
import { hotelClock, now } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { processPhoto } from '~/infra/photo-processing.server'
import { deletePhotosQuietly } from '~/infra/photo-storage.server'
import { recordStay } from './booking/record-stay.server'
import { seedDemoStayUpdates } from './demo-stay-updates.server'
import { BOOKINGS, DEMO_CONTACTS, MORE_PEOPLE, PETS, REVIEWS, SERVICES } from './demo-data'
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
  const updatePhotos = (await db('stay_updates')
    .whereNotNull('photo_key')
    .pluck('photo_key')) as string[]
  await db.raw(
    'TRUNCATE stay_updates, booking_services, bookings, reviews, service_staff, services, pet_of_the_month, pet_images, pets, sessions, users, rate_limits RESTART IDENTITY CASCADE',
  )
  await db('capacity_locks').delete()
  await deletePhotosQuietly([
    ...keys.flatMap((k) => [k.storage_key, k.thumb_key]),
    ...certificates,
    ...updatePhotos,
  ])
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

  await seedDemoStayUpdates(db, people.get('employee')!.id)

  for (const [i, [author, paws, review]] of REVIEWS.entries()) {
    const at = new Date(now().getTime() - (REVIEWS.length - i) * 3 * 86_400_000)
    await recordReview({ authorId: people.get(author)!.id, input: { review, paws }, at })
  }
}

function wall(date: IsoDate, hour: number) {
  return `${date} ${String(hour).padStart(2, '0')}:00:00`
}
