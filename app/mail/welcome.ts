import { HOTEL_NAME } from '~/domain/hotel'
import { composeMail, type MailMessage } from './compose'

/** The welcome after signup: what the account is for, and one link to add a first pet. */
export function welcomeMail({
  to,
  fname,
  origin,
}: {
  to: string
  fname: string
  /** Where the link points: https://hotel.example */
  origin: string
}): MailMessage {
  return composeMail({
    kind: 'welcome',
    to,
    subject: `Welcome to ${HOTEL_NAME}`,
    greeting: `Hello ${fname},`,
    paragraphs: [
      `Thank you for creating an account at ${HOTEL_NAME}.`,
      'Add your cats and dogs, then book day care or a boarding stay for them, and tell other pet parents how it went.',
    ],
    action: { label: 'Add your first pet', url: `${origin}/pets` },
    footnote:
      "You got this message because this address was used to sign up. If that wasn't you, please let the hotel know.",
  })
}
