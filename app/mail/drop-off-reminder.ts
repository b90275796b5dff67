import type { Booking } from '~/domain/booking'
import { BOOKING_TYPE_LABELS } from '~/domain/booking-rules'
import { HOTEL_NAME } from '~/domain/hotel'
import { formatWallDateLong, formatWallTime } from '~/domain/hotel-time'
import { composeMail, type MailMessage } from './compose'

/** The day before a drop-off: when, what was booked, what to bring, and how to stop these. */
export function dropOffReminderMail({
  to,
  fname,
  booking,
  origin,
}: {
  to: string
  fname: string
  booking: Booking
  origin: string
}): MailMessage {
  const pet = booking.pet.name
  const services = booking.services.map((s) => s.service).join(', ')
  return composeMail({
    kind: 'drop-off-reminder',
    to,
    subject: `Reminder: ${pet}'s ${BOOKING_TYPE_LABELS[booking.booking_type].toLowerCase()} starts tomorrow`,
    greeting: `Hello ${fname},`,
    paragraphs: [
      `We're looking forward to seeing ${pet} tomorrow, ${formatWallDateLong(booking.drop_off_date)}, at ${formatWallTime(booking.drop_off_date)} (pick-up ${formatWallDateLong(booking.pick_up_date)}, ${formatWallTime(booking.pick_up_date)}).`,
      ...(services ? [`Booked: ${services}.`] : []),
      `Please bring ${pet}'s food if they are on a special diet, any medication with its instructions, and their vaccination records if we don't have them yet.`,
    ],
    action: { label: 'See or change the booking', url: `${origin}/my-bookings` },
    footnote: `You get this because reminders are on for your ${HOTEL_NAME} account. Turn them off on your account page: ${origin}/account#reminders`,
  })
}
