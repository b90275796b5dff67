import crypto from 'node:crypto'

// Entity tags for JSON answers: weak (W/"…"), since one text is sent in
// several encodings, from a hash of the text.

export function etagOf(text: string): string {
  return `W/"${crypto.createHash('sha1').update(text).digest('base64url')}"`
}

/** A JSON answer's exact text and its ETag, as the server sends them. */
export type JsonText = { readonly text: string; readonly etag: string }

export const jsonText = (text: string): JsonText => ({ text, etag: etagOf(text) })

/** If-None-Match names `tag` (compared weakly, as RFC 9110 asks for GET), or is "*". */
export function matchesIfNoneMatch(header: string | null, tag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = (t: string) => t.trim().replace(/^W\//, '')
  const wanted = opaque(tag)
  return header.split(',').some((t) => opaque(t) === wanted)
}
