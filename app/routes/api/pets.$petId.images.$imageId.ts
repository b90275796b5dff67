import type { Route } from './+types/pets.$petId.images.$imageId'
import { apiError, methodNotAllowed, ok, requireApiUser, requireIdParam } from '~/http/api.server'
import { deletePetImage, PetForbiddenError, PetPhotoRuleError } from '~/models/pet.server'

// DELETE /api/pets/{petId}/images/{imageId} — removes one additional photo
// (the preview can only be replaced, through PUT /api/pets/{id}).
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(['DELETE'])
  const viewer = await requireApiUser(request)
  const petId = requireIdParam(params.petId, 'Pet not found')
  const imageId = requireIdParam(params.imageId, 'Image not found')
  try {
    const result = await deletePetImage({ petId, imageId, viewer })
    if (result === 'pet_not_found') return apiError(404, 'Pet not found')
    if (result === 'image_not_found') return apiError(404, 'Image not found')
    return ok({ message: 'Image deleted' })
  } catch (error) {
    if (error instanceof PetForbiddenError) return apiError(403, 'Unauthorized')
    if (error instanceof PetPhotoRuleError)
      return apiError(400, 'Issue updating pet', { [error.field]: error.message })
    throw error
  }
}

export function loader() {
  return methodNotAllowed(['DELETE'])
}
