import type { PetType } from './pet'

/** A service a stay can include: its price in dollars (a JSON number) and the staff who provide it. */
export type ServiceStaff = { id: number; fname: string; lname: string }
/** Who a service is for: dogs, cats or both (the default, as for every service before species). */
export const SERVICE_SPECIES = ['both', 'dog', 'cat'] as const
export type ServiceSpecies = (typeof SERVICE_SPECIES)[number]
export const SERVICE_SPECIES_LABELS: Record<ServiceSpecies, string> = {
  both: 'Dogs and cats',
  dog: 'Dogs only',
  cat: 'Cats only',
}
/** The longest description of a service, in characters. */
export const SERVICE_DESCRIPTION_MAX = 300

export type Service = {
  id: number
  service: string
  price: number
  staff: ServiceStaff[]
  species: ServiceSpecies
  /** A short description shown on /services ('' when there is none). */
  description: string
}

/** Whether a pet of `type` may have the service. */
export const servesSpecies = (species: ServiceSpecies, type: PetType) =>
  species === 'both' || species === type

/** The species no offered service is for (a pet of that kind cannot be booked). */
export function speciesWithoutServices(services: { species: ServiceSpecies }[]): PetType[] {
  return (['dog', 'cat'] as const).filter((t) => !services.some((s) => servesSpecies(s.species, t)))
}
/** A service with its exact price in cents, for pricing and the booking form. */
export type ServiceWithCents = Service & { priceCents: number }
