/**
 * A pet's past stays on its booking page, newest first, each with its price as booked.
 *
 *   <BookingHistory bookings={past} more={morePast} petName="Rex" />
 */
import type { Booking } from '~/domain/booking'
import { BOOKING_TYPE_LABELS, formatDollars } from '~/domain/booking-rules'
import { dayCount, StayText } from './booking-summary'

export function BookingHistory({
  bookings,
  more,
  petName,
}: {
  bookings: Booking[]
  more: boolean
  petName: string
}) {
  if (!bookings.length) return <p className="muted">{petName} has no past stays yet.</p>
  return (
    <ul className="booking-history" aria-label={`Past stays of ${petName}`}>
      {bookings.map((b) => (
        <li key={b.id} className="booking-history-item">
          <p className="booking-history-when">
            <StayText booking={b} />
          </p>
          <p className="muted text-sm">
            {BOOKING_TYPE_LABELS[b.booking_type]} · {dayCount(b.days)} ×{' '}
            {formatDollars(Math.round(b.daily_price * 100))}
            {b.services.length ? ` · ${b.services.map((s) => s.service).join(', ')}` : ''}
          </p>
          <p className="price">{formatDollars(Math.round(b.total * 100))}</p>
        </li>
      ))}
      {more ? <li className="muted text-sm">Older stays are not shown.</li> : null}
    </ul>
  )
}
