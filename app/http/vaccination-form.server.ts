import { invalid } from '~/domain/errors'
import type { ProcessedPrivatePhoto } from '~/infra/photo-processing.server'
import { hotelClock } from '~/infra/clock.server'
import { fieldErrors } from '~/schemas/fields'
import {
  VACCINATION_MESSAGES,
  vaccinationSchema,
  type VaccinationInput,
} from '~/schemas/vaccination'
import { decodePrivatePhoto, readJsonOrOnePhotoForm } from './one-photo-form.server'

// A vaccination record from POST/PUT /api/pets/{id}/vaccinations: JSON, or a
// multipart body that may carry a photo of the certificate. The fields are
// checked by the shared schema first; only then is the photo decoded.

export type VaccinationRequest = { input: VaccinationInput; certificate?: ProcessedPrivatePhoto }

export async function readVaccinationRequest(
  request: Request,
  message: string,
): Promise<VaccinationRequest> {
  const body = await readJsonOrOnePhotoForm(request, { message, field: 'certificate' })
  const parsed = vaccinationSchema(hotelClock().today).safeParse(body)
  if (!parsed.success) throw invalid(message, fieldErrors(parsed.error))
  const { certificate: file, ...input } = parsed.data
  if (!file) return { input }
  return { input, certificate: await decodeCertificate(file, message) }
}

/** A certificate photo decoded in the photo queue; its problems are field errors under `certificate`. */
export const decodeCertificate = (file: { arrayBuffer(): Promise<ArrayBuffer> }, message: string) =>
  decodePrivatePhoto(file, {
    message,
    field: 'certificate',
    notImage: VACCINATION_MESSAGES.certificateNotImage,
  })
