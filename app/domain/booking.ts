import type { StayUpdate } from './stay-update'
import type { BookingType } from './booking-rules'
import type { Occupancy } from './capacity'
import type { BookingStatus } from './front-desk'
import type { IsoDate, WallDateTime } from './hotel-time'
import type { PetType } from './pet'

// A booking as pages and the API show it. Its money is fixed when it is made
// or changed: the daily price and each service's name and price are copied
// onto it, so later price changes leave it as it was.

export type StaffRef = { id: number; fname: string; lname: string }

/** A booked service line: the service's id, and its name and price (dollars) as booked. */
export type BookedService = { id: number; service: string; price: number; staff: StaffRef[] }

export type Booking = {
  id: number
  client_id: number
  pet_id: number
  booking_type: BookingType
  drop_off_date: WallDateTime
  pick_up_date: WallDateTime
  services: BookedService[]
  daily_price: number
  days: number
  total: number
  pet: { id: number; name: string; type: PetType }
  /** The drop-off moment has come: clients can no longer change or cancel it. */
  started: boolean
  /** booked → checked_in → checked_out, or cancelled, or no_show (app/domain/front-desk.ts). */
  status: BookingStatus
  /** When the front desk checked the pet in and out, hotel time; null until then. */
  checked_in_at: WallDateTime | null
  checked_out_at: WallDateTime | null
  /** When it was cancelled (only staff ever see a cancelled booking) or marked a no-show; null otherwise. */
  cancelled_at: WallDateTime | null
  no_show_at: WallDateTime | null
  /**
   * The required vaccines an expected stay lacks through its pick-up date
   * (app/domain/vaccination.ts): the pet will not be checked in until they
   * are recorded. Empty once it is checked in, over or called off.
   */
  vaccinations_missing: string[]
  /**
   * Lines the Owner or a Manager added to the price, oldest first (empty for
   * most bookings); `total` already includes them.
   */
  adjustments: PriceAdjustment[]
}

/** What a client or the API asks for: POST /api/bookings, PUT /api/bookings/{id}. */
export type BookingInput = {
  client_id: number
  pet_id: number
  booking_type: BookingType
  drop_off_date: WallDateTime
  pick_up_date: WallDateTime
  services: number[]
}

export type BookingListItem = Booking & { client: { id: number; fname: string; lname: string } }

export type PetBookings = {
  /** The booking not yet picked up, if any (a pet has at most one). */
  current: Booking | null
  /** Bookings already picked up, newest first. */
  past: Booking[]
  /** Whether older past bookings exist beyond `past`. */
  morePast: boolean
}

/** The pet a booking page is for, with its owner's name. */
export type BookablePet = {
  id: number
  name: string
  type: PetType
  owner_id: number
  owner_name: string
}

/** A service as a booking may choose it now, with its price in cents. */
export type BookableService = { id: number; service: string; price_cents: number }

/** What a booking would cost at today's prices. */
export type Quote = {
  days: number
  daily_price_cents: number
  days_cents: number
  services: BookableService[]
  total_cents: number
}

/**
 * What the day sheet (its page, the printed run sheet, its CSV) shows of a
 * stay's booking. Only this goes into the page for hydration: whole bookings
 * there (their services' prices and staff, price lines…) were a third of the
 * busy day's page data, 16 of 51 KB (docs/decisions/049).
 */
export type DaySheetBooking = Pick<
  Booking,
  | 'id'
  | 'booking_type'
  | 'status'
  | 'drop_off_date'
  | 'pick_up_date'
  | 'checked_in_at'
  | 'checked_out_at'
  | 'no_show_at'
  | 'vaccinations_missing'
> & { services: Pick<BookedService, 'service'>[] }

export type DaySheetEntry = {
  booking: DaySheetBooking
  owner: { id: number; fname: string; lname: string; phone_num: string }
  pet: {
    id: number
    name: string
    type: PetType
    breed: string
    behavior: string
    dietary_note: string
    medication_note: string
    /** Whom to call besides the owner: the pet's vet and its emergency contact ('' when not given). */
    vet: { name: string; phone: string }
    emergency_contact: { name: string; phone: string }
    /** Vaccines on record that staff have not yet checked against a certificate. */
    unverified_vaccines: string[]
  }
  /** The stay's updates so far (how many, and the newest); null before the first. */
  updates: StayUpdateSummary | null
}

/** How many updates a stay has, and its newest. */
export type StayUpdateSummary = { count: number; latest: StayUpdate }

/** A date's sheet for staff: each booking covering the date in exactly one list. */
export type DaySheet = {
  date: IsoDate
  arrivals: DaySheetEntry[]
  departures: DaySheetEntry[]
  staying: DaySheetEntry[]
  dayCare: DaySheetEntry[]
  occupancy: Occupancy
  capacity: Occupancy
}

/** A line the Owner or a Manager added to a booking's price, with why (negative: a discount). */
export type PriceAdjustment = {
  id: number
  /** Dollars, e.g. -40 or 15.5. */
  amount: number
  reason: string
  /** Who added it (first name), null once their account is gone. */
  by: string | null
  /** Hotel wall time. */
  created_at: WallDateTime
}
