import type { WallDateTime } from './hotel-time'

// What happened to a booking after it was made, for staff: the front desk's
// taps (and their undoing), a change of a stay under way, a price line, the
// cancellation — each with who did it and when (hotel time).

export type BookingEvent = {
  id: number
  booking_id: number
  action: string
  /** A change's pick-up and services, a price line's amount and reason; otherwise the moment. */
  detail: string | null
  /** Who did it (first and last name); null once their account is gone. */
  by: string | null
  at: WallDateTime
}

const WORDS: Record<string, string> = {
  'check-in': 'Checked in',
  'check-out': 'Checked out',
  'undo-check-in': 'Check-in undone',
  'undo-check-out': 'Check-out undone',
  'no-show': 'Marked a no-show',
  'undo-no-show': 'No-show undone',
  cancel: 'Cancelled',
  change: 'Stay changed',
  adjust: 'Price adjusted',
}

/** The event in words: "Stay changed: pick-up … → …", "Checked in". */
export function eventText(event: Pick<BookingEvent, 'action' | 'detail'>): string {
  const words = WORDS[event.action] ?? event.action
  // The front desk's and a cancellation's detail is their moment, shown beside it already.
  return (event.action === 'change' || event.action === 'adjust') && event.detail
    ? `${words}: ${event.detail}`
    : words
}
