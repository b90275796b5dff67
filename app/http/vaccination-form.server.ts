import { AppError, invalid, isAppError, tooLarge } from '~/domain/errors'
import {
  MAX_PHOTO_BYTES,
  PhotoError,
  processCertificate,
  type ProcessedCertificate,
} from '~/infra/photo-processing.server'
import { hotelClock } from '~/infra/clock.server'
import { fieldErrors } from '~/schemas/fields'
import { isUploadedFile, PET_MESSAGES } from '~/schemas/pet'
import {
  VACCINATION_MESSAGES,
  vaccinationSchema,
  type VaccinationInput,
} from '~/schemas/vaccination'
import { isJsonType, readJsonObject } from './api.server'
import { photoQueueBusy } from './pet-form.server'
import { formDataToObject, readFormData } from './request-body.server'

// A vaccination record from POST/PUT /api/pets/{id}/vaccinations: JSON, or a
// multipart body (11 MB at most) that may carry a photo of the certificate.
// The fields are checked by the shared schema first; only then is the photo
// decoded and re-encoded (in the photo queue, one at a time).

export type VaccinationRequest = { input: VaccinationInput; certificate?: ProcessedCertificate }

const PROBLEM_MESSAGE = {
  not_image: VACCINATION_MESSAGES.certificateNotImage,
  too_large: PET_MESSAGES.photoTooLarge,
  too_many_pixels: PET_MESSAGES.tooManyPixels,
  bad_shape: PET_MESSAGES.badShape,
} as const

export async function readVaccinationRequest(
  request: Request,
  message: string,
): Promise<VaccinationRequest> {
  const type = request.headers.get('Content-Type')
  let body: Record<string, unknown>
  if (type && !isJsonType(type)) {
    let form: FormData
    try {
      form = await readFormData(request, { certificate: true })
    } catch (error) {
      if (!isAppError(error)) throw error
      const kind = error.kind === 'unsupported_media_type' ? 'invalid' : error.kind
      throw new AppError(kind, message, { fieldErrors: { form: error.message } })
    }
    const file = form.get('certificate')
    if (isUploadedFile(file) && file.size > MAX_PHOTO_BYTES)
      throw tooLarge(message, { certificate: PET_MESSAGES.photoTooLarge })
    body = formDataToObject(form)
  } else body = await readJsonObject(request)
  return parseVaccination(body, message)
}

/** The fields by the shared schema, then the certificate (if any) decoded. */
async function parseVaccination(
  body: Record<string, unknown>,
  message: string,
): Promise<VaccinationRequest> {
  const parsed = vaccinationSchema(hotelClock().today).safeParse(body)
  if (!parsed.success) throw invalid(message, fieldErrors(parsed.error))
  const { certificate: file, ...input } = parsed.data
  if (!file) return { input }
  return { input, certificate: await decodeCertificate(file, message) }
}

/** A certificate photo decoded in the photo queue; its problems are field errors under `certificate`. */
export async function decodeCertificate(
  file: { arrayBuffer(): Promise<ArrayBuffer> },
  message: string,
): Promise<ProcessedCertificate> {
  try {
    return await processCertificate(Buffer.from(await file.arrayBuffer()))
  } catch (error) {
    if (!(error instanceof PhotoError)) throw error
    if (error.problem === 'busy') throw photoQueueBusy()
    const kind = error.problem === 'too_large' ? 'too_large' : 'invalid'
    throw new AppError(kind, message, {
      fieldErrors: { certificate: PROBLEM_MESSAGE[error.problem] },
    })
  }
}
