import type { Knex } from 'knex'
import type { HotelSettings } from '~/domain/capacity'
import type { PetType } from '~/domain/pet'
import { assertCan, canManageSettings } from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import { getDb } from '~/infra/db.server'
import { cached } from '~/infra/read-cache.server'
import { changed } from './cache-versions.server'
import type { SettingsPatch } from '~/schemas/settings'

// The one row of hotel settings: capacity per unit, the daily price of each
// booking type and the vaccination rules. Booking transactions read it FOR SHARE, so a change of
// capacity or price waits for bookings in flight and never lands half-way.

const COLUMNS = [
  'dog_kennels',
  'cat_condos',
  'day_care_places',
  'day_care_daily_price_cents',
  'boarding_daily_price_cents',
  'required_vaccines_dog',
  'required_vaccines_cat',
  'vaccinations_required_to_book',
] as const

/**
 * The settings: from the read cache for pages and lists; read afresh inside a
 * transaction (`trx`), `lock: 'share'` in a booking's, so a booking is priced
 * and counted against exactly what is committed.
 */
export async function getHotelSettings({
  trx,
  lock,
}: { trx?: Knex.Transaction; lock?: 'share' } = {}): Promise<HotelSettings> {
  if (!trx) return cached('settings', 'row', async () => readSettings(await getDb()))
  return readSettings(trx, lock)
}

async function readSettings(db: Knex | Knex.Transaction, lock?: 'share') {
  const q = db('hotel_settings')
    .select(...COLUMNS)
    .where({ id: 1 })
  if (lock === 'share') q.forShare()
  const row = await q.first()
  if (!row) throw new Error('hotel_settings row is missing')
  return toSettings(row)
}

/**
 * Changes capacity and prices — all of them (the page's form) or only those
 * given (PUT /api/settings): the Owner and Managers.
 */
export async function updateHotelSettings({
  actor,
  input,
}: {
  actor: Actor
  input: SettingsPatch
}): Promise<HotelSettings> {
  assertCan(canManageSettings(actor))
  const db = await getDb()
  const changes = Object.fromEntries(
    Object.entries({
      dog_kennels: input.dog_kennels,
      cat_condos: input.cat_condos,
      day_care_places: input.day_care_places,
      day_care_daily_price_cents: input.day_care_daily_price,
      boarding_daily_price_cents: input.boarding_daily_price,
      required_vaccines_dog: input.required_vaccines_dog,
      required_vaccines_cat: input.required_vaccines_cat,
      vaccinations_required_to_book: input.vaccinations_required_to_book,
    }).filter(([, value]) => value !== undefined),
  )
  return db.transaction(async (trx) => {
    await trx('hotel_settings').select('id').where({ id: 1 }).forUpdate()
    const [row] = await trx('hotel_settings')
      .where({ id: 1 })
      .update(changes)
      .returning(COLUMNS as unknown as string[])
    await changed(trx, ['settings'])
    return toSettings(row)
  })
}

/** text[] leaves PostgreSQL as an array on both drivers; a copy keeps the cached row unshared. */
function toSettings(row: Record<string, unknown>): HotelSettings {
  const s = row as HotelSettings
  return {
    ...s,
    required_vaccines_dog: [...s.required_vaccines_dog],
    required_vaccines_cat: [...s.required_vaccines_cat],
  }
}

/** The vaccines a pet of this species needs for a stay. */
export const requiredVaccinesFor = (settings: HotelSettings, petType: PetType) =>
  petType === 'dog' ? settings.required_vaccines_dog : settings.required_vaccines_cat
