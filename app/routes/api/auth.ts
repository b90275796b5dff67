import type { Route } from './+types/auth'
import { apiError, apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { getCurrentUser, requireApiUser } from '~/http/auth.server'

// GET /api/auth/ — restores the session: the user object itself, or 401.
// With an API token: its user, or 401 saying why the token is refused.
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  if (request.headers.has('Authorization')) return ok(await requireApiUser(request))
  const user = await getCurrentUser(request)
  if (!user) return apiError(401, 'Trouble getting current user')
  return ok(user)
})

export function action() {
  return methodNotAllowed(['GET'])
}
