import type { Route } from './+types/users.real'
import { methodNotAllowed, ok, requireApiAdmin } from '~/http/api.server'
import { listUsers } from '~/models/user.server'

// GET /api/users/real — every user, for the Owner and Managers ({"users": [...]}).
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request)
  return ok({ users: await listUsers() })
}

export function action() {
  return methodNotAllowed(['GET'])
}
