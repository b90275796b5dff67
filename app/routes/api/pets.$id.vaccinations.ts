import type { Route } from './+types/pets.$id.vaccinations'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { requireIdParam } from '~/http/params.server'
import { readVaccinationRequest } from '~/http/vaccination-form.server'
import {
  VACCINATION_FAILURES,
  addVaccination,
  listVaccinations,
} from '~/models/pet/vaccinations.server'

// GET /api/pets/{id}/vaccinations — the pet's records, newest expiry first:
//   {vaccinations: [{id, vaccine, given_on, expires_on, verified, certificate_url}]}
// POST — one record {vaccine, given_on, expires_on} (staff may add verified),
// as JSON or as a multipart form that may carry `certificate`, a photo of the
// certificate (then certificate_url is where the owner and staff see it).
// For the pet's owner and staff only; anyone else hears 404/403 as for the pet.
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  const petId = requireIdParam(params.id, VACCINATION_FAILURES.petNotFound)
  return ok({ vaccinations: await listVaccinations({ petId, actor }) })
})

export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const actor = await requireApiUser(request)
  const petId = requireIdParam(params.id, VACCINATION_FAILURES.petNotFound)
  // Access first: who may not keep this pet's records hears so before their body is judged.
  await listVaccinations({ petId, actor })
  const { input, certificate } = await readVaccinationRequest(
    request,
    VACCINATION_FAILURES.notSaved,
  )
  return ok(
    { vaccination: await addVaccination({ petId, actor, input, certificate }) },
    { status: 201 },
  )
})
