import crypto from 'node:crypto'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import type { AppLoadContext } from 'react-router'
import type { Logger } from 'pino'
import { SERVER_FAILURE_MESSAGE } from '../app/http/api.server'
import { bodyLimitFor, DEFAULT_BODY_LIMIT } from '../app/http/body-limits'
import { hasLiveUser } from '../app/http/auth.server'
import { getDb } from '../app/infra/db.server'
import { getEnv } from '../app/infra/env.server'
import { servedOverHttps } from '../app/infra/signed-cookie.server'
import { createWorkQueue, QueueTimeoutError, type WorkQueue } from '../app/infra/work-queue.server'
import { publicJsonFor } from '../app/http/public-json.server'
import { signedInJsonFor } from '../app/http/signed-in-reads.server'
import { corsHeaders, corsPreflight } from './cors'
import { isCrossSite } from './cross-site'
import { createLogger } from './logger'
import { newNonce } from './nonce'
import { createReactRouterHandler, type BuildSource } from './react-router-handler'
import { countBody, hasBody, type RequestBody } from './request-body'
import { isQuiet, logRequest, type RequestLog } from './request-log'
import { compileTrust, readTarget } from './request-target'
import { sendOwnJson, sendPublicJson } from './json-text'
import { sendJson } from './respond'
import { securityHeaders } from './security-headers'
import { staticFiles } from './static-files'
import { sendTooLarge } from './too-large'
import { visitorPages } from './visitor-pages'

export type { BuildSource }

// The app's HTTP server: node:http and a short, explicit pipeline instead of
// a framework's middleware chain (docs/decisions/013-lean-http-pipeline.md).
// For each request, in this order:
//
//  1. its body is counted against its route's limit; a declared length over
//     it is refused at once (413);
//  2. its request line and Host are checked (400/405), and its URL, client
//     address and protocol read (X-Forwarded-* only from a trusted proxy);
//  3. /healthz; unsafe methods from another site are refused (403);
//  4. a built file (/assets/…, the icons) is served from memory, the
//     public JSON of the read cache (services, top reviews) from its text,
//     and the JSON a signed-in session reads most is read and sent directly;
//     a page every visitor sees alike from its kept render, with this
//     answer's nonce (server/visitor-pages.ts);
//  5. everything else goes to React Router: the body is read whole first
//     (413 past the limit, before any route runs), and a large upload only
//     for a live session, a few at a time.
//
// Every answer carries the security headers (helmet's, computed once, with a
// fresh CSP nonce), an X-Request-Id, and `Cache-Control: no-store` unless it
// says otherwise. One log line per request.

/** Large uploads (photo forms, up to 55 MB) read and handled at once, per server. */
export const UPLOADS_AT_ONCE = 4
/** How long an upload may wait for its turn before it is told to try again (503). */
export const UPLOAD_WAIT_MS = 30_000

type Dev = {
  middlewares: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void
}

type AppOptions = {
  build: BuildSource
  logger?: Logger
  dev?: Dev
  /** The queue of large uploads (UPLOADS_AT_ONCE at a time; tests bring their own). */
  uploads?: WorkQueue
}

export function createApp(options: AppOptions) {
  return http.createServer(createRequestListener(options))
}

