import crypto from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import { deletePhotosQuietly, getPhotoStorage } from './photo-storage.server'
import { singleton } from './singleton.server'
import { createWorkQueue, QueueTimeoutError } from './work-queue.server'

// Every uploaded photo is decoded as a real image and re-encoded: what we keep
// is pixels only (no EXIF, no GPS, no embedded profiles or scripts), in two
// sizes — the photo for the pet page and a square thumbnail for cards.
//
// Decoding is the one thing an upload can make expensive, so it is bounded
// three ways: the header is read first and absurd shapes are refused before
// any pixel is decoded (over 40 megapixels, or longer than 20 times its
// width — a 200000×10 strip would otherwise be blown up to 8,000,000×400 to
// cover a square thumbnail); every resize then stays within 1600 px on the
// long edge, or 8000×400 for the thumbnail's cover step; and photos are
// processed one at a time by one libvips thread, in a queue, so hostile
// uploads cannot take every core from logins and page loads. A photo that
// waits more than 30 s for its turn is refused with "busy, try again".

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024
export const MAX_PHOTO_PIXELS = 40_000_000
export const MAX_ASPECT_RATIO = 20
export const MAIN_MAX_EDGE = 1600
export const THUMB_EDGE = 400
export const QUEUE_MAX_WAIT_MS = 30_000

// One libvips thread per operation and no operation cache: a photo costs one
// core and only the memory of its own pixels.
sharp.concurrency(1)
sharp.cache(false)

const queue = () =>
  singleton('photoQueue', () => createWorkQueue({ concurrency: 1, maxWaitMs: QUEUE_MAX_WAIT_MS }))

/** The photo queue (tests read how many wait). */
export const photoQueue = queue

// Formats a phone or camera produces. SVG and PDF are refused: they are
// documents, not photos, and rasterising them means parsing XML.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

export type PhotoProblem = 'not_image' | 'too_large' | 'too_many_pixels' | 'bad_shape' | 'busy'

export class PhotoError extends Error {
  constructor(public problem: PhotoProblem) {
    super(problem)
    this.name = 'PhotoError'
  }
}

export type ProcessedPhoto = {
  main: { key: string; body: Buffer; width: number; height: number }
  thumb: { key: string; body: Buffer; width: number; height: number }
}

const CONTENT_TYPE = 'image/webp'
const OPTIONS = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' as const }

/**
 * Decodes, orients, strips and re-encodes one upload, in its turn in the
 * photo queue. Throws PhotoError for anything that is not a usable photo,
 * and PhotoError('busy') when its turn did not come within 30 s.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.byteLength > MAX_PHOTO_BYTES) throw new PhotoError('too_large')
  if (input.byteLength === 0) throw new PhotoError('not_image')
  try {
    return await queue().run(() => decodeAndEncode(input))
  } catch (error) {
    if (error instanceof QueueTimeoutError) throw new PhotoError('busy')
    throw error
  }
}

/**
 * A private photo — a vaccination certificate, a stay update's photo: one
 * image, large enough to read, served only behind a login (its key ends in
 * `-c.webp`, which the public /photos route refuses).
 */
export type ProcessedPrivatePhoto = { key: string; body: Buffer; width: number; height: number }

export const PRIVATE_PHOTO_MAX_EDGE = 2000

/**
 * A private photo, through the same checks and queue as a pet photo:
 * decoded, oriented, stripped of its metadata (a phone's GPS included),
 * re-encoded at up to 2000 px, with no thumbnail. Throws PhotoError as processPhoto does.
 */
export async function processPrivatePhoto(input: Buffer): Promise<ProcessedPrivatePhoto> {
  if (input.byteLength > MAX_PHOTO_BYTES) throw new PhotoError('too_large')
  if (input.byteLength === 0) throw new PhotoError('not_image')
  try {
    return await queue().run(async () => {
      await assertUsableImage(input)
      try {
        const image = await sharp(input, OPTIONS)
          .rotate()
          .resize({
            width: PRIVATE_PHOTO_MAX_EDGE,
            height: PRIVATE_PHOTO_MAX_EDGE,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: 85 })
          .toBuffer({ resolveWithObject: true })
        return {
          key: `${crypto.randomBytes(16).toString('hex')}-c.webp`,
          body: image.data,
          width: image.info.width,
          height: image.info.height,
        }
      } catch (error) {
        throw new PhotoError(isPixelLimit(error) ? 'too_many_pixels' : 'not_image')
      }
    })
  } catch (error) {
    if (error instanceof QueueTimeoutError) throw new PhotoError('busy')
    throw error
  }
}

/** The header only — format, size, shape — before a single pixel is decoded. */
async function assertUsableImage(input: Buffer) {
  let meta: Metadata
  try {
    meta = await sharp(input, OPTIONS).metadata()
  } catch (error) {
    throw new PhotoError(isPixelLimit(error) ? 'too_many_pixels' : 'not_image')
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new PhotoError('not_image')
  const { width, height } = meta
  if (!width || !height) throw new PhotoError('not_image')
  if (width * height > MAX_PHOTO_PIXELS) throw new PhotoError('too_many_pixels')
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height))
    throw new PhotoError('bad_shape')
}

async function decodeAndEncode(input: Buffer): Promise<ProcessedPhoto> {
  await assertUsableImage(input)
  // (The header was read above; now the pixels.)
  const id = crypto.randomBytes(16).toString('hex')
  try {
    // .rotate() with no angle applies the EXIF orientation to the pixels
    // before the metadata (orientation included) is dropped by re-encoding.
    const main = await sharp(input, OPTIONS)
      .rotate()
      .resize({
        width: MAIN_MAX_EDGE,
        height: MAIN_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
    const thumb = await sharp(input, OPTIONS)
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

/** Writes a processed private photo to the photo store (private: see isPublicPhotoKey). */
export async function storePrivatePhoto(photo: ProcessedPrivatePhoto): Promise<void> {
  await getPhotoStorage().put(photo.key, photo.body, CONTENT_TYPE)
}
