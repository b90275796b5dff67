import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { writeReadableStreamToWritable } from '@react-router/node'
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router'
import type { RequestBody } from './request-body'
import { sendTooLarge } from './too-large'

// Hands a request to React Router and writes its answer. This is what
// @react-router/express does, with one difference that matters: the body is
// read first, counted against its route's limit (server/request-body.ts), and
// a body past the limit is refused with 413 before any route runs — so an
// oversized request changes nothing, and nothing past the limit is read.

export type BuildSource = ServerBuild | (() => Promise<ServerBuild>)

export function createReactRouterHandler({
  build,
  getLoadContext,
  mode = process.env.NODE_ENV,
}: {
  build: BuildSource
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
  mode?: string
}) {
  const handle = createRequestHandler(build, mode)
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      let body: Buffer | null = null
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        body = await (res.locals.body as RequestBody).readAll()
        if (body === null) return sendTooLarge(req, res)
      }
      const request = toFetchRequest(req, res, body)
      const response = await handle(request, getLoadContext(req, res))
      await send(res, response)
    } catch (error) {
      next(error)
    }
  }
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, body: Buffer | null): Request {
  // req.protocol and req.host follow X-Forwarded-* only from a trusted proxy (TRUST_PROXY).
  const url = new URL(`${req.protocol}://${req.host || 'localhost'}${req.originalUrl}`)
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(key, v)
    else headers.set(key, value)
  }
  const controller = new AbortController()
  res.on('close', () => {
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

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel()
    return
  }
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers.entries()) res.append(key, value)
  if (!response.body) {
    res.end()
    return
  }
  try {
    await writeReadableStreamToWritable(response.body, res)
  } catch (error) {
    if (res.destroyed || res.writableEnded) return
    throw error
  }
}
