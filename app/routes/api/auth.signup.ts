import type { Route } from './+types/auth.signup'
import { apiError, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { createUser, DuplicateUserError } from '~/models/user.server'
import { signupSchema } from '~/schemas/auth'
import { commitUserSession } from '~/infra/session.server'

// POST /api/auth/signup — creates a client account and logs it in.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const input = validate(signupSchema, await readJsonObject(request), 'Signup failed')
  try {
    const user = await createUser(input)
    return ok(user, {
      status: 201,
      headers: { 'Set-Cookie': await commitUserSession(request, user.id) },
    })
  } catch (error) {
    if (error instanceof DuplicateUserError) return apiError(409, 'Signup failed', error.errors)
    throw error
  }
}

export function loader() {
  return methodNotAllowed(['POST'])
}
