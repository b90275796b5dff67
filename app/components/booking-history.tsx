/**
 * A pet's past stays, newest first, each with its price as booked and any
 * lines added to it; with `adjust`, the Owner's and Managers' form to add one.
 *
 *   <BookingHistory bookings={past} more={morePast} petName="Rex" />
 *   <BookingHistory … adjust={{ action: '/pets/7', errors: { 12: 'Reason is required' } }}
 *     history={{ 12: [{ action: 'check-in', … }] }} />
 */
import type { Booking } from '~/domain/booking'
import { BOOKING_TYPE_LABELS, formatDollars } from '~/domain/booking-rules'
import { dayCount, StayText } from './booking-summary'
import { AdjustmentLines, AdjustPriceForm } from './price-adjustments'
import { StayHistory } from './stay-history'
import type { BookingEvent } from '~/domain/booking-history'

/** Where the Owner's and Managers' price forms post, and the last refusal per booking id. */
export type AdjustOptions = { action: string; errors?: Record<number, string> }

export function BookingHistory({
  bookings,
  more,
  petName,
  adjust,
  history,
}: {
  bookings: Booking[]
  more: boolean
  petName: string
  adjust?: AdjustOptions
  /** For staff: what happened to each stay, by booking id. */
  history?: Record<number, BookingEvent[]>
}) {
  if (!bookings.length) return <p className="muted">{petName} has no past stays yet.</p>
  return (
    <ul className="booking-history" aria-label={`Past stays of ${petName}`}>
      {bookings.map((b) => (
        <li key={b.id} id={`booking-${b.id}`} className="booking-history-item">
          <p className="booking-history-when">
            <StayText booking={b} />
          </p>
          <p className="muted text-sm">
            {BOOKING_TYPE_LABELS[b.booking_type]} · {dayCount(b.days)} ×{' '}
            {formatDollars(Math.round(b.daily_price * 100))}
            {b.services.length ? ` · ${b.services.map((s) => s.service).join(', ')}` : ''}
          </p>
          <AdjustmentLines booking={b} />
          <p className="price">{formatDollars(Math.round(b.total * 100))}</p>
          <StayHistory events={history?.[b.id]} />
          {adjust && b.status !== 'cancelled' ? (
            <AdjustPriceForm booking={b} action={adjust.action} error={adjust.errors?.[b.id]} />
          ) : null}
        </li>
      ))}
      {more ? <li className="muted text-sm">Older stays are not shown.</li> : null}
    </ul>
  )
}
