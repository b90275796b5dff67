import type { IsoDate } from './hotel-time'
import type { PetType } from './pet'

// Vaccinations gate a stay: a pet needs, for each vaccine its species
// requires (the hotel's settings), a record that has not expired by its
// pick-up date. A vaccine that expires ON the pick-up day covers the stay;
// one that expires the day before does not. Names match without regard to
// case or surrounding spaces ("rabies" is Rabies). Pure rules: the models
// read records and settings and ask here.

export const DEFAULT_REQUIRED_VACCINES: Record<PetType, string[]> = {
  dog: ['Rabies', 'DHPP', 'Bordetella'],
  cat: ['Rabies', 'FVRCP'],
}

export type VaccinationRecord = {
  id: number
  pet_id: number
  vaccine: string
  given_on: IsoDate
  expires_on: IsoDate
  verified: boolean
  /** Where the owner and staff see the certificate photo; null without one. */
  certificate_url: string | null
}

/** A required vaccine the stay lacks: none on record, or expiring before pick-up. */
export type VaccinationGap =
  | { vaccine: string; problem: 'missing' }
  | { vaccine: string; problem: 'expires'; expires_on: IsoDate }

export const sameVaccine = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The required vaccines not covered through `pickUpDate` (the latest record
 * of each counts), in the order the settings list them.
 */
export function vaccinationGaps(
  records: Pick<VaccinationRecord, 'vaccine' | 'expires_on'>[],
  required: string[],
  pickUpDate: IsoDate,
): VaccinationGap[] {
  const gaps: VaccinationGap[] = []
  for (const vaccine of required) {
    const latest = records
      .filter((r) => sameVaccine(r.vaccine, vaccine))
      .map((r) => r.expires_on)
      .sort()
      .at(-1)
    if (!latest) gaps.push({ vaccine, problem: 'missing' })
    else if (latest < pickUpDate) gaps.push({ vaccine, problem: 'expires', expires_on: latest })
  }
  return gaps
}

/** "Rabies expires on 2027-01-03, before pick-up" / "No Rabies vaccination on record". */
export function gapMessage(gap: VaccinationGap): string {
  return gap.problem === 'missing'
    ? `No ${gap.vaccine} vaccination on record`
    : `${gap.vaccine} expires on ${gap.expires_on}, before pick-up`
}

/** One message for all of a stay's gaps (the check-in refusal, the booking's). */
export const gapsMessage = (gaps: VaccinationGap[]) => gaps.map(gapMessage).join('; ')
