/**
 * How a booking (or a booking being chosen) is shown: its stay, its price
 * breakdown — days × daily price, each service, the total — and its state.
 *
 *   <BookingBreakdown breakdown={breakdownOfBooking(booking)} />
 *   <BookingDetails booking={booking} />        // type, drop-off, pick-up, breakdown
 *   <StayText booking={booking} />             // 'Tue, Mar 10, 2026, 10:00 AM – Thu, Mar 12, 2026, 10:00 AM'
 */
import { Link } from './link'
import type { Booking } from '~/domain/booking'
import { BOOKING_TYPE_LABELS, formatDollars, type BookingType } from '~/domain/booking-rules'
import { STATUS_LABELS } from '~/domain/front-desk'
import { formatWallDate, formatWallDateTime, formatWallTime } from '~/domain/hotel-time'
import { Notice } from './notice'
import './booking-pages.css'

export type Breakdown = {
  type: BookingType
  days: number
  dailyPriceCents: number
  services: { id: number; service: string; priceCents: number }[]
  totalCents: number
}

/** A saved booking's fixed lines (its API numbers are dollars; shown from cents, exactly). */
export function breakdownOfBooking(
  b: Pick<Booking, 'booking_type' | 'days' | 'daily_price' | 'services' | 'total'>,
): Breakdown {
  const cents = (dollars: number) => Math.round(dollars * 100)
  return {
    type: b.booking_type,
    days: b.days,
    dailyPriceCents: cents(b.daily_price),
    services: b.services.map((s) => ({ id: s.id, service: s.service, priceCents: cents(s.price) })),
    totalCents: cents(b.total),
  }
}

export function dayCount(days: number) {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

/** The line items and the total, as a definition list; the total line reads 'Total cost: $…'. */
export function BookingBreakdown({
  breakdown,
  caption = 'Price breakdown',
}: {
  breakdown: Breakdown
  caption?: string
}) {
  const { type, days, dailyPriceCents, services, totalCents } = breakdown
  return (
    <div className="booking-breakdown">
      <p className="booking-breakdown-caption">{caption}</p>
      <dl>
        <div>
          <dt>
            {BOOKING_TYPE_LABELS[type]}: {dayCount(days)} × {formatDollars(dailyPriceCents)}
          </dt>
          <dd>{formatDollars(days * dailyPriceCents)}</dd>
        </div>
        {services.map((s) => (
          <div key={s.id}>
            <dt>{s.service}</dt>
            <dd>{formatDollars(s.priceCents)}</dd>
          </div>
        ))}
      </dl>
      <p className="booking-total">Total cost: {formatDollars(totalCents)}</p>
    </div>
  )
}

/** 'Tue, Mar 10, 2026, 10:00 AM – Thu, Mar 12, 2026, 10:00 AM' (day care: one date, two times). */
export function stayText(b: Pick<Booking, 'drop_off_date' | 'pick_up_date'>) {
  if (b.drop_off_date.slice(0, 10) === b.pick_up_date.slice(0, 10))
    return `${formatWallDate(b.drop_off_date)}, ${formatWallTime(b.drop_off_date)} – ${formatWallTime(b.pick_up_date)}`
  return `${formatWallDateTime(b.drop_off_date)} – ${formatWallDateTime(b.pick_up_date)}`
}

export function StayText({
  booking,
}: {
  booking: Pick<Booking, 'drop_off_date' | 'pick_up_date'>
}) {
  return <time dateTime={booking.drop_off_date.replace(' ', 'T')}>{stayText(booking)}</time>
}

/** What BookingRowCells shows of a booking. */
export type BookingRowFacts = Pick<
  Booking,
  'booking_type' | 'started' | 'status' | 'drop_off_date' | 'pick_up_date' | 'total'
> & { services: Pick<Booking['services'][number], 'service'>[] }

/**
 * Only what BookingRowCells shows of a booking, for a page that sends its
 * rows to the browser: a page's data is encoded value by value into the
 * page for hydration, and a whole booking (its services' prices and staff,
 * vaccinations, price lines, check-in times) is several times the values
 * its row shows.
 */
export function bookingRowFacts(b: BookingRowFacts): BookingRowFacts {
  return {
    booking_type: b.booking_type,
    started: b.started,
    status: b.status,
    drop_off_date: b.drop_off_date,
    pick_up_date: b.pick_up_date,
    total: b.total,
    services: b.services.map((s) => ({ service: s.service })),
  }
}

/**
 * The cells a row of a bookings table shows for any booking — type (with a
 * "Started" badge when asked), stay, services, total — between the row's own
 * first cells and its actions.
 */
export function BookingRowCells({
  booking,
  showStarted,
}: {
  booking: BookingRowFacts
  showStarted: boolean
}) {
  return (
    <>
      <td data-label="Type">
        {BOOKING_TYPE_LABELS[booking.booking_type]}
        {booking.started && showStarted ? (
          <>
            {' '}
            <span className="badge badge-primary">Started</span>
          </>
        ) : null}
        {booking.status === 'cancelled' || booking.status === 'no_show' ? (
          <>
            {' '}
            <span className="badge badge-danger">{STATUS_LABELS[booking.status]}</span>
          </>
        ) : null}
      </td>
      <td data-label="Stay">
        <StayText booking={booking} />
      </td>
      <td data-label="Services">{booking.services.map((s) => s.service).join(', ')}</td>
      <td data-label="Total" className="nowrap">
        {formatDollars(Math.round(booking.total * 100))}
      </td>
    </>
  )
}

/** A booking's type, drop-off, pick-up and its fixed price lines. */
export function BookingDetails({ booking }: { booking: Booking }) {
  return (
    <div className="booking-details">
      <dl className="booking-facts">
        <div>
          <dt>Type</dt>
          <dd>{BOOKING_TYPE_LABELS[booking.booking_type]}</dd>
        </div>
        <div>
          <dt>Drop-off</dt>
          <dd>{formatWallDateTime(booking.drop_off_date)}</dd>
        </div>
        <div>
          <dt>Pick-up</dt>
          <dd>{formatWallDateTime(booking.pick_up_date)}</dd>
        </div>
      </dl>
      <BookingBreakdown breakdown={breakdownOfBooking(booking)} caption="Price as booked" />
    </div>
  )
}

/**
 * What an expected stay still needs before the pet can be checked in: the
 * required vaccines missing or running out before pick-up, with a link to
 * where they are recorded. Nothing when the stay lacks none.
 */
export function VaccinesNeeded({ booking }: { booking: Booking }) {
  if (!booking.vaccinations_missing.length) return null
  return (
    <Notice tone="warning">
      {`Before ${booking.pet.name} can be checked in we need a record of ${booking.vaccinations_missing.join(', ')}, valid through pick-up. `}
      <Link to={`/pets/${booking.pet_id}#vaccinations`}>Add vaccinations</Link>
    </Notice>
  )
}
