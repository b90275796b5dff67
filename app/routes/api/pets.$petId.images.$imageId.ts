import type { Route } from './+types/pets.$petId.images.$imageId'
import { requireIdParam } from '~/http/params.server'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { PET_FAILURES } from '~/models/pet/rows.server'
import { deletePetImage } from '~/models/pet/write.server'

// DELETE /api/pets/{petId}/images/{imageId} — removes one additional photo
// (the preview can only be replaced, through PUT /api/pets/{id}).
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'DELETE') return methodNotAllowed(['DELETE'])
  const actor = await requireApiUser(request)
  const petId = requireIdParam(params.petId, PET_FAILURES.notFound)
  const imageId = requireIdParam(params.imageId, 'Image not found')
  await deletePetImage({ petId, imageId, actor })
  return ok({ message: 'Image deleted' })
})

export function loader() {
  return methodNotAllowed(['DELETE'])
}
