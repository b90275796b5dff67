import type { Route } from './+types/auth'
import { apiError, apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { getCurrentUser } from '~/http/auth.server'

// GET /api/auth/ — restores the session: the user object itself, or 401.
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const user = await getCurrentUser(request)
  if (!user) return apiError(401, 'Trouble getting current user')
  return ok(user)
})

export function action() {
  return methodNotAllowed(['GET'])
}
