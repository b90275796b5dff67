import { AppError, isAppError, tooLarge } from '~/domain/errors'
import {
  MAX_PHOTO_BYTES,
  PhotoError,
  processPrivatePhoto,
  type ProcessedPrivatePhoto,
} from '~/infra/photo-processing.server'
import { isUploadedFile, PET_MESSAGES } from '~/schemas/pet'
import { isJsonType, readJsonObject } from './api.server'
import { photoQueueBusy } from './pet-form.server'
import { formDataToObject, readFormData } from './request-body.server'

// The body of an API call that takes JSON, or a multipart form (11 MB at
// most) that may carry one photo kept privately: a vaccination record with
// its certificate, a stay update with its photo. The fields are checked by
// the caller's schema first; only then is the photo decoded and re-encoded
// (in the photo queue, one at a time), by decodePrivatePhoto.

/** The fields of the body, the photo (if any) still undecoded under `field`. */
export async function readJsonOrOnePhotoForm(
  request: Request,
  { message, field }: { message: string; field: string },
): Promise<Record<string, unknown>> {
  const type = request.headers.get('Content-Type')
  if (!type || isJsonType(type)) return readJsonObject(request)
  let form: FormData
  try {
    form = await readFormData(request, { onePhoto: true })
  } catch (error) {
    if (!isAppError(error)) throw error
    const kind = error.kind === 'unsupported_media_type' ? 'invalid' : error.kind
    throw new AppError(kind, message, { fieldErrors: { form: error.message } })
  }
  const file = form.get(field)
  if (isUploadedFile(file) && file.size > MAX_PHOTO_BYTES)
    throw tooLarge(message, { [field]: PET_MESSAGES.photoTooLarge })
  return formDataToObject(form)
}

/**
 * A private photo decoded in the photo queue; its problems are field errors
 * under `field` (`notImage` says what the photo was meant to be).
 */
export async function decodePrivatePhoto(
  file: { arrayBuffer(): Promise<ArrayBuffer> },
  { message, field, notImage }: { message: string; field: string; notImage: string },
): Promise<ProcessedPrivatePhoto> {
  try {
    return await processPrivatePhoto(Buffer.from(await file.arrayBuffer()))
  } catch (error) {
    if (!(error instanceof PhotoError)) throw error
    if (error.problem === 'busy') throw photoQueueBusy()
    const problems = {
      not_image: notImage,
      too_large: PET_MESSAGES.photoTooLarge,
      too_many_pixels: PET_MESSAGES.tooManyPixels,
      bad_shape: PET_MESSAGES.badShape,
    }
    const kind = error.problem === 'too_large' ? 'too_large' : 'invalid'
    throw new AppError(kind, message, { fieldErrors: { [field]: problems[error.problem] } })
  }
}
