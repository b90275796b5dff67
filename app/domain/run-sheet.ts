import type { DaySheet, DaySheetEntry } from './booking'
import { STATUS_LABELS } from './front-desk'
import { formatWallDateTime, formatWallTime } from './hotel-time'
import { capitalize, contactText, formatPhone } from './text'

// The run sheet: the day sheet as one line per pet, in the sheet's order
// (arrivals by drop-off time, departures by pick-up time, pets staying over
// by name, day care by drop-off time) — what staff print for the kennel
// door and download as CSV. Page, print and CSV read the same lines.

/** Which time an entry of each list shows. */
export type DaySheetTime = 'drop_off' | 'pick_up' | 'stay' | 'day_care'

export const RUN_SHEET_LISTS = [
  { key: 'arrivals', label: 'Arrival', time: 'drop_off' },
  { key: 'departures', label: 'Departure', time: 'pick_up' },
  { key: 'staying', label: 'Staying over', time: 'stay' },
  { key: 'dayCare', label: 'Day care', time: 'day_care' },
] as const satisfies readonly {
  key: keyof Pick<DaySheet, 'arrivals' | 'departures' | 'staying' | 'dayCare'>
  label: string
  time: DaySheetTime
}[]

/** "9:00 AM", "All day", or day care's "8:00 AM – 5:00 PM". */
export function entryTimeText(e: DaySheetEntry, time: DaySheetTime): string {
  if (time === 'drop_off') return formatWallTime(e.booking.drop_off_date)
  if (time === 'pick_up') return formatWallTime(e.booking.pick_up_date)
  if (time === 'day_care')
    return `${formatWallTime(e.booking.drop_off_date)} – ${formatWallTime(e.booking.pick_up_date)}`
  return 'All day'
}

export type RunSheetLine = {
  bookingId: number
  list: string
  time: string
  pet: string
  species: string
  breed: string
  owner: string
  phone: string
  behavior: string
  feeding: string
  medication: string
  services: string
  vaccines: string
  vet: string
  emergencyContact: string
  status: string
  dropOff: string
  pickUp: string
}

/** The CSV's columns, in order, with their headings. */
export const RUN_SHEET_COLUMNS: [keyof RunSheetLine, string][] = [
  ['list', 'List'],
  ['time', 'Time'],
  ['pet', 'Pet'],
  ['species', 'Species'],
  ['breed', 'Breed'],
  ['owner', 'Owner'],
  ['phone', 'Phone'],
  ['behavior', 'Behavior'],
  ['feeding', 'Feeding'],
  ['medication', 'Medication'],
  ['services', 'Services'],
  ['vaccines', 'Vaccines'],
  ['vet', 'Vet'],
  ['emergencyContact', 'Emergency contact'],
  ['status', 'Status'],
  ['dropOff', 'Drop-off'],
  ['pickUp', 'Pick-up'],
  ['bookingId', 'Booking'],
]

export function runSheetLines(sheet: DaySheet): RunSheetLine[] {
  return RUN_SHEET_LISTS.flatMap(({ key, label, time }) =>
    sheet[key].map((e) => ({
      bookingId: e.booking.id,
      list: label,
      time: entryTimeText(e, time),
      pet: e.pet.name,
      species: e.pet.type === 'dog' ? 'Dog' : 'Cat',
      breed: e.pet.breed,
      owner: `${e.owner.fname} ${e.owner.lname}`,
      phone: formatPhone(e.owner.phone_num),
      behavior: capitalize(e.pet.behavior),
      feeding: e.pet.dietary_note,
      medication: e.pet.medication_note,
      services: e.booking.services.map((s) => s.service).join(', '),
      vaccines: vaccinesText(e),
      vet: contactText(e.pet.vet.name, e.pet.vet.phone),
      emergencyContact: contactText(e.pet.emergency_contact.name, e.pet.emergency_contact.phone),
      status: STATUS_LABELS[e.booking.status],
      dropOff: formatWallDateTime(e.booking.drop_off_date),
      pickUp: formatWallDateTime(e.booking.pick_up_date),
    })),
  )
}

/** "Missing: Rabies, DHPP", "To verify: Rabies" or "Up to date" (as the day sheet flags them). */
export function vaccinesText(e: DaySheetEntry): string {
  if (e.booking.vaccinations_missing.length)
    return `Missing: ${e.booking.vaccinations_missing.join(', ')}`
  if (e.pet.unverified_vaccines.length) return `To verify: ${e.pet.unverified_vaccines.join(', ')}`
  return 'Up to date'
}
