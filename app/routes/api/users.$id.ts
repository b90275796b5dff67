import type { Route } from './+types/users.$id'
import { requireIdParam } from '~/http/params.server'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { getUser } from '~/models/user.server'

// GET /api/users/{id} — oneself, or anyone for staff.
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  const id = requireIdParam(params.id, "User couldn't be found")
  return ok(await getUser({ actor, id }))
})

export function action() {
  return methodNotAllowed(['GET'])
}
