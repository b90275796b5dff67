import type { Route } from './+types/tokens.$id'
import { API_TOKEN_MESSAGES } from '~/domain/api-token'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { requireIdParam } from '~/http/params.server'
import { revokeApiToken } from '~/models/api-token.server'

// DELETE /api/tokens/{id} — revoke one of your tokens: it stops working at
// once (401). {"message"}; 404 for a token that is not yours.
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'DELETE') return methodNotAllowed(['DELETE'])
  const actor = await requireApiUser(request)
  const id = requireIdParam(params.id, API_TOKEN_MESSAGES.notFound)
  await revokeApiToken({ actor, id })
  return ok({ message: 'Token revoked' })
})

export function loader() {
  return methodNotAllowed(['DELETE'])
}
