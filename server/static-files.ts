import crypto from 'node:crypto'
import fs from 'node:fs'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import mime from 'mime-types'
import Negotiator from 'negotiator'

// The built client (JavaScript, CSS, images) straight from memory. The build
// is fixed while a server runs, and small (under 1 MB), so each file is read
// once, compressed once per encoding (brotli at its best, gzip), and served
// with an ETag; no request touches the disk. Files under /assets/ carry their
// content's hash in their name and are cached by browsers for good; the few
// at the root (icons) for an hour. Only paths of files that exist are
// served here — everything else goes on to the app, and no request for a page
// costs a look at the disk.

export type StaticFile = {
  status: 200 | 304
  headers: string[]
  body: Buffer | null
}

type Entry = {
  file: string
  type: string
  cacheControl: string
  etag: string
  raw: Buffer
  encoded: Map<string, Promise<Buffer>>
}

// In libuv's thread pool: compressing a large bundle never blocks the event loop.
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

const FOREVER = 'public, max-age=31536000, immutable'
const ONE_HOUR = 'public, max-age=3600'
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/

function listFiles(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) =>
      d.isDirectory()
        ? listFiles(path.join(dir, d.name), `${prefix}/${d.name}`)
        : [`${prefix}/${d.name}`],
    )
}

export function staticFiles(clientDir: string) {
  // URL path → file on disk; read on first request.
  const known = new Map(listFiles(clientDir).map((p) => [p, path.join(clientDir, p)]))
  const entries = new Map<string, Entry>()

  function load(urlPath: string): Entry | undefined {
    let entry = entries.get(urlPath)
    if (entry) return entry
    const file = known.get(urlPath)
    if (!file) return undefined
    const raw = fs.readFileSync(file)
    entry = {
      file,
      type: mime.contentType(path.extname(file)) || 'application/octet-stream',
      cacheControl: urlPath.startsWith('/assets/') ? FOREVER : ONE_HOUR,
      etag: `"${crypto.createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
      raw,
      encoded: new Map(),
    }
    entries.set(urlPath, entry)
    return entry
  }

  function encode(entry: Entry, encoding: 'br' | 'gzip'): Promise<Buffer> {
    let body = entry.encoded.get(encoding)
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(entry.raw, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
            })
          : gzip(entry.raw, { level: zlib.constants.Z_BEST_COMPRESSION })
      entry.encoded.set(encoding, body)
    }
    return body
  }

  return {
    /** Compresses every compressible file ahead of the first request for it (after start). */
    async warm() {
      for (const urlPath of known.keys()) {
        const entry = load(urlPath)
        if (entry && COMPRESSIBLE.test(entry.type) && entry.raw.length >= 1024)
          await Promise.all([encode(entry, 'br'), encode(entry, 'gzip')])
      }
    },
    /** True when `urlPath` names a built file (GET and HEAD only are served). */
    has(urlPath: string) {
      return known.has(urlPath)
    },
    /** The answer for a built file: its bytes (compressed as the client accepts), or 304. */
    async serve(req: IncomingMessage, urlPath: string): Promise<StaticFile | undefined> {
      const entry = load(urlPath)
      if (!entry) return undefined
      const compressible = COMPRESSIBLE.test(entry.type) && entry.raw.length >= 1024
      const headers = [
        'Content-Type',
        entry.type,
        'Cache-Control',
        entry.cacheControl,
        'ETag',
        entry.etag,
      ]
      if (compressible) headers.push('Vary', 'Accept-Encoding')
      const match = req.headers['if-none-match']
      if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag))
        return { status: 304, headers, body: null }
      let body = entry.raw
      if (compressible) {
        const encoding = new Negotiator(req).encoding(['br', 'gzip', 'identity'])
        if (encoding === 'br' || encoding === 'gzip') {
          body = await encode(entry, encoding)
          headers.push('Content-Encoding', encoding)
        }
      }
      headers.push('Content-Length', String(body.length))
      return { status: 200, headers, body: req.method === 'HEAD' ? null : body }
    },
  }
}

export type StaticFiles = ReturnType<typeof staticFiles>
