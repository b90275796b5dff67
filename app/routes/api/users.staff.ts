import type { Route } from './+types/users.staff'
import { methodNotAllowed, ok, requireApiStaff } from '~/http/api.server'
import { listStaff } from '~/models/user.server'

// GET /api/users/staff — the staff who can be assigned to services ({"staff": [...]}).
// Staff only: the objects carry contact details that clients must not see.
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiStaff(request)
  return ok({ staff: await listStaff() })
}

export function action() {
  return methodNotAllowed(['GET'])
}
