import { HOTEL_NAME } from '~/domain/hotel'
import { composeMail, type MailMessage } from './compose'

/** An account the front desk made for a client: their username and one link to choose a password. */
export function clientAccountMail({
  to,
  fname,
  username,
  createdBy,
  url,
  validDays,
}: {
  to: string
  fname: string
  username: string
  createdBy: string
  url: string
  validDays: number
}): MailMessage {
  return composeMail({
    kind: 'client-account',
    to,
    subject: `Your account at ${HOTEL_NAME}`,
    greeting: `Hello ${fname},`,
    paragraphs: [
      `${createdBy} at ${HOTEL_NAME} has made an account for you, so you can see your pet's stays, book and keep your details up to date. Your username is ${username}.`,
      `Open the link below to choose your password. It works once and for ${validDays} days; after that, "Forgot password?" on the login page sends a new one.`,
    ],
    action: { label: 'Choose your password', url },
    footnote: "If you didn't ask the hotel for an account, you can ignore this message.",
  })
}
