import type { Route } from './+types/auth.signup'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { signUp } from '~/http/signup.server'
import { signupSchema } from '~/schemas/auth'

// POST /api/auth/signup — creates a client account and logs it in.
export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const input = validate(signupSchema, await readJsonObject(request), 'Signup failed')
  const { user, headers } = await signUp({ request, input, clientIp: context.clientIp })
  return ok(user, { status: 201, headers })
})

export function loader() {
  return methodNotAllowed(['POST'])
}
