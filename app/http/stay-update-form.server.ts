import { invalid } from '~/domain/errors'
import type { ProcessedPrivatePhoto } from '~/infra/photo-processing.server'
import { fieldErrors } from '~/schemas/fields'
import { STAY_UPDATE_MESSAGES, stayUpdateSchema, type StayUpdateInput } from '~/schemas/stay-update'
import { decodePrivatePhoto, readJsonOrOnePhotoForm } from './one-photo-form.server'

// A stay update from POST /api/bookings/{id}/updates (JSON, or multipart with
// a photo) and from the pet page's form: the fields by the shared schema
// first, then the photo (if any) decoded in the photo queue.

export type StayUpdateRequest = {
  input: Omit<StayUpdateInput, 'photo'>
  photo?: ProcessedPrivatePhoto
}

export async function readStayUpdateRequest(
  request: Request,
  message: string,
): Promise<StayUpdateRequest> {
  const body = await readJsonOrOnePhotoForm(request, { message, field: 'photo' })
  const parsed = stayUpdateSchema.safeParse(body)
  if (!parsed.success) throw invalid(message, fieldErrors(parsed.error))
  return decodeStayUpdate(parsed.data, message)
}

/** The checked fields, with the photo (if any) decoded; its problems are field errors under `photo`. */
export async function decodeStayUpdate(
  { photo: file, ...input }: StayUpdateInput,
  message: string,
): Promise<StayUpdateRequest> {
  if (!file) return { input }
  const photo = await decodePrivatePhoto(file, {
    message,
    field: 'photo',
    notImage: STAY_UPDATE_MESSAGES.photoNotImage,
  })
  return { input, photo }
}
