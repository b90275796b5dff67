import type { Route } from './+types/auth.logout'
import { ok } from '~/http/api.server'
import { destroySession } from '~/infra/session.server'

// GET /api/auth/logout — clears the session. Logging out is harmless, so a
// cross-site GET can at worst log someone out; POST is accepted too.
export async function loader({ request }: Route.LoaderArgs) {
  return ok({ message: 'Logged out' }, { headers: { 'Set-Cookie': await destroySession(request) } })
}

export const action = loader
