import type { Route } from './+types/pets'
import {
  apiError,
  methodNotAllowed,
  ok,
  requireApiStaff,
  requireApiUser,
  validate,
} from '~/http/api.server'
import { createPet, listPets, PetOwnerNotFoundError, PetPhotoRuleError } from '~/models/pet.server'
import { petFormSchema, PET_MESSAGES } from '~/schemas/pet'
import { formDataToObject, readApiFormBody } from '~/http/form-body.server'
import { oversizedPhotoField, processUploads } from '~/infra/photo-processing.server'
import { hotelTodayNow } from '~/infra/pet-dates.server'

const ADD_FAILED = 'Issue adding pet'

// GET /api/pets — every pet, for staff ({"Pets": [...]}); clients use /api/pets/user.
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApiStaff(request)
  return ok({ Pets: await listPets({ viewer }) })
}

// POST /api/pets — multipart: the pet's fields, preview_image, additional_images (repeated).
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const viewer = await requireApiUser(request)
  const form = await readApiFormBody(request, ADD_FAILED)
  const oversized = oversizedPhotoField(form)
  if (oversized) return apiError(413, ADD_FAILED, { [oversized]: PET_MESSAGES.photoTooLarge })
  const input = validate(
    petFormSchema({ mode: 'add', today: hotelTodayNow() }),
    formDataToObject(form),
    ADD_FAILED,
  )
  const { owner_id, preview_image, additional_images, ...fields } = input
  // A client adds pets for themselves; staff may add one for any account.
  const ownerId = owner_id ?? viewer.id
  if (ownerId !== viewer.id && !viewer.staff)
    return apiError(403, 'Unauthorized', { owner_id: 'You can only add pets of your own' })

  const uploads = await processUploads({ preview: preview_image, additional: additional_images })
  if (!uploads.ok) return apiError(uploads.status, ADD_FAILED, uploads.errors)
  try {
    const pet = await createPet({
      ownerId,
      fields,
      preview: uploads.preview!,
      additional: uploads.additional,
    })
    return ok(pet, { status: 201 })
  } catch (error) {
    if (error instanceof PetOwnerNotFoundError)
      return apiError(400, ADD_FAILED, { owner_id: error.message })
    if (error instanceof PetPhotoRuleError)
      return apiError(400, ADD_FAILED, { [error.field]: error.message })
    throw error
  }
}
