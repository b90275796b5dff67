import type { IncomingMessage, ServerResponse } from 'node:http'
import type { PublicJson } from '../app/http/public-json.server'
import { matchesIfNoneMatch } from '../app/http/etag.server'
import { chooseEncoding, compressSync } from './compress'

const headerText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : (value ?? null)

// Sends the public JSON of the read cache (app/http/public-json.server.ts)
// as React Router would send the same answer — the same headers in the same
// order, compressed the same way — but compressed once per cached version
// rather than once per request.

const JSON_TYPE = new Headers({ 'Content-Type': 'application/json' })

type Encoded = { identity: Buffer; br?: Buffer; gzip?: Buffer }
/** Each cached text's bytes, per encoding; they go when the text leaves the cache. */
const encodedOf = new WeakMap<PublicJson, Encoded>()

export function sendPublicJson(
  req: IncomingMessage,
  res: ServerResponse,
  json: PublicJson,
  base: string[],
) {
  if (matchesIfNoneMatch(headerText(req.headers['if-none-match']), json.etag)) {
    res.writeHead(304, '', [...base, 'etag', json.etag, 'cache-control', 'no-store'])
    res.end()
    return
  }
  let encoded = encodedOf.get(json)
  if (!encoded) encodedOf.set(json, (encoded = { identity: Buffer.from(json.text) }))
  const headers = [
    ...base,
    'content-type',
    'application/json',
    'etag',
    json.etag,
    'cache-control',
    'no-store',
  ]
  const encoding = chooseEncoding(req, JSON_TYPE, encoded.identity.length)
  let body = encoded.identity
  if (encoding) {
    body = encoded[encoding] ??= compressSync(encoding, encoded.identity)
    headers.push('vary', 'Accept-Encoding', 'content-encoding', encoding)
  }
  headers.push('content-length', String(body.length))
  res.writeHead(200, '', headers)
  res.end(req.method === 'HEAD' ? undefined : body)
}
