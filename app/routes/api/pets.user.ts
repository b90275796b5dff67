import { methodNotAllowed } from '~/http/api.server'
import { ownPets } from '~/http/signed-in-reads.server'

// GET /api/pets/user — the logged-in user's own pets ({"Pets": [...]}).
export const loader = ownPets.loader

export function action() {
  return methodNotAllowed(['GET'])
}
