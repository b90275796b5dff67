import { HOTEL_NAME } from '~/domain/hotel'
import { composeMail, type MailMessage } from './compose'

// Mail about a person's own account: a new address to confirm, the old
// address told of the change, and the goodbye after deleting an account.

/** To the new address: one link to the page where a click confirms it. */
export function emailChangeConfirmMail({
  to,
  fname,
  url,
  validHours,
}: {
  to: string
  fname: string
  url: string
  validHours: number
}): MailMessage {
  return composeMail({
    kind: 'email-change',
    to,
    subject: `Confirm your new ${HOTEL_NAME} email address`,
    greeting: `Hello ${fname},`,
    paragraphs: [
      `You asked to use this address for your ${HOTEL_NAME} account.`,
      `Open the link below and confirm. It works once and for ${validHours} hours; until then your account keeps its old address.`,
    ],
    action: { label: 'Confirm my new email address', url },
    footnote: "If you didn't ask for this, ignore this message: nothing changes.",
  })
}

/** To the old address, once the new one is confirmed. */
export function emailChangedNoticeMail({
  to,
  fname,
  newEmail,
  origin,
}: {
  to: string
  fname: string
  newEmail: string
  origin: string
}): MailMessage {
  return composeMail({
    kind: 'email-changed',
    to,
    subject: `Your ${HOTEL_NAME} email address was changed`,
    greeting: `Hello ${fname},`,
    paragraphs: [
      `The email address of your ${HOTEL_NAME} account is now ${newEmail}. Mail about your bookings goes there from now on.`,
      `If you didn't make this change, reset your password with the link below (it is mailed to the new address, so ask the hotel for help if you can't reach it) and call the hotel.`,
    ],
    action: { label: 'Reset my password', url: `${origin}/forgot-password` },
  })
}

/** The goodbye after deleting an account: what happened to the stays. */
export function accountDeletedMail({
  to,
  fname,
  cancelled,
}: {
  to: string
  fname: string
  /** The stays cancelled with the account, as text ("Rex, boarding, 3 Jan – 5 Jan"). */
  cancelled: string[]
}): MailMessage {
  return composeMail({
    kind: 'account-deleted',
    to,
    subject: `Your ${HOTEL_NAME} account was deleted`,
    greeting: `Hello ${fname},`,
    paragraphs: [
      `Your ${HOTEL_NAME} account, your pets and their photos have been deleted, as you asked.`,
      ...(cancelled.length
        ? [`These upcoming stays were cancelled: ${cancelled.join('; ')}.`]
        : []),
      'The hotel keeps the dates and amounts of past stays for its accounts, without your name or your pets’. Your reviews stay on the site as “a former guest”.',
      'Thank you for staying with us. You are welcome back any time.',
    ],
  })
}
