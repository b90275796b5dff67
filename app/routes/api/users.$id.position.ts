import type { Route } from './+types/users.$id.position'
import { assertCan, canManageUsers } from '~/domain/permissions'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { requireIdParam } from '~/http/params.server'
import { setPosition, STAFF_MESSAGES } from '~/models/user-admin.server'
import { positionSchema } from '~/schemas/staff'

// PUT /api/users/{id}/position {position: 'Employee'|'Manager'} — the Owner
// moves a staff member between Employee and Manager; 200 with the user.
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'PUT') return methodNotAllowed(['PUT'])
  const actor = await requireApiUser(request)
  // Who may not run accounts hears so before anything about their body.
  assertCan(canManageUsers(actor))
  const userId = requireIdParam(params.id, STAFF_MESSAGES.notFound)
  const { position } = validate(
    positionSchema,
    await readJsonObject(request),
    'Position was not changed',
  )
  return ok(await setPosition({ actor, userId, position }))
})

export function loader() {
  return methodNotAllowed(['PUT'])
}
