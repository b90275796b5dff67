import type { Route } from './+types/pets.$id'
import { requireIdParam } from '~/http/params.server'
import { forbidden } from '~/domain/errors'
import { canMovePet } from '~/domain/permissions'
import { MAX_ADDITIONAL_IMAGES } from '~/domain/pet'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { readApiPetForm } from '~/http/pet-form.server'
import { getPet } from '~/models/pet/queries.server'
import { PET_FAILURES } from '~/models/pet/rows.server'
import { deletePet, updatePet } from '~/models/pet/write.server'

// GET /api/pets/{id} — the pet itself, for its owner or staff.
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  const id = requireIdParam(params.id, PET_FAILURES.notFound)
  return ok(await getPet({ id, actor }))
})

// PUT /api/pets/{id} — the pet form again; a preview_image replaces the
// preview, additional_images files are added; staff may change owner_id.
// DELETE /api/pets/{id}.
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'PUT' && request.method !== 'DELETE')
    return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  const actor = await requireApiUser(request)
  const id = requireIdParam(params.id, PET_FAILURES.notFound)
  // Access first: another client's upload is never read or processed.
  const current = await getPet({ id, actor })

  if (request.method === 'DELETE') {
    await deletePet({ id, actor })
    return ok({ message: 'Pet deleted' })
  }

  const form = await readApiPetForm(request, {
    mode: 'edit',
    additionalAllowed: MAX_ADDITIONAL_IMAGES - current.pet_images.length,
    message: PET_FAILURES.update,
    authorize: ({ owner_id }) => {
      if (owner_id !== undefined && owner_id !== current.owner_id && !canMovePet(actor))
        throw forbidden('Unauthorized', { owner_id: 'Only staff can move a pet to another owner' })
    },
  })
  const { owner_id, preview_image: _p, additional_images: _a, ...fields } = form.value
  const pet = await updatePet({
    id,
    actor,
    fields,
    ownerId: owner_id,
    preview: form.preview,
    additional: form.additional,
  })
  return ok(pet)
})
