import type { Route } from './+types/auth'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'

// GET /api/auth/ — restores the session: the user object itself, or 401.
// With an API token: its user, or 401 saying why the token is refused.
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) =>
  ok(await requireApiUser(request, { unauthenticatedMessage: 'Trouble getting current user' })),
)

export function action() {
  return methodNotAllowed(['GET'])
}
