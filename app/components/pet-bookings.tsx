/**
 * The Bookings section of a pet's page: its current booking (the one not yet
 * picked up) with a link to manage it, then its past stays (the bookings
 * engineer's BookingHistory), newest first.
 *
 *   <PetBookings petId={pet.id} petName={pet.name} current={b.current} past={b.past} morePast={b.morePast} />
 */
import { Link } from './link'
import type { Booking } from '~/domain/booking'
import { BOOKING_TYPE_LABELS, formatDollars } from '~/domain/booking-rules'
import { BookingHistory, type AdjustOptions } from './booking-history'
import { AdjustmentLines, AdjustPriceForm } from './price-adjustments'
import { StayHistory } from './stay-history'
import type { BookingEvent } from '~/domain/booking-history'
import { dayCount, StayText, VaccinesNeeded } from './booking-summary'
import { EmptyState } from './empty-state'
import './pet.css'

// A date of birth is a calendar date, not an instant: format it as written,
// never through the browser's or the server's own zone.
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** '2022-05-01' → 'May 1, 2022' */
export function formatPetDate(date: string) {
  return dateFormat.format(new Date(`${date}T00:00:00Z`))
}

export function PetBookings({
  petId,
  petName,
  current,
  past,
  morePast,
  adjust,
  history,
}: {
  petId: number
  petName: string
  current: Booking | null
  past: Booking[]
  morePast: boolean
  /** For the Owner and Managers: the price forms (see BookingHistory). */
  adjust?: AdjustOptions
  /** For staff: what happened to each stay, by booking id. */
  history?: Record<number, BookingEvent[]>
}) {
  if (!current && past.length === 0)
    return (
      <EmptyState
        title="No bookings available"
        action={
          <Link className="btn btn-primary" to={`/bookings/pet/${petId}`}>
            Book a Reservation
          </Link>
        }
      >
        {petName} has not stayed with us yet.
      </EmptyState>
    )
  return (
    <div className="stack">
      {current ? (
        <CurrentBooking booking={current} adjust={adjust} events={history?.[current.id]} />
      ) : null}
      {past.length ? (
        <section className="stack-sm" aria-labelledby="pet-past-stays">
          <h3 id="pet-past-stays">Past stays</h3>
          <BookingHistory
            bookings={past}
            more={morePast}
            petName={petName}
            adjust={adjust}
            history={history}
          />
        </section>
      ) : null}
    </div>
  )
}

function CurrentBooking({
  booking,
  adjust,
  events,
}: {
  booking: Booking
  adjust?: AdjustOptions
  events?: BookingEvent[]
}) {
  return (
    <div className="pet-booking pet-booking-current" id={`booking-${booking.id}`}>
      <div className="stack-sm">
        <p className="pet-booking-when">
          <span className="badge badge-primary">
            {/* Checked in early (before its drop-off time), the pet is staying all the same. */}
            {booking.started || booking.status === 'checked_in' ? 'Staying now' : 'Upcoming'}
          </span>{' '}
          <StayText booking={booking} />
        </p>
        <p className="muted text-sm">
          {BOOKING_TYPE_LABELS[booking.booking_type]} · {dayCount(booking.days)}
          {booking.services.length ? ` · ${booking.services.map((s) => s.service).join(', ')}` : ''}
        </p>
        <AdjustmentLines booking={booking} />
      </div>
      <div className="cluster">
        <span className="price">{formatDollars(Math.round(booking.total * 100))}</span>
        <Link className="btn btn-secondary btn-sm" to={`/bookings/pet/${booking.pet_id}`}>
          Manage reservation
        </Link>
      </div>
      <VaccinesNeeded booking={booking} />
      <StayHistory events={events} />
      {adjust ? (
        <AdjustPriceForm
          booking={booking}
          action={adjust.action}
          error={adjust.errors?.[booking.id]}
        />
      ) : null}
    </div>
  )
}
