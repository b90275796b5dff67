import type { Route } from './+types/pets.user'
import { methodNotAllowed, ok, requireApiUser } from '~/http/api.server'
import { listUserPets } from '~/models/pet.server'

// GET /api/pets/user — the logged-in user's own pets ({"Pets": [...]}).
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApiUser(request)
  return ok({ Pets: await listUserPets({ userId: viewer.id }) })
}

export function action() {
  return methodNotAllowed(['GET'])
}
