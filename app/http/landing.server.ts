import type { User } from '~/domain/user'
import { hasOwnPets } from '~/models/pet/queries.server'
import { safeRedirect } from './safe-redirect'

// Where a login lands (the Log In page and dialog, the Demo menu; not the
// JSON call, whose answer is the contract). A safe way back that was asked for
// wins; without one (or "/", the landing page itself) each person goes where
// their day starts: staff on today's day sheet, a client with no pet on
// Manage Pets (its empty state asks for the first pet), other clients home.

export const STAFF_LANDING = '/bookingsByDate'
export const FIRST_PET_LANDING = '/pets'

export async function landingAfterLogin(
  user: Pick<User, 'id' | 'staff' | 'position'>,
  redirectTo: FormDataEntryValue | string | null | undefined,
): Promise<string> {
  const asked = safeRedirect(redirectTo)
  if (asked !== '/') return asked
  if (user.staff) return STAFF_LANDING
  return (await hasOwnPets({ actor: user })) ? '/' : FIRST_PET_LANDING
}
