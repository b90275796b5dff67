import { methodNotAllowed } from '~/http/api.server'
import { currentUser } from '~/http/signed-in-reads.server'

// GET /api/auth/ — restores the session: the user object itself, or 401.
// With an API token: its user, or 401 saying why the token is refused.
export const loader = currentUser.loader

export function action() {
  return methodNotAllowed(['GET'])
}
