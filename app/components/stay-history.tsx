/**
 * What happened to a stay, for staff: a disclosure under it listing each
 * event (the front desk's taps, changes, price lines, a cancellation) with
 * when and who.
 *
 *   <StayHistory events={history[b.id]} />
 */
import { eventText, type BookingEvent } from '~/domain/booking-history'
import { formatWallDateTime } from '~/domain/hotel-time'

export function StayHistory({ events }: { events?: BookingEvent[] }) {
  if (!events?.length) return null
  return (
    <details className="stay-history">
      <summary>{`History (${events.length})`}</summary>
      <ol className="stay-history-list text-sm">
        {events.map((e) => (
          <li key={e.id}>
            <time dateTime={e.at.replace(' ', 'T')}>{formatWallDateTime(e.at)}</time>
            {` — ${eventText(e)}${e.by ? ` (${e.by})` : ''}`}
          </li>
        ))}
      </ol>
    </details>
  )
}
