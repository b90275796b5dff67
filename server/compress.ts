import type { IncomingMessage } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import Negotiator from 'negotiator'

// Compression of the app's own answers (pages, JSON). Worth it only for text
// of some size: under 1 KB the framing costs more than it saves (most JSON
// answers of the API), and an answer already encoded is left alone. Brotli at
// quality 5 (near gzip's speed, smaller output) for browsers that take it;
// gzip otherwise.

const MIN_BYTES = 1024
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/i

/** The encoding for an answer of this type and length (null: send it as it is). */
export function chooseEncoding(
  req: IncomingMessage,
  headers: Headers,
  knownLength: number | null,
): 'br' | 'gzip' | null {
  if (!req.headers['accept-encoding']) return null
  if (headers.has('Content-Encoding')) return null
  if (!COMPRESSIBLE.test(headers.get('Content-Type') ?? '')) return null
  if (knownLength !== null && knownLength < MIN_BYTES) return null
  const chosen = new Negotiator(req).encoding(['br', 'gzip', 'identity'])
  return chosen === 'br' || chosen === 'gzip' ? chosen : null
}

export function compressor(encoding: 'br' | 'gzip') {
  return encoding === 'br' ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip()
}

/** Above this, a whole body is compressed on libuv's threads, not the one that serves requests. */
const ON_THREADS_FROM = 8 * 1024
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** A whole body compressed: small ones at once, a page's worth off the main thread. */
export function compressWhole(encoding: 'br' | 'gzip', body: Buffer): Promise<Buffer> {
  if (body.length < ON_THREADS_FROM) return Promise.resolve(compressSync(encoding, body))
  return encoding === 'br' ? brotli(body, BROTLI) : gzip(body)
}

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }

export function compressSync(encoding: 'br' | 'gzip', body: Buffer): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI) : zlib.gzipSync(body)
}
