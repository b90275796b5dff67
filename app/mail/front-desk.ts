import { HOTEL_NAME } from '~/domain/hotel'
import { formatWallDateTime, type WallDateTime } from '~/domain/hotel-time'
import { composeMail, type MailMessage } from './compose'

// The short notes an owner gets from the front desk: their pet arrived, and
// their pet went home.

type FrontDeskMail = {
  to: string
  fname: string
  petName: string
  at: WallDateTime
  origin: string
}

export function checkedInMail({ to, fname, petName, at, origin }: FrontDeskMail): MailMessage {
  return composeMail({
    kind: 'checked-in',
    to,
    subject: `${petName} has checked in at ${HOTEL_NAME}`,
    greeting: `Hello ${fname},`,
    paragraphs: [
      `${petName} checked in at ${formatWallDateTime(at)} and is settling in. We'll take good care of them.`,
    ],
    action: { label: 'See your bookings', url: `${origin}/my-bookings` },
  })
}

export function checkedOutMail({ to, fname, petName, at, origin }: FrontDeskMail): MailMessage {
  return composeMail({
    kind: 'checked-out',
    to,
    subject: `${petName} has checked out of ${HOTEL_NAME}`,
    greeting: `Hello ${fname},`,
    paragraphs: [
      `${petName} checked out at ${formatWallDateTime(at)}. Thank you for staying with us — we hope to see ${petName} again soon.`,
      'Tell other pet owners how it went: reviews are on our site.',
    ],
    action: { label: 'Write a review', url: `${origin}/reviews` },
  })
}
