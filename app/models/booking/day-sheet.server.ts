import { daySheetBooking, type DaySheet, type DaySheetEntry } from '~/domain/booking'
import type { BookingType } from '~/domain/booking-rules'
import { coversDate, holdsNight } from '~/domain/booking-states'
import { capacityByUnit, unitFor } from '~/domain/capacity'
import { holdsPlace } from '~/domain/front-desk'
import type { IsoDate } from '~/domain/hotel-time'
import { assertCan, canSeeDaySheet } from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import { hotelClock } from '~/infra/clock.server'
import { compiledOnce, getDb, rowsOf } from '~/infra/db.server'
import { PREPARED } from '~/infra/prepared-statements.server'
import { getHotelSettings } from '../hotel-settings.server'
import { vaccinationsOfPets } from '../pet/vaccinations.server'
import { boundsOf, coveringBetween, heldPlacesOn } from './occupancy.server'
import { latestStayUpdates } from './stay-updates.server'
import { BOOKING_COLUMNS, hydrate, joinRow, type BookingRow } from './rows.server'

// The staff's day sheet: who arrives, leaves, stays over and comes for day
// care on a date, with what staff need to know, and occupancy against capacity.

type DaySheetRow = BookingRow & {
  breed: string
  behavior: string
  dietary_note: string
  medication_note: string
  vet_name: string
  vet_phone: string
  emergency_contact_name: string
  emergency_contact_phone: string
  owner_fname: string
  owner_lname: string
  owner_phone: string
}

/**
 * The stays covering one day (coveringBetween's, for boundsOf(date, date)),
 * with what staff need to know of each pet and its owner, by drop-off.
 * Compiled once (staff keep the sheet open all day) and prepared: one day's
 * window always wants the same plan, the stay-range index reading the day's
 * few dozen stays, and planning it cost PostgreSQL twice what running it does.
 */
const DAY_SHEET_ROWS = compiledOnce((db, start: string, end: string) =>
  joinRow(coveringBetween(db, start, end), 'users', 'u', 'b.client_id', { byKey: true })
    .select(...BOOKING_COLUMNS)
    .select(
      'p.breed',
      'p.behavior',
      'p.dietary_note',
      'p.medication_note',
      'p.vet_name',
      'p.vet_phone',
      'p.emergency_contact_name',
      'p.emergency_contact_phone',
      'u.fname as owner_fname',
      'u.lname as owner_lname',
      'u.phone_num as owner_phone',
    )
    .orderBy([{ column: 'b.drop_off_at' }, { column: 'b.id' }])
    .options(PREPARED),
)

/**
 * The date's sheet: boarding arrivals (by drop-off time), departures (by
 * pick-up time), pets staying over (by name) and day-care pets (by drop-off
 * time) — each booking in exactly one list. Staff only.
 */
export async function getDaySheet({
  date,
  actor,
}: {
  date: IsoDate
  actor: Actor
}): Promise<DaySheet> {
  assertCan(canSeeDaySheet(actor))
  const db = await getDb()
  const rows = await rowsOf<DaySheetRow>(DAY_SHEET_ROWS(db, ...boundsOf(date, date)))
  const [bookings, settings, records, updates] = await Promise.all([
    hydrate(db, rows, hotelClock().now),
    getHotelSettings(),
    vaccinationsOfPets(db, [...new Set(rows.map((r) => r.pet_id))]),
    latestStayUpdates(
      db,
      rows.map((r) => r.id),
    ),
  ])
  const sheet: DaySheet = {
    date,
    arrivals: [],
    departures: [],
    staying: [],
    dayCare: [],
    occupancy: { dog_kennel: 0, cat_condo: 0, day_care: 0 },
    capacity: capacityByUnit(settings),
  }
  rows.forEach((r, i) => {
    const entry: DaySheetEntry = {
      booking: daySheetBooking(bookings[i]),
      owner: {
        id: r.client_id,
        fname: r.owner_fname,
        lname: r.owner_lname,
        phone_num: r.owner_phone,
      },
      pet: {
        id: r.pet_id,
        name: r.pet_name,
        type: r.pet_type,
        breed: r.breed,
        behavior: r.behavior,
        dietary_note: r.dietary_note,
        medication_note: r.medication_note,
        vet: { name: r.vet_name, phone: r.vet_phone },
        emergency_contact: { name: r.emergency_contact_name, phone: r.emergency_contact_phone },
        unverified_vaccines: (records.get(r.pet_id) ?? [])
          .filter((v) => !v.verified)
          .map((v) => v.vaccine),
      },
      updates: updates.get(r.id) ?? null,
    }
    const list = daySheetListFor(r, date)
    if (list) sheet[list].push(entry)
    if (holdsPlace(r.status) && holdsNight(r.booking_type, r.drop_off_date, r.pick_up_date, date))
      sheet.occupancy[unitFor(r.booking_type, r.pet_type)] += 1
  })
  // A place held for a stay offered from the waitlist is taken too.
  const held = await heldPlacesOn(db, date)
  for (const unit of Object.keys(held) as (keyof typeof held)[]) sheet.occupancy[unit] += held[unit]
  const byTime = (key: 'drop_off_date' | 'pick_up_date') => (a: DaySheetEntry, b: DaySheetEntry) =>
    a.booking[key].localeCompare(b.booking[key]) || a.booking.id - b.booking.id
  sheet.arrivals.sort(byTime('drop_off_date'))
  sheet.departures.sort(byTime('pick_up_date'))
  sheet.staying.sort((a, b) => a.pet.name.localeCompare(b.pet.name) || a.booking.id - b.booking.id)
  sheet.dayCare.sort(byTime('drop_off_date'))
  return sheet
}

/** Which list of a date's sheet a booking belongs to (null when it does not cover the date). */
export function daySheetListFor(
  b: { booking_type: BookingType; drop_off_date: string; pick_up_date: string },
  date: IsoDate,
): 'arrivals' | 'departures' | 'staying' | 'dayCare' | null {
  if (!coversDate(b.drop_off_date, b.pick_up_date, date)) return null
  if (b.booking_type === 'day_care') return 'dayCare'
  if (b.drop_off_date.slice(0, 10) === date) return 'arrivals'
  if (b.pick_up_date.slice(0, 10) === date) return 'departures'
  return 'staying'
}
