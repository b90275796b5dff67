import type { Route } from './+types/pets.$id.vaccinations.$vaccinationId'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { requireIdParam } from '~/http/params.server'
import { readVaccinationRequest } from '~/http/vaccination-form.server'
import {
  VACCINATION_FAILURES,
  deleteVaccination,
  listVaccinations,
  updateVaccination,
} from '~/models/pet/vaccinations.server'

// PUT /api/pets/{id}/vaccinations/{vaccinationId} — the record's fields again
// ({vaccine, given_on, expires_on}; staff may set verified; a change by the
// owner makes it unverified), JSON or multipart (a new `certificate` photo
// replaces the old; none keeps it). DELETE removes it. Owner and staff only.
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'PUT' && request.method !== 'DELETE')
    return methodNotAllowed(['PUT', 'DELETE'])
  const actor = await requireApiUser(request)
  const petId = requireIdParam(params.id, VACCINATION_FAILURES.petNotFound)
  const id = requireIdParam(params.vaccinationId, VACCINATION_FAILURES.notFound)
  if (request.method === 'DELETE') {
    await deleteVaccination({ petId, id, actor })
    return ok({ message: 'Vaccination deleted' })
  }
  await listVaccinations({ petId, actor })
  const { input, certificate } = await readVaccinationRequest(
    request,
    VACCINATION_FAILURES.notSaved,
  )
  return ok({ vaccination: await updateVaccination({ petId, id, actor, input, certificate }) })
})

export function loader() {
  return methodNotAllowed(['PUT', 'DELETE'])
}
