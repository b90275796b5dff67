import type { Route } from './+types/pets.$id'
import {
  apiError,
  methodNotAllowed,
  ok,
  requireApiUser,
  requireIdParam,
  validate,
} from '~/http/api.server'
import {
  deletePet,
  getPet,
  PetForbiddenError,
  PetOwnerNotFoundError,
  PetPhotoRuleError,
  PetStayingError,
  updatePet,
  type Viewer,
} from '~/models/pet.server'
import { MAX_ADDITIONAL_IMAGES, petFormSchema, PET_MESSAGES } from '~/schemas/pet'
import { formDataToObject, readApiFormBody } from '~/http/form-body.server'
import { oversizedPhotoField, processUploads } from '~/infra/photo-processing.server'
import { hotelTodayNow } from '~/infra/pet-dates.server'

const NOT_FOUND = 'Pet not found'
const UPDATE_FAILED = 'Issue updating pet'
const DELETE_FAILED = 'Issue deleting pet'

/** The pet if the viewer may see it; a thrown 404/403 otherwise. */
async function requirePet(id: number, viewer: Viewer) {
  try {
    const pet = await getPet({ id, viewer })
    if (!pet) throw apiError(404, NOT_FOUND)
    return pet
  } catch (error) {
    if (error instanceof PetForbiddenError) throw apiError(403, 'Unauthorized')
    throw error
  }
}

// GET /api/pets/{id} — the pet itself, for its owner or staff.
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireApiUser(request)
  const id = requireIdParam(params.id, NOT_FOUND)
  return ok(await requirePet(id, viewer))
}

// PUT /api/pets/{id} — the pet form again; a preview_image replaces the
// preview, additional_images files are added; DELETE /api/pets/{id}.
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method === 'PUT') return update(request, params.id)
  if (request.method === 'DELETE') return remove(request, params.id)
  return methodNotAllowed(['GET', 'PUT', 'DELETE'])
}

async function update(request: Request, idParam: string | undefined) {
  const viewer = await requireApiUser(request)
  const id = requireIdParam(idParam, NOT_FOUND)
  // Access first: another client's upload is never read or processed.
  const current = await requirePet(id, viewer)
  const form = await readApiFormBody(request, UPDATE_FAILED)
  const oversized = oversizedPhotoField(form)
  if (oversized) return apiError(413, UPDATE_FAILED, { [oversized]: PET_MESSAGES.photoTooLarge })
  const schema = petFormSchema({
    mode: 'edit',
    today: hotelTodayNow(),
    additionalAllowed: MAX_ADDITIONAL_IMAGES - current.pet_images.length,
  })
  const input = validate(schema, formDataToObject(form), UPDATE_FAILED)
  const { owner_id, preview_image, additional_images, ...fields } = input
  if (owner_id !== undefined && owner_id !== current.owner_id && !viewer.staff)
    return apiError(403, 'Unauthorized', { owner_id: 'Only staff can move a pet to another owner' })

  const uploads = await processUploads({ preview: preview_image, additional: additional_images })
  if (!uploads.ok) return apiError(uploads.status, UPDATE_FAILED, uploads.errors)
  try {
    const pet = await updatePet({
      id,
      viewer,
      fields,
      ownerId: owner_id,
      preview: uploads.preview,
      additional: uploads.additional,
    })
    if (!pet) return apiError(404, NOT_FOUND)
    return ok(pet)
  } catch (error) {
    if (error instanceof PetForbiddenError) return apiError(403, 'Unauthorized')
    if (error instanceof PetOwnerNotFoundError)
      return apiError(400, UPDATE_FAILED, { owner_id: error.message })
    if (error instanceof PetPhotoRuleError)
      return apiError(400, UPDATE_FAILED, { [error.field]: error.message })
    throw error
  }
}

async function remove(request: Request, idParam: string | undefined) {
  const viewer = await requireApiUser(request)
  const id = requireIdParam(idParam, NOT_FOUND)
  try {
    if (!(await deletePet({ id, viewer }))) return apiError(404, NOT_FOUND)
    return ok({ message: 'Pet deleted' })
  } catch (error) {
    if (error instanceof PetForbiddenError) return apiError(403, 'Unauthorized')
    if (error instanceof PetStayingError)
      return apiError(409, DELETE_FAILED, { form: error.message })
    throw error
  }
}
