import { HOLDING_STATUSES } from '~/domain/front-desk'
import { notFound } from '~/domain/errors'
import { addMonths, type IsoDate } from '~/domain/hotel-time'
import { assertCan, canChoosePetOfTheMonth } from '~/domain/permissions'
import { photoUrl } from '~/domain/pet'
import type { Actor } from '~/domain/user'
import { hotelClock } from '~/infra/clock.server'
import { getDb } from '~/infra/db.server'
import { cached } from '~/infra/read-cache.server'
import { changed } from './cache-versions.server'
import { nightsWithinBindings, nightsWithinSql } from './booking/states.server'

// Pet of the Month (landing page). The Owner or a Manager may choose a pet and
// a note for a month (table pet_of_the_month); when nobody chose, it is the
// pet with the most booked days in the previous month, counted on the hotel's
// wall clock (HOTEL_TIMEZONE): a boarding stay counts the nights inside that
// month, a day-care visit one day. No bookings last month → no Pet of the Month.

export type PetOfTheMonth = {
  month: string // 'YYYY-MM'
  source: 'chosen' | 'most_booked'
  note: string
  /** Booked days last month (only for the automatic choice). */
  bookedDays: number | null
  pet: {
    id: number
    name: string
    type: 'cat' | 'dog'
    breed: string
    photo: string | null
    thumbnail: string | null
  }
}

export type PetChoice = { id: number; name: string; type: 'cat' | 'dog'; owner_username: string }

type PetRow = {
  id: number
  name: string
  type: 'cat' | 'dog'
  breed: string
  storage_key: string | null
  thumb_key: string | null
}

async function petCard(petId: number): Promise<PetOfTheMonth['pet'] | null> {
  const db = await getDb()
  const row: PetRow | undefined = await db('pets')
    .leftJoin('pet_images', function () {
      this.on('pet_images.pet_id', '=', 'pets.id').andOnVal('pet_images.is_preview', '=', true)
    })
    .select(
      'pets.id',
      'pets.name',
      'pets.type',
      'pets.breed',
      'pet_images.storage_key',
      'pet_images.thumb_key',
    )
    .where('pets.id', petId)
    .first()
  if (!row) return null
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    breed: row.breed,
    photo: row.storage_key ? photoUrl(row.storage_key) : null,
    thumbnail: row.thumb_key ? photoUrl(row.thumb_key) : null,
  }
}

/** The pet with the most booked days in `month` ('YYYY-MM'), ties to the lower pet id; null when none. */
export async function mostBookedPet({
  month,
}: {
  month: string
}): Promise<{ petId: number; days: number } | null> {
  const db = await getDb()
  const start: IsoDate = `${month}-01`
  const end: IsoDate = `${addMonths(month, 1)}-01`
  const perPet = db('bookings as b')
    .select('b.pet_id')
    .select(db.raw(`sum(${nightsWithinSql('b')})::int as days`, nightsWithinBindings(start, end)))
    // Bookings touching the month (index on drop_off_at / pick_up_at).
    .where('b.drop_off_at', '<', `${end} 00:00:00`)
    .andWhere('b.pick_up_at', '>', `${start} 00:00:00`)
    // Only stays that happened: not cancelled, not a no-show.
    .whereIn('b.status', HOLDING_STATUSES)
    .groupBy('b.pet_id')
    .as('per_pet')
  const row = await db
    .select('pet_id', 'days')
    .from(perPet)
    .where('days', '>', 0)
    .orderBy([
      { column: 'days', order: 'desc' },
      { column: 'pet_id', order: 'asc' },
    ])
    .first()
  return row ? { petId: Number(row.pet_id), days: Number(row.days) } : null
}

/**
 * This month's Pet of the Month (chosen, else most booked last month), or
 * null; kept by the read cache, so the landing page does not count a month
 * of bookings on every visit.
 */
export function getPetOfTheMonth({
  month = hotelClock().month,
}: { month?: string } = {}): Promise<PetOfTheMonth | null> {
  return cached('pet-of-the-month', month, () => findPetOfTheMonth(month))
}

async function findPetOfTheMonth(month: string): Promise<PetOfTheMonth | null> {
  const db = await getDb()
  const chosen: { pet_id: number; note: string } | undefined = await db('pet_of_the_month')
    .select('pet_id', 'note')
    .where({ month })
    .first()
  if (chosen) {
    const pet = await petCard(chosen.pet_id)
    if (pet) return { month, source: 'chosen', note: chosen.note, bookedDays: null, pet }
  }
  const top = await mostBookedPet({ month: addMonths(month, -1) })
  if (!top) return null
  const pet = await petCard(top.petId)
  return pet ? { month, source: 'most_booked', note: '', bookedDays: top.days, pet } : null
}

/** The month's choice as stored (for the chooser's defaults), or null. */
export async function getChosenPetOfTheMonth({
  month = hotelClock().month,
}: { month?: string } = {}) {
  const db = await getDb()
  const row: { pet_id: number; note: string } | undefined = await db('pet_of_the_month')
    .select('pet_id', 'note')
    .where({ month })
    .first()
  return row ?? null
}

/** Pets the Owner/Manager can choose from, by name (capped: a select is no place for a whole archive). */
export async function listPetChoices({
  actor,
  limit = 500,
}: {
  actor: Actor
  limit?: number
}): Promise<PetChoice[]> {
  assertCan(canChoosePetOfTheMonth(actor))
  const db = await getDb()
  return db('pets')
    .join('users', 'users.id', 'pets.owner_id')
    .select('pets.id', 'pets.name', 'pets.type', 'users.username as owner_username')
    .orderBy([{ column: 'pets.name' }, { column: 'pets.id' }])
    .limit(limit)
}

/** Owner/Manager: set this month's pet and note (replacing an earlier choice). */
export async function choosePetOfTheMonth({
  actor,
  petId,
  note,
  month = hotelClock().month,
}: {
  actor: Actor
  petId: number
  note: string
  month?: string
}): Promise<void> {
  assertCan(canChoosePetOfTheMonth(actor))
  const db = await getDb()
  await db.transaction(async (trx) => {
    const pet = await trx('pets').select('id').where({ id: petId }).forShare().first()
    if (!pet) throw notFound('Pet not found')
    await trx('pet_of_the_month')
      .insert({ month, pet_id: petId, note })
      .onConflict('month')
      .merge(['pet_id', 'note'])
    await changed(trx, ['pet-of-the-month'])
  })
}

/** Owner/Manager: forget this month's choice (back to the most booked pet). */
export async function clearPetOfTheMonth({
  actor,
  month = hotelClock().month,
}: {
  actor: Actor
  month?: string
}): Promise<void> {
  assertCan(canChoosePetOfTheMonth(actor))
  const db = await getDb()
  await db.transaction(async (trx) => {
    await trx('pet_of_the_month').where({ month }).delete()
    await changed(trx, ['pet-of-the-month'])
  })
}
