import type { Route } from './+types/users.$id'
import { apiError, methodNotAllowed, ok, requireApiUser, requireIdParam } from '~/http/api.server'
import { getUserById } from '~/models/user.server'

// GET /api/users/{id} — oneself, or anyone for staff.
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireApiUser(request)
  const id = requireIdParam(params.id, "User couldn't be found")
  if (id !== viewer.id && !viewer.staff) return apiError(403, 'Unauthorized')
  const user = await getUserById(id)
  if (!user) return apiError(404, "User couldn't be found")
  return ok(user)
}

export function action() {
  return methodNotAllowed(['GET'])
}
