import type { BookingType } from '~/domain/booking-rules'
import { BOOKING_TYPE_LABELS } from '~/domain/booking-rules'
import { HOTEL_NAME } from '~/domain/hotel'
import { formatWallDate, formatWallDateTime, type WallDateTime } from '~/domain/hotel-time'
import { WAITLIST_HOLD_HOURS } from '~/domain/waitlist'
import { composeMail, type MailMessage } from './compose'

// A place freed for a stay on the waitlist: it is held for the client for
// WAITLIST_HOLD_HOURS, and the mail's link opens the page where one click
// books it (a link never books by itself: mail scanners follow links).

export function waitlistOfferMail({
  to,
  fname,
  petName,
  stay,
  holdUntil,
  url,
}: {
  to: string
  fname: string
  petName: string
  stay: { booking_type: BookingType; drop_off_date: WallDateTime; pick_up_date: WallDateTime }
  holdUntil: WallDateTime
  url: string
}): MailMessage {
  const dates =
    stay.booking_type === 'day_care'
      ? formatWallDate(stay.drop_off_date)
      : `${formatWallDate(stay.drop_off_date)} to ${formatWallDate(stay.pick_up_date)}`
  return composeMail({
    kind: 'waitlist-offer',
    to,
    subject: `A place is free for ${petName} at ${HOTEL_NAME}`,
    greeting: `Hello ${fname},`,
    paragraphs: [
      `Good news: a place has freed for ${petName}'s ${BOOKING_TYPE_LABELS[stay.booking_type].toLowerCase()} (${dates}), the stay you were waiting for.`,
      `We are holding it for you for ${WAITLIST_HOLD_HOURS} hours, until ${formatWallDateTime(holdUntil)}. After that it goes to the next pet on the waitlist.`,
    ],
    action: { label: 'Book this stay', url },
    footnote:
      'You got this because you joined our waitlist. Not going any more? Open the link and leave the waitlist.',
  })
}
