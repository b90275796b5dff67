import type { Route } from './+types/auth.forgot-password'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { askForPasswordReset } from '~/http/password-reset.server'
import { forgotPasswordSchema } from '~/schemas/password-reset'

// POST /api/auth/forgot-password {email} — 202 {"message"} whether or not
// the address has an account; the account's owner gets a reset link by mail.
export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const input = validate(
    forgotPasswordSchema,
    await readJsonObject(request),
    'Password reset was not requested',
  )
  const answer = await askForPasswordReset({ request, input, clientIp: context.clientIp })
  return ok(answer, { status: 202 })
})

export function loader() {
  return methodNotAllowed(['POST'])
}
