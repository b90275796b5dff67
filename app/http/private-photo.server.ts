import type { StoredPhoto } from '~/infra/photo-storage.server'

/**
 * A private photo (a certificate, a stay update's photo) as an answer: each
 * request was checked against the session, so browsers are told not to
 * store it and shared caches never keep it.
 */
export function privatePhotoResponse(photo: StoredPhoto): Response {
  return new Response(new Uint8Array(photo.body), {
    headers: {
      'Content-Type': photo.contentType,
      'Content-Length': String(photo.body.byteLength),
      'Cache-Control': 'private, no-store',
      'Content-Disposition': 'inline',
    },
  })
}
