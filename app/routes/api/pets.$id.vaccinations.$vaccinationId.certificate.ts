import type { Route } from './+types/pets.$id.vaccinations.$vaccinationId.certificate'
import { apiHandler, methodNotAllowed } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { requireIdParam } from '~/http/params.server'
import { privatePhotoResponse } from '~/http/private-photo.server'
import { getCertificate, VACCINATION_FAILURES } from '~/models/pet/vaccinations.server'

// GET /api/pets/{id}/vaccinations/{vaccinationId}/certificate — the photo of
// a record's certificate, for the pet's owner and staff only. Unlike a pet's
// photos it is never public nor kept by a shared cache: each request is
// checked against the session, and browsers are told not to store it.
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  const petId = requireIdParam(params.id, VACCINATION_FAILURES.petNotFound)
  const id = requireIdParam(params.vaccinationId, VACCINATION_FAILURES.notFound)
  return privatePhotoResponse(await getCertificate({ petId, id, actor }))
})

export function action() {
  return methodNotAllowed(['GET'])
}
