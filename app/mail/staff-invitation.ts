import { HOTEL_NAME } from '~/domain/hotel'
import { composeMail, type MailMessage } from './compose'

/** The invitation to join the staff: one link to the page where the invitee sets up their account. */
export function staffInvitationMail({
  to,
  fname,
  position,
  invitedBy,
  url,
  validDays,
}: {
  to: string
  fname: string
  position: string
  invitedBy: string
  url: string
  validDays: number
}): MailMessage {
  return composeMail({
    kind: 'staff-invitation',
    to,
    subject: `You're invited to join ${HOTEL_NAME}`,
    greeting: `Hello ${fname},`,
    paragraphs: [
      `${invitedBy} has invited you to join the staff of ${HOTEL_NAME} as ${position === 'Employee' ? 'an Employee' : 'a Manager'}.`,
      `Open the link below to choose your username and password. It works once and for ${validDays} days.`,
    ],
    action: { label: 'Set up your account', url },
    footnote: "If you weren't expecting this invitation, you can ignore this message.",
  })
}
