import { HOTEL_NAME } from '~/domain/hotel'
import { composeMail, type MailMessage } from './compose'

/** The password reset: one link to the page where a new password is chosen (a POST changes it). */
export function passwordResetMail({
  to,
  fname,
  url,
  validMinutes,
}: {
  to: string
  fname: string
  url: string
  validMinutes: number
}): MailMessage {
  return composeMail({
    kind: 'password-reset',
    to,
    subject: `Reset your ${HOTEL_NAME} password`,
    greeting: `Hello ${fname},`,
    paragraphs: [
      `Someone asked to reset the password of your ${HOTEL_NAME} account.`,
      `Open the link below to choose a new one. It works once and for ${validMinutes} minutes; after the reset you are logged out everywhere else.`,
    ],
    action: { label: 'Choose a new password', url },
    footnote:
      "If you didn't ask for this, you can ignore this message: your password stays as it is.",
  })
}
