import crypto from 'node:crypto'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import helmet from 'helmet'
import { pino, type Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import type { ServerBuild } from 'react-router'
import { getDb } from '../app/infra/db.server'
import { getEnv } from '../app/infra/env.server'

export type BuildSource = ServerBuild | (() => Promise<ServerBuild>)

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const MAX_MULTIPART_BYTES = 60 * 1024 * 1024 // five photos of 10 MB and the fields

export function createLogger(): Logger {
  const env = getEnv()
  return pino({
    level: env.LOG_LEVEL,
    // Belt and braces: request logs carry no headers, but nothing that looks
    // like a secret may ever reach a log line.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'password',
        '*.password',
      ],
      remove: true,
    },
  })
}

/** The app's public origin: PUBLIC_ORIGIN, else what the request (or a trusted proxy) says. */
export function publicOrigin(req: Request): string {
  const env = getEnv()
  if (env.PUBLIC_ORIGIN) return new URL(env.PUBLIC_ORIGIN).origin
  const host = env.TRUST_PROXY ? (req.get('x-forwarded-host') ?? req.get('host')) : req.get('host')
  return `${req.protocol}://${host}`
}

/**
 * Refuses unsafe requests that the browser says come from another site
 * (Sec-Fetch-Site), or, for older browsers, whose Origin is not ours. Clients
 * that send neither (curl, API consumers) are not browsers riding a cookie.
 */
export function crossSiteGuard(req: Request, res: Response, next: NextFunction) {
  if (!UNSAFE_METHODS.has(req.method)) return next()
  const site = req.get('sec-fetch-site')
  const origin = req.get('origin')
  let refused = false
  if (site) refused = site === 'cross-site' || site === 'same-site'
  else if (origin) refused = origin !== publicOrigin(req)
  if (site === 'same-origin' && origin && origin !== 'null' && origin !== publicOrigin(req)) {
    // Same-origin per the browser but a different public origin: a proxy that
    // rewrote Host without PUBLIC_ORIGIN/TRUST_PROXY. The browser is right.
    refused = false
  }
  if (!refused) return next()
  res.status(403).json({ message: 'Cross-site request refused' })
}

function bodyLimit(req: Request, res: Response, next: NextFunction) {
  const length = Number(req.get('content-length') ?? '0')
  const type = req.get('content-type') ?? ''
  const limit = type.startsWith('multipart/') ? MAX_MULTIPART_BYTES : 1024 * 1024
  if (length > limit) {
    res
      .status(413)
      .set('Connection', 'close')
      .json({
        message: type.startsWith('multipart/')
          ? 'Upload is too large (10 MB per photo, five photos at most)'
          : 'Request body is too large (1 MB at most)',
      })
    return
  }
  next()
}

/**
 * A request refused before its body was read (401, 403, 404, 413…) leaves the
 * unread bytes on the socket, and a kept-alive connection then fails the
 * client's NEXT request with ECONNRESET. Such answers close the connection.
 * A chunked upload (no Content-Length) is left to Node, which reads on until
 * the client has seen its answer.
 */
function closeUnreadRequests(req: Request, res: Response, next: NextFunction) {
  if (req.get('content-length') === undefined) return next()
  const writeHead = res.writeHead
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!req.complete && !this.headersSent) this.setHeader('Connection', 'close')
    return (writeHead as (...a: unknown[]) => Response).apply(this, args)
  } as typeof res.writeHead
  next()
}

/** A path with broken %-encoding names nothing: 400, not a crash in routing. */
function refuseMalformedUrls(req: Request, res: Response, next: NextFunction) {
  try {
    decodeURIComponent(req.path)
  } catch {
    res.status(400).json({ message: 'Malformed URL' })
    return
  }
  next()
}

