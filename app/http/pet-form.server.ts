import type { SubmissionResult } from '@conform-to/react'
import {
  AppError,
  invalid,
  isAppError,
  tooLarge,
  unavailable,
  type ErrorKind,
  type FieldErrors,
} from '~/domain/errors'
import { hotelClock } from '~/infra/clock.server'
import {
  MAX_PHOTO_BYTES,
  PhotoError,
  processPhoto,
  QUEUE_MAX_WAIT_MS,
  type PhotoProblem,
  type ProcessedPhoto,
} from '~/infra/photo-processing.server'
import {
  isUploadedFile,
  PET_MESSAGES,
  petFormSchema,
  type PetFormInput,
  type PetFormMode,
  type UploadedFile,
} from '~/schemas/pet'
import { fieldErrors } from '~/schemas/fields'
import { formMessage, parseForm, toConformErrors } from './form.server'
import { formDataToObject, readFormData } from './request-body.server'

// The pet form, read the same way for the Add/Edit Pet pages and for
// POST/PUT /api/pets: the multipart body (55 MB at most), each photo 10 MB at
// most, the shared schema, then every photo decoded and re-encoded. Pages get
// Conform replies (messages under their fields, JavaScript on or off); the
// API gets the contract's JSON errors.

export type PhotoField = 'preview_image' | 'additional_images'

const PROBLEM_MESSAGE: Record<PhotoField, Record<Exclude<PhotoProblem, 'busy'>, string>> = {
  preview_image: {
    not_image: PET_MESSAGES.previewNotImage,
    too_large: PET_MESSAGES.photoTooLarge,
    too_many_pixels: PET_MESSAGES.tooManyPixels,
    bad_shape: PET_MESSAGES.badShape,
  },
  additional_images: {
    not_image: PET_MESSAGES.additionalNotImage,
    too_large: PET_MESSAGES.photoTooLarge,
    too_many_pixels: PET_MESSAGES.tooManyPixels,
    bad_shape: PET_MESSAGES.badShape,
  },
}

/** 413 when a photo field holds a file over 10 MB, before anything is decoded. */
function assertPhotoSizes(form: FormData, message: string) {
  for (const field of ['preview_image', 'additional_images'] as const) {
    for (const value of form.getAll(field)) {
      if (isUploadedFile(value) && value.size > MAX_PHOTO_BYTES)
        throw tooLarge(message, { [field]: PET_MESSAGES.photoTooLarge })
    }
  }
}

/** 503 with Retry-After: the photo queue did not reach this upload within 30 s. */
export const photoQueueBusy = () =>
  unavailable(
    'Photos are being processed for many guests right now. Please try again in a moment.',
    QUEUE_MAX_WAIT_MS / 1000,
  )

/**
 * Decodes a form's validated uploads, one photo at a time. Anything that is
 * not a usable photo is a 400 (413 for size) naming its field; a photo queue
 * too busy to take it within 30 s is a 503 with Retry-After.
 */
export async function processPetPhotos(
  { preview, additional }: { preview?: UploadedFile; additional: UploadedFile[] },
  message: string,
): Promise<{ preview?: ProcessedPhoto; additional: ProcessedPhoto[] }> {
  const errors: FieldErrors = {}
  let kind: ErrorKind = 'invalid'
  const run = async (field: PhotoField, file: UploadedFile) => {
    try {
      return await processPhoto(Buffer.from(await file.arrayBuffer()))
    } catch (error) {
      if (!(error instanceof PhotoError)) throw error
      if (error.problem === 'busy') throw photoQueueBusy()
      errors[field] ??= PROBLEM_MESSAGE[field][error.problem]
      if (error.problem === 'too_large') kind = 'too_large'
      return null
    }
  }
  const processedPreview = preview ? await run('preview_image', preview) : undefined
  const processedAdditional: ProcessedPhoto[] = []
  for (const file of additional) {
    const photo = await run('additional_images', file)
    if (photo) processedAdditional.push(photo)
  }
  if (Object.keys(errors).length) throw new AppError(kind, message, { fieldErrors: errors })
  return { preview: processedPreview ?? undefined, additional: processedAdditional }
}

