import type { Route } from './+types/users.staff'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { listStaff } from '~/models/user.server'

// GET /api/users/staff — the staff who can be assigned to services ({"staff": [...]}).
// Staff only: the objects carry contact details that clients must not see.
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  return ok({ staff: await listStaff({ actor }) })
})

export function action() {
  return methodNotAllowed(['GET'])
}
