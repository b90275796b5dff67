import { notFound } from '~/domain/errors'
import { canReadDevelopmentMailbox } from '~/domain/permissions'
import type { User } from '~/domain/user'
import { requireUser } from '~/http/auth.server'
import { getEnv } from '~/infra/env.server'
import { developmentMailboxEnabled } from '~/infra/mail-transport.server'

// What the two pages of the development mailbox share.

/**
 * The Owner, where the development mailbox exists. With SMTP_URL set or in
 * production the mailbox does not exist for anyone (404, before anything else:
 * a mailbox that shows reset links would let whoever reaches it take over
 * accounts); a visitor is sent to log in, and anyone but the Owner gets 403.
 */
export async function requireMailboxReader(request: Request): Promise<User> {
  if (!developmentMailboxEnabled()) throw notFound('Page not found')
  return requireUser(request, { can: canReadDevelopmentMailbox })
}

/** An instant as the hotel's wall clock shows it ("Nov 23, 2026, 9:05 PM"). */
export function hotelDateTime(at: Date | string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: getEnv().HOTEL_TIMEZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(at))
}
