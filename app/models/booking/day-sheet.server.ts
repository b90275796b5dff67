import type { DaySheet, DaySheetBooking, DaySheetEntry } from '~/domain/booking'
import type { BookingType } from '~/domain/booking-rules'
import { coversDate, holdsNight } from '~/domain/booking-states'
import { capacityByUnit, unitFor } from '~/domain/capacity'
import { holdsPlace } from '~/domain/front-desk'
import type { IsoDate, WallDateTime } from '~/domain/hotel-time'
import { assertCan, canSeeDaySheet, canSeeWaitlist } from '~/domain/permissions'
import type { Actor } from '~/domain/user'
import type { WaitlistEntry } from '~/domain/waitlist'
import { hotelClock } from '~/infra/clock.server'
import { compiledOnce, getDb, oneRoundTripQuery, rowsOf } from '~/infra/db.server'
import { PREPARED, toPgArray } from '~/infra/prepared-statements.server'
import { getHotelSettings } from '../hotel-settings.server'
import { missingVaccinesOfStays, recordsByPet, vaccinationsQuery } from '../pet/vaccinations.server'
import {
  boundsOf,
  countByDate,
  coveringBetween,
  heldPlacesBetween,
  type UnitRow,
} from './occupancy.server'
import { latestOfStaysQuery, summariesOfStays, type LatestOfStaysRow } from './stay-updates.server'
import { BOOKING_COLUMNS, joinRow, linesQuery, type BookingRow, type LineRow } from './rows.server'
import { activeEntriesOn, stillActive, type EntryRow } from './waitlist.server'

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

type DaySheetDetails = {
  lines: LineRow[]
  vaccinations: Parameters<typeof recordsByPet>[0]
  updates: LatestOfStaysRow[]
  held: UnitRow[]
  waitlist: EntryRow[]
}

/**
 * Everything the sheet shows beyond its rows, in one round trip after them
 * (`ids`, `pets`: the stays' and their pets' ids as arrays): each stay's
 * services, its pet's vaccination records (the vaccines a stay lacks, the
 * records not yet verified), its updates' count and newest, the places
 * held for the waitlist on the day and the waitlisted stays touching it.
 * Compiled once and prepared, as the rows are. Read one by one these were
 * five round trips, and each costs the app's one thread about what a small
 * query costs PostgreSQL.
 */
const DAY_SHEET_DETAILS = compiledOnce(
  (db, ids: string, pets: string, start: string, end: string, now: WallDateTime) =>
    oneRoundTripQuery(
      db,
      {
        lines: linesQuery(db, ids),
        vaccinations: vaccinationsQuery(db, pets),
        updates: latestOfStaysQuery(db, ids),
        held: heldPlacesBetween(db, start, end, now),
        waitlist: activeEntriesOn(db, start, end),
      },
      { prepared: true },
    ),
)

/**
 * The date's sheet: boarding arrivals (by drop-off time), departures (by
 * pick-up time), pets staying over (by name) and day-care pets (by drop-off
 * time) — each booking in exactly one list; and the stays waiting for a
 * place that day or holding one (what `listWaitlist` gives for the date).
 * Staff only.
 */
export async function getDaySheet({
  date,
  actor,
}: {
  date: IsoDate
  actor: Actor
}): Promise<{ sheet: DaySheet; waitlist: WaitlistEntry[] }> {
  assertCan(canSeeDaySheet(actor))
  const db = await getDb()
  const bounds = boundsOf(date, date)
  const rows = await rowsOf<DaySheetRow>(DAY_SHEET_ROWS(db, ...bounds))
  const [[found], settings] = await Promise.all([
    rowsOf<DaySheetDetails>(
      DAY_SHEET_DETAILS(
        db,
        toPgArray(rows.map((r) => r.id)),
        toPgArray([...new Set(rows.map((r) => r.pet_id))]),
        ...bounds,
        hotelClock().now,
      ),
    ),
    getHotelSettings(),
  ])
  const records = recordsByPet(found.vaccinations)
  const missing = missingVaccinesOfStays(rows, records, settings)
  const servicesOf = new Map<number, DaySheetBooking['services']>()
  for (const line of found.lines) {
    const services = servicesOf.get(line.booking_id)
    if (services) services.push({ service: line.service_name })
    else servicesOf.set(line.booking_id, [{ service: line.service_name }])
  }
  const updates = summariesOfStays(found.updates)
  const sheet: DaySheet = {
    date,
    arrivals: [],
    departures: [],
    staying: [],
    dayCare: [],
    // A place held for a stay offered from the waitlist is taken too.
    occupancy: countByDate(found.held, date, date).get(date)!,
    capacity: capacityByUnit(settings),
  }
  rows.forEach((r, i) => {
    const entry: DaySheetEntry = {
      booking: {
        id: r.id,
        booking_type: r.booking_type,
        status: r.status,
        drop_off_date: r.drop_off_date,
        pick_up_date: r.pick_up_date,
        checked_in_at: r.checked_in_at,
        checked_out_at: r.checked_out_at,
        no_show_at: r.no_show_at,
        vaccinations_missing: missing[i],
        services: servicesOf.get(r.id) ?? [],
      },
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
  const byTime = (key: 'drop_off_date' | 'pick_up_date') => (a: DaySheetEntry, b: DaySheetEntry) =>
    a.booking[key].localeCompare(b.booking[key]) || a.booking.id - b.booking.id
  sheet.arrivals.sort(byTime('drop_off_date'))
  sheet.departures.sort(byTime('pick_up_date'))
  sheet.staying.sort((a, b) => a.pet.name.localeCompare(b.pet.name) || a.booking.id - b.booking.id)
  sheet.dayCare.sort(byTime('drop_off_date'))
  // Every staff member sees the waitlist today; the rule is the waitlist's own.
  const waitlist = canSeeWaitlist(actor) ? await stillActive(db, found.waitlist) : []
  return { sheet, waitlist }
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
