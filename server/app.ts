import crypto from 'node:crypto'
import path from 'node:path'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import helmet from 'helmet'
import type { Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import { bodyLimitFor } from '../app/http/body-limits'
import { servedOverHttps } from '../app/infra/session-cookie.server'
import { getDb } from '../app/infra/db.server'
import { getEnv } from '../app/infra/env.server'
import { createLogger } from './logger'
import { createReactRouterHandler, type BuildSource } from './react-router-handler'
import { guardRequestBodies } from './request-body'
import { sendTooLarge } from './too-large'

export type { BuildSource }

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The app's public origin: PUBLIC_ORIGIN, else what the request (or a trusted proxy) says. */
export function publicOrigin(req: Request): string {
  const env = getEnv()
  if (env.PUBLIC_ORIGIN) return new URL(env.PUBLIC_ORIGIN).origin
  return `${req.protocol}://${req.host}`
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
 * An answer that does not say how it may be cached is not cached: pages and
 * /api answers depend on who is logged in, and a shared cache must never hand
 * one person's page to another. Static assets and photos say otherwise.
 */
function noStoreByDefault(_req: Request, res: Response, next: NextFunction) {
  const writeHead = res.writeHead
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!this.headersSent && !this.hasHeader('Cache-Control'))
      this.setHeader('Cache-Control', 'no-store')
    return (writeHead as (...a: unknown[]) => Response).apply(this, args)
  } as typeof res.writeHead
  next()
}

/** Browser features the app never uses, switched off for it and anything it might embed. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'

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
  // Which proxies may tell us the client's address: a hop count or their
  // addresses, never everyone (env.server.ts refuses TRUST_PROXY=true).
  if (env.TRUST_PROXY !== false) app.set('trust proxy', env.TRUST_PROXY)

  app.use(
    pinoHttp({
      logger,
      genReqId: (_req, res) => {
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

  // Before anything else can answer: every body is counted against its route's limit.
  app.use(guardRequestBodies(bodyLimitFor, sendTooLarge))
  app.use(noStoreByDefault)

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
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
      // Browsers remember to use https only when the app is served over https.
      strictTransportSecurity: servedOverHttps(),
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
  app.use(refuseMalformedUrls)

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
    createReactRouterHandler({
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
    res.status(500).json({ message: 'Something went wrong on our side' })
  })
  return app
}

export { createLogger }
