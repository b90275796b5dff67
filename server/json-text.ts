import type { IncomingMessage, ServerResponse } from 'node:http'
import { matchesIfNoneMatch, type JsonText } from '../app/http/etag.server'
import { chooseEncoding, compressSync, compressWhole } from './compress'

// Sends a JSON answer the server makes itself from its text and ETag — the
// public JSON of the read cache (app/http/public-json.server.ts) and the
// reads of a signed-in session (app/http/signed-in-reads.server.ts) — as
// React Router sends what the same resource route answers: the same headers
// in the same order, compressed the same way, 304 for a client that has it.

const headerText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : (value ?? null)

const JSON_TYPE = new Headers({ 'Content-Type': 'application/json' })

type Encoded = { identity: Buffer; br?: Buffer; gzip?: Buffer }
/** Each cached text's bytes, per encoding; they go when the text leaves the cache. */
const encodedOf = new WeakMap<JsonText, Encoded>()

function encodedFor(json: JsonText): Encoded {
  let encoded = encodedOf.get(json)
  if (!encoded) encodedOf.set(json, (encoded = { identity: json.bytes }))
  return encoded
}

/**
 * A text that stays the same for many requests: compressed once per version.
 * `own`: the answer's other headers (a page's Link), after its ETag as
 * React Router orders them.
 */
export function sendPublicJson(
  req: IncomingMessage,
  res: ServerResponse,
  json: JsonText,
  base: string[],
  own: string[] = [],
) {
  const encoded = encodedFor(json)
  return sendJsonText(
    req,
    res,
    json,
    encoded.identity,
    base,
    (encoding) => (encoded[encoding] ??= compressSync(encoding, encoded.identity)),
    own,
  )
}

/** A text made for this request: compressed as React Router's answers are (`own`: as above). */
export function sendOwnJson(
  req: IncomingMessage,
  res: ServerResponse,
  json: JsonText,
  base: string[],
  own: string[] = [],
) {
  return sendJsonText(
    req,
    res,
    json,
    json.bytes,
    base,
    (encoding) => compressWhole(encoding, json.bytes),
    own,
  )
}

async function sendJsonText(
  req: IncomingMessage,
  res: ServerResponse,
  json: JsonText,
  identity: Buffer,
  base: string[],
  encode: (encoding: 'br' | 'gzip') => Buffer | Promise<Buffer>,
  own: string[] = [],
) {
  if (matchesIfNoneMatch(headerText(req.headers['if-none-match']), json.etag)) {
    res.writeHead(304, '', [...base, 'etag', json.etag, ...own, 'cache-control', 'no-store'])
    res.end()
    return
  }
  const headers = [
    ...base,
    'content-type',
    'application/json',
    'etag',
    json.etag,
    ...own,
    'cache-control',
    'no-store',
  ]
  const encoding = chooseEncoding(req, JSON_TYPE, identity.length)
  let body = identity
  if (encoding) {
    body = await encode(encoding)
    headers.push('vary', 'Accept-Encoding', 'content-encoding', encoding)
  }
  headers.push('content-length', String(body.length))
  if (res.destroyed) return
  res.writeHead(200, '', headers)
  res.end(req.method === 'HEAD' ? undefined : body)
}
