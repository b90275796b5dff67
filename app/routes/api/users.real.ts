import type { Route } from './+types/users.real'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { listUsers } from '~/models/user.server'

// GET /api/users/real — every user, for the Owner and Managers ({"users": [...]}).
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  return ok({ users: await listUsers({ actor }) })
})

export function action() {
  return methodNotAllowed(['GET'])
}
