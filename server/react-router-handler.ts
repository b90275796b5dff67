import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router'
import { chooseEncoding, compressor, compressWhole } from './compress'
import { areaHandlers } from './route-areas'

// Hands a request to React Router and writes its answer, as
// @react-router/express does but without Express: the Fetch Request is made
// from the request line the server already checked (server/request-target.ts)
// and from a body already read and counted (server/request-body.ts), and the
// answer goes out in one writeHead with the request's base headers. An
// answer that says nothing of caching is not cached (no-store): pages and
// /api answers depend on who is logged in. Text of some size is compressed.

export type BuildSource = ServerBuild | (() => Promise<ServerBuild>)

export type RouteRequest = {
  url: string
  /** The URL's path, as the server read it. */
  path: string
  body: Buffer | null
  context: AppLoadContext
}

export function createReactRouterHandler(build: BuildSource, mode = process.env.NODE_ENV) {
  const handle = createRequestHandler(build, mode)
  // A built app (not the development server's, which changes under it) gets
  // a handler per area, which matches among that area's routes only.
  const areaHandler = typeof build === 'function' ? () => null : areaHandlers(build, mode)

  /** React Router's answer to the request. */
  function respond(
    req: IncomingMessage,
    res: ServerResponse,
    { url, path, body, context }: RouteRequest,
  ): Promise<Response> {
    return (areaHandler(path) ?? handle)(toFetchRequest(req, res, url, body), context)
  }

  return {
    respond,
    /** React Router's answer, sent. */
    async answer(
      req: IncomingMessage,
      res: ServerResponse,
      request: RouteRequest & { base: string[] },
    ) {
      await send(req, res, await respond(req, res, request), request.base)
    },
  }
}

function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  body: Buffer | null,
): Request {
  const headers = new Headers()
  const raw = req.rawHeaders
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1])
  const controller = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    // A Buffer is a Uint8Array, which fetch takes as a body.
    body: body && body.length ? (body as unknown as BodyInit) : null,
  })
}

async function send(req: IncomingMessage, res: ServerResponse, response: Response, base: string[]) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel()
    return
  }
  const headers: string[] = [...base, ...headersOf(response)]

  if (!response.body || req.method === 'HEAD') {
    res.writeHead(response.status, response.statusText, headers)
    res.end()
    await response.body?.cancel()
    return
  }

  // Read ahead: when the answer is all there after one chunk — as almost
  // every one is: JSON, a redirect's text, a page (app/entry.server.tsx
  // renders it whole) — it goes out in one write with its length, compressed
  // only if big enough. A long list streamed in batches goes on streaming.
  const reader = response.body.getReader()
  const first = await reader.read()
  const second = first.done ? first : await reader.read()
  if (second.done) {
    const bytes: Buffer = first.done
      ? Buffer.alloc(0)
      : Buffer.from(first.value.buffer, first.value.byteOffset, first.value.byteLength)
    return sendWhole(req, res, {
      status: response.status,
      statusText: response.statusText,
      headers,
      typed: response.headers,
      bytes,
    })
  }
  const chunks = (async function* () {
    try {
      yield first.value!
      yield second.value
      for (;;) {
        const next = await reader.read()
        if (next.done) return
        yield next.value
      }
    } finally {
      // Stopped early (the client left): the source stops too.
      reader.cancel().catch(() => {})
    }
  })()
  const encoding = chooseEncoding(req, response.headers, null)
  if (encoding) headers.push('vary', 'Accept-Encoding', 'content-encoding', encoding)
  res.writeHead(response.status, response.statusText, headers)
  try {
    if (encoding) await pipeline(Readable.from(chunks), compressor(encoding), res)
    else await pipeline(Readable.from(chunks), res)
  } catch (error) {
    // The client went away while the answer streamed: nothing to answer.
    if (res.destroyed) return
    throw error
  }
}

/** An answer's own headers as a flat list (`no-store` unless it says how to cache it). */
export function headersOf(response: Response): string[] {
  const headers: string[] = []
  let cached = false
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue
    if (name === 'cache-control') cached = true
    headers.push(name, value)
  }
  for (const cookie of response.headers.getSetCookie()) headers.push('set-cookie', cookie)
  if (!cached) headers.push('cache-control', 'no-store')
  return headers
}

/**
 * A whole answer in one write with its length, compressed when it is text of
 * some size (`typed`: its headers, for the type and any encoding it has).
 */
export async function sendWhole(
  req: IncomingMessage,
  res: ServerResponse,
  {
    status,
    statusText,
    headers,
    typed,
    bytes,
  }: { status: number; statusText: string; headers: string[]; typed: Headers; bytes: Buffer },
) {
  const encoding = chooseEncoding(req, typed, bytes.length)
  if (encoding) {
    bytes = await compressWhole(encoding, bytes)
    headers.push('vary', 'Accept-Encoding', 'content-encoding', encoding)
  }
  if (!typed.has('Content-Length')) headers.push('content-length', String(bytes.length))
  else replaceHeader(headers, 'content-length', String(bytes.length))
  if (res.destroyed) return
  res.writeHead(status, statusText, headers)
  res.end(bytes)
}

function replaceHeader(headers: string[], name: string, value: string) {
  for (let i = 0; i < headers.length; i += 2) if (headers[i] === name) headers[i + 1] = value
}
