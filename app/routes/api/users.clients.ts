import type { Route } from './+types/users.clients'
import { assertCan, canCreateClients } from '~/domain/permissions'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { publicOrigin } from '~/http/public-origin.server'
import { CLIENT_ACCOUNT_FAILURE, createClientAccount } from '~/models/client-accounts.server'
import { clientAccountSchema } from '~/schemas/staff'

// POST /api/users/clients {fname, lname, email, phone_num, address?, city?,
// state?, zip?} — the Owner and Managers make an account for a client who
// phoned or walked in → 201 {user} (its id for their pets and bookings). The
// client gets a mail with their username and a link to choose a password.
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const actor = await requireApiUser(request)
  assertCan(canCreateClients(actor))
  const input = validate(clientAccountSchema, await readJsonObject(request), CLIENT_ACCOUNT_FAILURE)
  const user = await createClientAccount({ actor, input, origin: publicOrigin(request) })
  return ok({ user }, { status: 201 })
})

export function loader() {
  return methodNotAllowed(['POST'])
}
