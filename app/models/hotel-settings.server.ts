import type { Knex } from 'knex'
import { getDb } from '~/infra/db.server'
import type { BookingType } from '~/domain/booking-rules'
import { isAdmin, type User } from './user.server'
import type { SettingsInput } from '~/schemas/settings'

// The one row of hotel settings: capacity per unit and the daily price of each
// booking type. Booking transactions read it FOR SHARE, so a change of
// capacity or price waits for bookings in flight and never lands half-way.

export type CapacityUnit = 'dog_kennel' | 'cat_condo' | 'day_care'

export const UNIT_LABELS: Record<CapacityUnit, { one: string; many: string }> = {
  dog_kennel: { one: 'dog kennel', many: 'dog kennels' },
  cat_condo: { one: 'cat condo', many: 'cat condos' },
  day_care: { one: 'day care place', many: 'day care places' },
}

export type HotelSettings = {
  dog_kennels: number
  cat_condos: number
  day_care_places: number
  day_care_daily_price_cents: number
  boarding_daily_price_cents: number
}

const COLUMNS = [
  'dog_kennels',
  'cat_condos',
  'day_care_places',
  'day_care_daily_price_cents',
  'boarding_daily_price_cents',
] as const

export class SettingsError extends Error {
  constructor(
    public status: 403,
    message: string,
  ) {
    super(message)
  }
}

/** The settings; `lock: 'share'` inside a booking transaction. */
export async function getHotelSettings({
  trx,
  lock,
}: { trx?: Knex.Transaction; lock?: 'share' } = {}): Promise<HotelSettings> {
  const db = trx ?? (await getDb())
  const q = db('hotel_settings')
    .select(...COLUMNS)
    .where({ id: 1 })
  if (lock === 'share') q.forShare()
  const row = await q.first()
  if (!row) throw new Error('hotel_settings row is missing')
  return row as HotelSettings
}

export function capacityOf(settings: HotelSettings, unit: CapacityUnit): number {
  if (unit === 'dog_kennel') return settings.dog_kennels
  if (unit === 'cat_condo') return settings.cat_condos
  return settings.day_care_places
}

export function dailyPriceCentsOf(settings: HotelSettings, type: BookingType): number {
  return type === 'day_care'
    ? settings.day_care_daily_price_cents
    : settings.boarding_daily_price_cents
}

/** Owner/Manager only. */
export async function updateHotelSettings({
  viewer,
  input,
}: {
  viewer: User
  input: SettingsInput
}): Promise<HotelSettings> {
  if (!isAdmin(viewer)) throw new SettingsError(403, 'Unauthorized')
  const db = await getDb()
  return db.transaction(async (trx) => {
    await trx('hotel_settings').select('id').where({ id: 1 }).forUpdate()
    const [row] = await trx('hotel_settings')
      .where({ id: 1 })
      .update({
        dog_kennels: input.dog_kennels,
        cat_condos: input.cat_condos,
        day_care_places: input.day_care_places,
        day_care_daily_price_cents: input.day_care_daily_price,
        boarding_daily_price_cents: input.boarding_daily_price,
      })
      .returning(COLUMNS as unknown as string[])
    return row as HotelSettings
  })
}