export type PetFormOptions = { mode: PetFormMode; additionalAllowed?: number }

const schemaFor = ({ mode, additionalAllowed }: PetFormOptions) =>
  petFormSchema({ mode, today: hotelClock().today, additionalAllowed })

export type ParsedPetForm = {
  value: PetFormInput
  preview?: ProcessedPhoto
  additional: ProcessedPhoto[]
}

/**
 * POST/PUT /api/pets: the parsed form, or an AppError with `message` (the
 * call's failure message) and the fields at fault. A body that is not a form,
 * or not well formed, names the problem under `form`.
 */
export async function readApiPetForm(
  request: Request,
  options: PetFormOptions & {
    message: string
    /** Checked once the fields are valid, before any photo is decoded (throws to refuse). */
    authorize?: (value: PetFormInput) => void
  },
): Promise<ParsedPetForm> {
  const { message, authorize } = options
  let form: FormData
  try {
    form = await readFormData(request, { photos: true })
  } catch (error) {
    if (!isAppError(error)) throw error
    const kind = error.kind === 'unsupported_media_type' ? 'invalid' : error.kind
    throw new AppError(kind, message, { fieldErrors: { form: error.message } })
  }
  assertPhotoSizes(form, message)
  const parsed = schemaFor(options).safeParse(formDataToObject(form))
  if (!parsed.success) throw invalid(message, fieldErrors(parsed.error))
  authorize?.(parsed.data)
  const { preview_image, additional_images } = parsed.data
  const photos = await processPetPhotos(
    { preview: preview_image, additional: additional_images },
    message,
  )
  return { value: parsed.data, ...photos }
}

export type PetPageForm =
  | ({ ok: true; formData: FormData; reply: ReplyWith } & ParsedPetForm)
  | { ok: false; status: number; result: SubmissionResult<string[]>; formData?: FormData }

/** Adds errors to the form's reply (a model's refusal after the form was valid). */
export type ReplyWith = (error: AppError, formError?: string) => SubmissionResult<string[]>

/**
 * The Add/Edit Pet pages: the parsed form, or the Conform reply (and status)
 * that shows what is wrong. `formData` is read first, so a page can look at
 * another intent (removing a photo) before calling this with it.
 */
export async function readPetPageForm(
  formData: FormData,
  options: PetFormOptions & { message: string },
): Promise<PetPageForm> {
  const submission = parseForm(formData, schemaFor(options))
  if (submission.status !== 'success')
    return { ok: false, status: 400, result: submission.reply(), formData }
  const reply: ReplyWith = (error, formError) =>
    submission.reply({
      formErrors: formError ? [formError] : [],
      fieldErrors: toConformErrors(error.fieldErrors),
    })
  try {
    assertPhotoSizes(formData, options.message)
    const photos = await processPetPhotos(
      {
        preview: submission.value.preview_image,
        additional: submission.value.additional_images,
      },
      options.message,
    )
    return { ok: true, formData, value: submission.value, reply, ...photos }
  } catch (error) {
    if (!isAppError(error) || error.kind === 'unavailable') throw error
    return { ok: false, status: error.status, result: reply(error) }
  }
}

/** The page's form body (55 MB at most), or the reply that says why it could not be read. */
export async function readPetPageBody(
  request: Request,
): Promise<
  | { ok: true; formData: FormData }
  | { ok: false; status: number; result: SubmissionResult<string[]> }
> {
  try {
    return { ok: true, formData: await readFormData(request, { photos: true }) }
  } catch (error) {
    if (!isAppError(error)) throw error
    return { ok: false, status: error.status, result: formMessage(error.message) }
  }
}
