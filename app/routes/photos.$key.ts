import type { Route } from './+types/photos.$key'
import { getPhotoStorage, isPublicPhotoKey } from '~/infra/photo-storage.server'

// GET /photos/:key — a pet photo from whichever store holds it (never a certificate). Keys are
// random and never reused, so a photo can be cached for good. helmet (server/app.ts)
// adds X-Content-Type-Options: nosniff to every response, these included.
export async function loader({ params }: Route.LoaderArgs) {
  const key = params.key
  // Certificates are private: never served here, whoever asks.
  if (!isPublicPhotoKey(key)) return notFound()
  const photo = await getPhotoStorage().get(key)
  if (!photo) return notFound()
  return new Response(new Uint8Array(photo.body), {
    headers: {
      'Content-Type': photo.contentType,
      'Content-Length': String(photo.body.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  })
}

function notFound() {
  return new Response('Photo not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
