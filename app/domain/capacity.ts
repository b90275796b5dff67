import type { BookingType } from './booking-rules'
import type { PetType } from './pet'

// What the hotel can hold and what a day costs. Boarding takes a dog kennel
// or a cat condo for each night; day care takes a day-care place for its day.

export type CapacityUnit = 'dog_kennel' | 'cat_condo' | 'day_care'

export const UNIT_LABELS: Record<CapacityUnit, { one: string; many: string }> = {
  dog_kennel: { one: 'dog kennel', many: 'dog kennels' },
  cat_condo: { one: 'cat condo', many: 'cat condos' },
  day_care: { one: 'day care place', many: 'day care places' },
}

/** Places taken (or offered) per unit. */
export type Occupancy = Record<CapacityUnit, number>

/** The hotel's one row of settings: places per unit and the daily price of each booking type. */
export type HotelSettings = {
  dog_kennels: number
  cat_condos: number
  day_care_places: number
  day_care_daily_price_cents: number
  boarding_daily_price_cents: number
  /** The vaccines a pet of each species needs for a stay (app/domain/vaccination.ts). */
  required_vaccines_dog: string[]
  required_vaccines_cat: string[]
  /** Refuse a booking (not only the check-in) while a required vaccine is missing. */
  vaccinations_required_to_book: boolean
}

/** The unit a stay of this type takes for a pet of this kind. */
export function unitFor(type: BookingType, petType: PetType): CapacityUnit {
  if (type === 'day_care') return 'day_care'
  return petType === 'dog' ? 'dog_kennel' : 'cat_condo'
}

export function capacityOf(settings: HotelSettings, unit: CapacityUnit): number {
  if (unit === 'dog_kennel') return settings.dog_kennels
  if (unit === 'cat_condo') return settings.cat_condos
  return settings.day_care_places
}

/** The capacity of every unit, as an Occupancy to compare with. */
export function capacityByUnit(settings: HotelSettings): Occupancy {
  return {
    dog_kennel: settings.dog_kennels,
    cat_condo: settings.cat_condos,
    day_care: settings.day_care_places,
  }
}

export function dailyPriceCentsOf(settings: HotelSettings, type: BookingType): number {
  return type === 'day_care'
    ? settings.day_care_daily_price_cents
    : settings.boarding_daily_price_cents
}
