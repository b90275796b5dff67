import type { Route } from './+types/pets'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { readApiPetForm } from '~/http/pet-form.server'
import { forbidden } from '~/domain/errors'
import { assertCan, canAddPetFor, canListAllPets } from '~/domain/permissions'
import { readApiPaging, wholeList } from '~/http/json-list.server'
import { petsPage } from '~/http/signed-in-reads.server'
import { allPetsInBatches } from '~/models/pet/queries.server'
import { PET_FAILURES } from '~/models/pet/rows.server'
import { createPet } from '~/models/pet/write.server'

// GET /api/pets — every pet by id, for staff ({"Pets": [...]}); clients use /api/pets/user.
// ?page=&limit= for one page (links to the others in the Link header).
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  assertCan(canListAllPets(actor))
  const paging = readApiPaging(request)
  if (!paging) return wholeList(request, 'Pets', allPetsInBatches({ actor }))
  return petsPage.respond(request, { actor, paging })
})

// POST /api/pets — multipart: the pet's fields, preview_image, additional_images (repeated).
// A client adds pets for themselves; staff may add one for any account (owner_id).
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const actor = await requireApiUser(request)
  const form = await readApiPetForm(request, {
    mode: 'add',
    message: PET_FAILURES.add,
    authorize: ({ owner_id }) => {
      if (!canAddPetFor(actor, owner_id ?? actor.id))
        throw forbidden('Unauthorized', { owner_id: 'You can only add pets of your own' })
    },
  })
  const { owner_id, preview_image: _p, additional_images: _a, ...fields } = form.value
  const pet = await createPet({
    actor,
    ownerId: owner_id ?? actor.id,
    fields,
    preview: form.preview!,
    additional: form.additional,
  })
  return ok(pet, { status: 201 })
})
