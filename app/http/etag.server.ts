import crypto from 'node:crypto'
import { utf8Bytes } from '~/infra/utf8-bytes.server'

// Entity tags for JSON answers: weak (W/"…"), since one text is sent in
// several encodings, from a hash of the text.

export function etagOf(text: string | Uint8Array): string {
  return `W/"${crypto.createHash('sha1').update(text).digest('base64url')}"`
}

/** A JSON answer's exact text, its bytes (UTF-8) and its ETag, as the server sends them. */
export type JsonText = { readonly text: string; readonly bytes: Buffer; readonly etag: string }

/**
 * The text is encoded once, and the ETag hashed from those bytes (the same
 * hash as the text's, which the hash would otherwise encode again: a
 * page of bookings is ~30 KB).
 */
export function jsonText(text: string): JsonText {
  const bytes = utf8Bytes(text)
  return { text, bytes, etag: etagOf(bytes) }
}

/** If-None-Match names `tag` (compared weakly, as RFC 9110 asks for GET), or is "*". */
export function matchesIfNoneMatch(header: string | null, tag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = (t: string) => t.trim().replace(/^W\//, '')
  const wanted = opaque(tag)
  return header.split(',').some((t) => opaque(t) === wanted)
}
