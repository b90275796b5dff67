import type { Route } from './+types/users.$id.active'
import { assertCan, canManageUsers } from '~/domain/permissions'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { requireIdParam } from '~/http/params.server'
import { setActive, STAFF_MESSAGES } from '~/models/user-admin.server'
import { activeSchema } from '~/schemas/staff'

// PUT /api/users/{id}/active {active: true|false} — deactivates (sessions end,
// no login, off the user and staff lists) or reactivates an account; 200 with the user.
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'PUT') return methodNotAllowed(['PUT'])
  const actor = await requireApiUser(request)
  // Who may not run accounts hears so before anything about their body.
  assertCan(canManageUsers(actor))
  const userId = requireIdParam(params.id, STAFF_MESSAGES.notFound)
  const { active } = validate(
    activeSchema,
    await readJsonObject(request),
    'Account was not changed',
  )
  return ok(await setActive({ actor, userId, active }))
})

export function loader() {
  return methodNotAllowed(['PUT'])
}
