import type { Route } from './+types/pets.user'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { listOwnPets } from '~/models/pet/queries.server'

// GET /api/pets/user — the logged-in user's own pets ({"Pets": [...]}).
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  return ok({ Pets: await listOwnPets({ actor }) })
})

export function action() {
  return methodNotAllowed(['GET'])
}