export function createRequestListener({
  build,
  logger = createLogger(),
  dev,
  uploads = createWorkQueue({ concurrency: UPLOADS_AT_ONCE, maxWaitMs: UPLOAD_WAIT_MS }),
}: AppOptions) {
  const env = getEnv()
  const trust = compileTrust(env.TRUST_PROXY)
  const publicOrigin = env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : undefined
  const security = securityHeaders({ dev: !!dev, https: servedOverHttps() })
  const files = dev ? null : staticFiles(path.resolve(process.env.BUILD_DIR ?? 'build', 'client'))
  void files?.warm().catch((error) => logger.warn({ err: error }, 'could not compress the assets'))
  const reactRouter = createReactRouterHandler(build)
  const pages = dev ? null : visitorPages()

  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    {
      requestId,
      nonce,
      base,
      startedAt,
    }: { requestId: string; nonce: string; base: string[]; startedAt: number },
  ) {
    const method = req.method ?? 'GET'
    const target = readTarget(req, { trust, publicOrigin })
    const routePath = 'path' in target ? target.path : (req.url ?? '/').split('?')[0]
    const logged: RequestLog = { id: requestId, method, path: routePath }
    if (!isQuiet(routePath)) logRequest(logger, res, logged, startedAt)

    const body = countBody(req, res, bodyLimitFor(method, routePath, req.headers['content-type']))
    if (body.declaredTooLarge()) {
      body.exceeded = true
      return sendTooLarge(req, res, routePath, base)
    }
    if (!('url' in target)) return sendJson(res, target.status, { message: target.message }, base)

    if (target.path === '/healthz') return healthz(res, base)
    const preflight = corsPreflight(req, target.path)
    if (preflight) {
      res.writeHead(204, [...base, ...preflight])
      return void res.end()
    }
    base = [...base, ...corsHeaders(req, target.path)]
    if (isCrossSite(req, target.url))
      return sendJson(res, 403, { message: 'Cross-site request refused' }, base)
    if (files && (method === 'GET' || method === 'HEAD') && files.has(target.path)) {
      const file = (await files.serve(req, target.path))!
      res.writeHead(file.status, [...base, ...file.headers])
      return void res.end(file.body ?? undefined)
    }
    // The public JSON held by the read cache, and the JSON a signed-in
    // session reads most, without React Router's round (see
    // public-json.server.ts and signed-in-reads.server.ts).
    if (method === 'GET' && !dev) {
      const at = req.url!.indexOf('?')
      const query = at === -1 ? '' : req.url!.slice(at + 1)
      const json = publicJsonFor(target.url, target.path, query)
      if (json) {
        logged.json = 'public'
        const { json: text, headers } = await json
        return sendPublicJson(req, res, text, base, headers)
      }
      const own = await signedInJsonFor({
        url: target.url,
        path: target.path,
        query,
        cookie: req.headers.cookie,
        authorization: req.headers.authorization,
      })
      if (own) {
        logged.json = 'signed-in'
        return sendOwnJson(req, res, own.json, base, own.headers)
      }
    }

    let childLogger: Logger | undefined
    const contextWith = (cspNonce: string): AppLoadContext => ({
      cspNonce,
      clientIp: target.clientIp,
      requestId,
      get logger() {
        return (childLogger ??= logger.child({ req: { id: requestId } }))
      },
    })
    // A page every visitor sees alike, kept rendered (server/visitor-pages.ts).
    if (pages?.covers(req, target.path)) {
      return pages.send(req, res, {
        url: target.url,
        base,
        nonce,
        noted: (how) => (logged.page = how),
        render: (standIn) =>
          reactRouter.respond(req, res, {
            url: target.url,
            path: target.path,
            body: null,
            context: contextWith(standIn),
          }),
      })
    }
    const context = contextWith(nonce)
    const run = async () => {
      let bytes: Buffer | null = null
      if (method !== 'GET' && method !== 'HEAD' && hasBody(req)) {
        bytes = await body.readAll()
        if (bytes === null) return sendTooLarge(req, res, target.path, base)
      }
      await reactRouter.answer(req, res, {
        url: target.url,
        path: target.path,
        body: bytes,
        base,
        context,
      })
    }
    if (dev)
      return dev.middlewares(req, res, (error) =>
        error ? fail(res, error, base) : run().catch((e) => fail(res, e, base)),
      )
    if (body.limit <= DEFAULT_BODY_LIMIT || !hasBody(req)) return run()
    // A large upload: only from a live session, and a few at a time, so
    // memory holds a bounded number of them. A visitor's body is read and
    // thrown away as it comes (413 past the limit), then the route answers
    // without it (401, or the way to log in).
    const live = await hasLiveUser({
      path: target.path,
      cookie: req.headers.cookie,
      authorization: req.headers.authorization,
    })
    if (!live) {
      if (!(await body.discardAll())) return sendTooLarge(req, res, target.path, base)
      return reactRouter.answer(req, res, {
        url: target.url,
        path: target.path,
        body: null,
        base,
        context,
      })
    }
    try {
      await uploads.run(run)
    } catch (error) {
      if (!(error instanceof QueueTimeoutError)) throw error
      sendJson(
        res,
        503,
        { message: 'The server is busy with other uploads. Please try again in a minute.' },
        base,
        ['Retry-After', String(Math.ceil(UPLOAD_WAIT_MS / 1000))],
      )
    }
  }

  async function healthz(res: ServerResponse, base: string[]) {
    try {
      const db = await getDb()
      await db.raw('select 1')
      sendJson(res, 200, { status: 'ok' }, base)
    } catch (error) {
      logger.error({ err: error }, 'health check failed')
      sendJson(res, 503, { status: 'unavailable' }, base)
    }
  }

  // Last resort: a JSON 500, details only in the log. A client that went
  // away is not an error: there is nobody to answer.
  function fail(res: ServerResponse, error: unknown, base: string[]) {
    if (res.destroyed || res.writableEnded) return
    logger.error({ err: error }, 'unhandled error')
    if (res.headersSent) return void res.destroy()
    sendJson(res, 500, { message: SERVER_FAILURE_MESSAGE }, base)
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    const startedAt = performance.now()
    const requestId = crypto.randomUUID()
    const nonce = newNonce()
    const base = [...security(nonce), 'X-Request-Id', requestId]
    answer(req, res, { requestId, nonce, base, startedAt }).catch((error) => fail(res, error, base))
  }
}

export type { RequestBody }
export { createLogger }
