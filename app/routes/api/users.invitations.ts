import type { Route } from './+types/users.invitations'
import { assertCan, canManageUsers } from '~/domain/permissions'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { publicOrigin } from '~/http/public-origin.server'
import { inviteStaff, STAFF_MESSAGES } from '~/models/user-admin.server'
import { invitationSchema } from '~/schemas/staff'

// POST /api/users/invitations {fname, lname, email, position} — the Owner
// invites Employees and Managers, a Manager Employees; the invitee gets a
// mail with a link to set up their account (valid 7 days).
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const actor = await requireApiUser(request)
  // Who may not run accounts hears so before anything about their body.
  assertCan(canManageUsers(actor))
  const input = validate(
    invitationSchema,
    await readJsonObject(request),
    STAFF_MESSAGES.inviteFailed,
  )
  await inviteStaff({ actor, input, origin: publicOrigin(request) })
  return ok({ message: `Invitation sent to ${input.email}` }, { status: 201 })
})

export function loader() {
  return methodNotAllowed(['POST'])
}
