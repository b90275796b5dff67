import crypto from 'node:crypto'
import sharp from 'sharp'
import { deletePhotosQuietly, getPhotoStorage } from './photo-storage.server'
import { isUploadedFile, PET_MESSAGES, type UploadedFile } from '~/schemas/pet'

// Every uploaded photo is decoded as a real image and re-encoded: what we keep
// is pixels only (no EXIF, no GPS, no embedded profiles or scripts), in two
// sizes — the photo for the pet page and a square thumbnail for cards.

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024
export const MAX_PHOTO_PIXELS = 40_000_000
export const MAIN_MAX_EDGE = 1600
export const THUMB_EDGE = 400

// Formats a phone or camera produces. SVG and PDF are refused: they are
// documents, not photos, and rasterising them means parsing XML.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

export type PhotoProblem = 'not_image' | 'too_large' | 'too_many_pixels'

export class PhotoError extends Error {
  constructor(public problem: PhotoProblem) {
    super(problem)
  }
}

export type ProcessedPhoto = {
  main: { key: string; body: Buffer; width: number; height: number }
  thumb: { key: string; body: Buffer; width: number; height: number }
}

const CONTENT_TYPE = 'image/webp'

/** Decodes, orients, strips and re-encodes one upload. Throws PhotoError for anything that is not a usable photo. */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.byteLength > MAX_PHOTO_BYTES) throw new PhotoError('too_large')
  if (input.byteLength === 0) throw new PhotoError('not_image')
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' as const }
  let format: string | undefined
  try {
    format = (await sharp(input, options).metadata()).format
  } catch (error) {
    throw new PhotoError(isPixelLimit(error) ? 'too_many_pixels' : 'not_image')
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new PhotoError('not_image')

  const id = crypto.randomBytes(16).toString('hex')
  try {
    // .rotate() with no angle applies the EXIF orientation to the pixels
    // before the metadata (orientation included) is dropped by re-encoding.
    const main = await sharp(input, options)
      .rotate()
      .resize({
        width: MAIN_MAX_EDGE,
        height: MAIN_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
    const thumb = await sharp(input, options)
      .rotate()
      .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'cover', position: 'attention' })
      .webp({ quality: 76 })
      .toBuffer({ resolveWithObject: true })
    return {
      main: {
        key: `${id}.webp`,
        body: main.data,
        width: main.info.width,
        height: main.info.height,
      },
      thumb: {
        key: `${id}-t.webp`,
        body: thumb.data,
        width: thumb.info.width,
        height: thumb.info.height,
      },
    }
  } catch (error) {
    throw new PhotoError(isPixelLimit(error) ? 'too_many_pixels' : 'not_image')
  }
}

function isPixelLimit(error: unknown) {
  return error instanceof Error && /pixel limit/i.test(error.message)
}

/** Writes processed photos to storage; on a failure removes what it wrote, then rethrows. */
export async function storePhotos(photos: ProcessedPhoto[]): Promise<void> {
  const storage = getPhotoStorage()
  const written: string[] = []
  try {
    for (const photo of photos) {
      for (const part of [photo.main, photo.thumb]) {
        await storage.put(part.key, part.body, CONTENT_TYPE)
        written.push(part.key)
      }
    }
  } catch (error) {
    await deletePhotosQuietly(written)
    throw error
  }
}

export function keysOf(photos: ProcessedPhoto[]): string[] {
  return photos.flatMap((p) => [p.main.key, p.thumb.key])
}

export type PhotoField = 'preview_image' | 'additional_images'

/** The first photo field of a form holding a file over the size limit (a 413), or null. */
export function oversizedPhotoField(form: FormData): PhotoField | null {
  for (const field of ['preview_image', 'additional_images'] as const) {
    for (const value of form.getAll(field)) {
      if (isUploadedFile(value) && value.size > MAX_PHOTO_BYTES) return field
    }
  }
  return null
}

export type ProcessedUploads =
  | { ok: true; preview?: ProcessedPhoto; additional: ProcessedPhoto[] }
  | { ok: false; status: 400 | 413; errors: Partial<Record<PhotoField, string>> }

const PROBLEM_MESSAGE: Record<PhotoField, Record<PhotoProblem, string>> = {
  preview_image: {
    not_image: PET_MESSAGES.previewNotImage,
    too_large: PET_MESSAGES.photoTooLarge,
    too_many_pixels: PET_MESSAGES.tooManyPixels,
  },
  additional_images: {
    not_image: PET_MESSAGES.additionalNotImage,
    too_large: PET_MESSAGES.photoTooLarge,
    too_many_pixels: PET_MESSAGES.tooManyPixels,
  },
}

/** Processes a form's validated uploads; per-field messages for anything that is not a usable photo. */
export async function processUploads({
  preview,
  additional,
}: {
  preview?: UploadedFile
  additional: UploadedFile[]
}): Promise<ProcessedUploads> {
  const errors: Partial<Record<PhotoField, string>> = {}
  let status: 400 | 413 = 400
  const run = async (field: PhotoField, file: UploadedFile) => {
    try {
      return await processPhoto(Buffer.from(await file.arrayBuffer()))
    } catch (error) {
      if (!(error instanceof PhotoError)) throw error
      errors[field] ??= PROBLEM_MESSAGE[field][error.problem]
      if (error.problem === 'too_large') status = 413
      return null
    }
  }
  const processedPreview = preview ? await run('preview_image', preview) : undefined
  const processedAdditional: ProcessedPhoto[] = []
  for (const file of additional) {
    const photo = await run('additional_images', file)
    if (photo) processedAdditional.push(photo)
  }
  if (Object.keys(errors).length) return { ok: false, status, errors }
  return { ok: true, preview: processedPreview ?? undefined, additional: processedAdditional }
}