/**
 * `compression` sends res.on('drain') to its zlib stream but leaves
 * res.off('drain') on the response (expressjs/compression#135). React Router
 * waits for backpressure with once('drain') + off('drain'), so every
 * backpressured write of a big streamed page left one listener on the zlib
 * stream: "MaxListenersExceededWarning: 11 drain listeners added to [Gzip]".
 * Here the response keeps ONE drain listener on whatever compression chose
 * (its stream, or the response itself) and a set of waiters it can remove.
 */
export function keepDrainListenersRemovable(_req: Request, res: Response, next: NextFunction) {
  type Listener = (...args: unknown[]) => void
  const waiters = new Set<Listener>()
  const on = res.on.bind(res) as (event: string | symbol, listener: Listener) => Response
  const removeListener = res.removeListener.bind(res) as typeof on
  on('drain', (...args) => {
    for (const waiter of [...waiters]) waiter.apply(res, args)
  })
  // EventEmitter#once and #addListener go through these too.
  const addWaiter = function (this: Response, event: string | symbol, listener: Listener) {
    if (event !== 'drain') return on(event, listener)
    waiters.add(listener)
    return this
  }
  const removeWaiter = function (this: Response, event: string | symbol, listener: Listener) {
    if (event !== 'drain') return removeListener(event, listener)
    for (const waiter of waiters) {
      // a once() wrapper is removed by itself or by the listener it wraps
      if (waiter === listener || (waiter as { listener?: Listener }).listener === listener)
        waiters.delete(waiter)
    }
    return this
  }
  res.on = res.addListener = addWaiter as Response['on']
  res.off = res.removeListener = removeWaiter as Response['off']
  next()
}

export function createApp({
  build,
  logger = createLogger(),
  dev,
}: {
  build: BuildSource
  logger?: Logger
  dev?: { middlewares: express.RequestHandler }
}) {
  const env = getEnv()
  const app = express()
  app.disable('x-powered-by')
  if (env.TRUST_PROXY) app.set('trust proxy', true)

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = crypto.randomUUID()
        res.setHeader('X-Request-Id', id)
        return id
      },
      // Method, path, status and time; never headers, cookies or bodies.
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, path: String(req.url).split('?')[0] }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      autoLogging: {
        ignore: (req) => req.url === '/healthz' || req.url?.startsWith('/assets/') === true,
      },
    }),
  )

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
    next()
  })
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: dev
            ? ["'self'", "'unsafe-inline'"]
            : ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: dev ? ["'self'", 'ws:'] : ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          // A plain-http install on a local network must keep working.
          upgradeInsecureRequests: null,
        },
      },
      // 'no-referrer' makes some browsers send Origin: null on same-origin posts.
      referrerPolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: env.NODE_ENV === 'production',
    }),
  )
  app.use(compression(), keepDrainListenersRemovable)

  app.get('/healthz', async (_req, res) => {
    try {
      const db = await getDb()
      await db.raw('select 1')
      res.json({ status: 'ok' })
    } catch (error) {
      logger.error({ err: error }, 'health check failed')
      res.status(503).json({ status: 'unavailable' })
    }
  })

  app.use(crossSiteGuard)
  app.use(closeUnreadRequests)
  app.use(refuseMalformedUrls)
  app.use(bodyLimit)

  if (dev) {
    app.use(dev.middlewares)
  } else {
    const clientDir = path.resolve(process.env.BUILD_DIR ?? 'build', 'client')
    app.use(
      '/assets',
      express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }),
    )
    app.use(express.static(clientDir, { maxAge: '1h', index: false }))
  }

  app.all(
    '/{*splat}',
    createRequestHandler({
      build,
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        requestId: String(req.id),
        logger: req.log,
      }),
    }),
  )

  // Last resort: a JSON 500 for the API, a short page otherwise; details only in the log.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    req.log?.error({ err }, 'unhandled error')
    if (res.headersSent) return
    if ((err as { type?: string }).type === 'entity.too.large') {
      res.status(413).json({ message: 'Request body is too large' })
      return
    }
    res.status(500).json({ message: 'Something went wrong on our side' })
  })
  return app
}
