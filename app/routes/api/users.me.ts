import type { Route } from './+types/users.me'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { me } from '~/http/signed-in-reads.server'
import { ACCOUNT_MESSAGES, updateProfile } from '~/models/account.server'
import { profileSchema } from '~/schemas/account'

// GET /api/users/me — the logged-in user (as GET /api/auth/ answers).
// PUT /api/users/me — saves one's own profile: the signup fields but email
// and password (the signup rules and messages); 200 with the user, 409 when
// the username is someone else's.
export const loader = me.loader

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT'])
  const actor = await requireApiUser(request)
  const input = validate(
    profileSchema,
    await readJsonObject(request),
    ACCOUNT_MESSAGES.profileFailed,
  )
  return ok(await updateProfile({ actor, input }))
})
