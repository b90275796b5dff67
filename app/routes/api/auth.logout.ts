import type { Route } from './+types/auth.logout'
import { answersInJson, ok } from '~/http/api.server'
import { endSession } from '~/http/auth.server'

// GET /api/auth/logout — ends the session: its row is deleted, so the cookie
// is worthless from now on even if a client keeps it. Logging out is
// harmless, so a cross-site GET can at worst log someone out; POST works too.
export const loader = answersInJson(async ({ request }: Route.LoaderArgs) =>
  ok({ message: 'Logged out' }, { headers: { 'Set-Cookie': await endSession(request) } }),
)

export const action = loader
