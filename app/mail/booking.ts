import { createEvent } from 'ics'
import type { Booking } from '~/domain/booking'
import { BOOKING_TYPE_LABELS } from '~/domain/booking-rules'
import { HOTEL_NAME } from '~/domain/hotel'
import { formatWallDateTime, wallToInstant } from '~/domain/hotel-time'
import { composeMail, type MailAttachment, type MailMessage } from './compose'

// The client hears of every change to their pet's stay — confirmed, changed,
// cancelled — whoever made it (they, or the hotel for them), with the stay as
// a calendar file: one event per booking (the same UID every time, a higher
// SEQUENCE on each change, CANCELLED when it is off), so a calendar app
// updates or removes the event it already has. Its times are instants, so
// the hotel's drop-off and pick-up show correctly in any time zone.

export type BookingMailKind = 'confirmed' | 'changed' | 'cancelled'

const SUBJECTS: Record<BookingMailKind, (pet: string) => string> = {
  confirmed: (pet) => `${pet}'s stay is booked`,
  changed: (pet) => `${pet}'s stay has changed`,
  cancelled: (pet) => `${pet}'s stay is cancelled`,
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`

export function bookingMail({
  kind,
  to,
  fname,
  booking,
  timeZone,
  changedAt,
  origin,
}: {
  kind: BookingMailKind
  to: string
  fname: string
  booking: Booking
  timeZone: string
  /** When this change was made: orders the calendar file's versions. */
  changedAt: Date
  /** Where the link points (https://hotel.example); no link without it. */
  origin?: string
}): MailMessage {
  const pet = booking.pet.name
  const stay = [
    `${BOOKING_TYPE_LABELS[booking.booking_type]} for ${pet}`,
    `Drop-off: ${formatWallDateTime(booking.drop_off_date)}`,
    `Pick-up: ${formatWallDateTime(booking.pick_up_date)}`,
    ...(booking.services.length
      ? [`Services: ${booking.services.map((s) => s.service).join(', ')}`]
      : []),
    `Total: ${money(booking.total)}`,
  ].join('\n')
  const opening = {
    confirmed: `${pet}'s stay at ${HOTEL_NAME} is booked. We look forward to it!`,
    changed: `${pet}'s stay at ${HOTEL_NAME} has changed. Here it is as it stands now.`,
    cancelled: `${pet}'s stay at ${HOTEL_NAME} is cancelled. Its nights are free for other guests.`,
  }[kind]
  return composeMail({
    kind: `booking-${kind}`,
    to,
    subject: SUBJECTS[kind](pet),
    greeting: `Hello ${fname},`,
    paragraphs: [opening, stay, ...vaccinesReminder(booking, kind, origin)],
    action:
      origin && kind !== 'cancelled'
        ? { label: 'See the booking', url: `${origin}/bookings/pet/${booking.pet.id}` }
        : undefined,
    footnote: 'The calendar file attached keeps the stay in your calendar up to date.',
    attachments: [calendarFile({ kind, booking, timeZone, changedAt })],
  })
}

/**
 * A stay made or changed while a required vaccine is missing or runs out
 * before pick-up: the client is reminded in the same mail, with where to add it.
 */
function vaccinesReminder(booking: Booking, kind: BookingMailKind, origin?: string): string[] {
  if (kind === 'cancelled' || !booking.vaccinations_missing.length) return []
  const where = origin
    ? ` Add them on ${booking.pet.name}'s page: ${origin}/pets/${booking.pet.id}#vaccinations`
    : ''
  return [
    `Before ${booking.pet.name} can be checked in we need a record of ${booking.vaccinations_missing.join(', ')}, valid through pick-up.${where}`,
  ]
}

function calendarFile({
  kind,
  booking,
  timeZone,
  changedAt,
}: {
  kind: BookingMailKind
  booking: Booking
  timeZone: string
  changedAt: Date
}): MailAttachment {
  const cancelled = kind === 'cancelled'
  const { error, value } = createEvent({
    productId: `${HOTEL_NAME} bookings`,
    method: cancelled ? 'CANCEL' : 'PUBLISH',
    uid: `booking-${booking.id}@pet-hotel`,
    // Whole seconds since 2020: each change of a booking has a higher number.
    sequence: Math.max(0, Math.floor((changedAt.getTime() - Date.UTC(2020, 0, 1)) / 1000)),
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    title: `${booking.pet.name} at ${HOTEL_NAME} (${BOOKING_TYPE_LABELS[booking.booking_type]})`,
    description: `Drop-off ${formatWallDateTime(booking.drop_off_date)}, pick-up ${formatWallDateTime(booking.pick_up_date)} (hotel time).`,
    location: HOTEL_NAME,
    start: wallToInstant(booking.drop_off_date, timeZone).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: wallToInstant(booking.pick_up_date, timeZone).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
  })
  if (error || !value) throw error ?? new Error('calendar file not made')
  return {
    filename: 'stay.ics',
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    content: value,
  }
}
