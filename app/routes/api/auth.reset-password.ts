import type { Route } from './+types/auth.reset-password'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { resetPasswordAndLogIn } from '~/http/password-reset.server'
import { RESET_MESSAGES } from '~/models/password-reset.server'
import { resetPasswordSchema } from '~/schemas/password-reset'

// POST /api/auth/reset-password {token, password, confirm_password, revoke_tokens?} — sets
// the new password of a reset link, ends every session of the account and
// answers like login: the user, with a new session cookie. A link that is
// unknown, used or expired: 400 with why.
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const input = validate(resetPasswordSchema, await readJsonObject(request), RESET_MESSAGES.failed)
  const { user, headers } = await resetPasswordAndLogIn({ request, input })
  return ok(user, { headers })
})

export function loader() {
  return methodNotAllowed(['POST'])
}
