import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { getPetDetails, PetForbiddenError, type PetDetails, type Viewer } from '~/models/pet.server'
import { parseIdParam } from '~/schemas/fields'
import { petFormSchema, type PetFormInput, type PetFormMode } from '~/schemas/pet'
import { FormBodyError, readFormBody } from './form-body.server'
import { processUploads, type ProcessedPhoto } from '~/infra/photo-processing.server'
import { hotelTodayNow } from '~/infra/pet-dates.server'

// The server half of the Add Pet and Edit Pet pages: read the (multipart)
// body safely, validate with the shared schema exactly as the browser did,
// then decode the photos. Failures come back as Conform results, so messages
// show under their fields with JavaScript on or off.

export type PetFormFailure = { ok: false; status: 400 | 413; result: SubmissionResult<string[]> }

/** The form body, or a failure for a malformed or oversized one. */
export async function readPetFormData(
  request: Request,
): Promise<{ ok: true; formData: FormData } | PetFormFailure> {
  try {
    return { ok: true, formData: await readFormBody(request) }
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error
    return {
      ok: false,
      status: error.status,
      result: { status: 'error', error: { '': [error.message] } },
    }
  }
}

export type ValidPetForm = {
  ok: true
  value: PetFormInput
  preview?: ProcessedPhoto
  additional: ProcessedPhoto[]
  /** Adds server-side errors to the submission (e.g. from the model). */
  reply: (errors: {
    formErrors?: string[]
    fieldErrors?: Record<string, string[]>
  }) => SubmissionResult<string[]>
}

export async function validatePetForm(
  formData: FormData,
  { mode, additionalAllowed }: { mode: PetFormMode; additionalAllowed?: number },
): Promise<ValidPetForm | PetFormFailure> {
  const submission = parseWithZod(formData, {
    schema: petFormSchema({ mode, today: hotelTodayNow(), additionalAllowed }),
    // The schema itself reads "" and missing alike (as the API does).
    disableAutoCoercion: true,
  })
  if (submission.status !== 'success') return { ok: false, status: 400, result: submission.reply() }
  const uploads = await processUploads({
    preview: submission.value.preview_image,
    additional: submission.value.additional_images,
  })
  if (!uploads.ok) {
    const fieldErrors = Object.fromEntries(
      Object.entries(uploads.errors).map(([k, v]) => [k, [v as string]]),
    )
    return { ok: false, status: uploads.status, result: submission.reply({ fieldErrors }) }
  }
  return {
    ok: true,
    value: submission.value,
    preview: uploads.preview,
    additional: uploads.additional,
    reply: (errors) => submission.reply(errors),
  }
}

/** The pet page's data for its owner or staff; throws the 404 'Pet not found' / 403 'Unauthorized' the pages render. */
export async function requirePetDetails(
  petIdParam: string | undefined,
  viewer: Viewer,
): Promise<PetDetails> {
  const id = parseIdParam(petIdParam)
  if (id === null) throw data('Pet not found', { status: 404 })
  try {
    const details = await getPetDetails({ id, viewer })
    if (!details) throw data('Pet not found', { status: 404 })
    return details
  } catch (error) {
    if (error instanceof PetForbiddenError) throw data('Unauthorized', { status: 403 })
    throw error
  }
}
