import type { Route } from './+types/auth.login'
import { apiHandler, methodNotAllowed, ok, readJsonObject } from '~/http/api.server'
import { logIn } from '~/http/login.server'

// POST /api/auth/login {email, password} — the user object itself, with the session cookie.
export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const body = await readJsonObject(request)
  const { user, headers } = await logIn({ request, fields: body, clientIp: context.clientIp })
  return ok(user, { headers })
})

export function loader() {
  return methodNotAllowed(['POST'])
}
