import type { ServerResponse } from 'node:http'
import type { Logger } from 'pino'

// One log line per request, written when its answer is done: method, path
// (never the query, which may carry an email or a token), status and time.
// A request that ends in a 5xx is logged at error level; one its client gave
// up on (a closed tab, a dropped upload) is said so at info — it is not our
// error. Health checks and built assets are not logged.

export type RequestLog = {
  id: string
  method: string
  path: string
  /** A visitor page: answered from the kept one, or rendered (server/visitor-pages.ts). */
  page?: 'kept' | 'rendered'
  /** JSON the server read and sent itself, without React Router (server/json-text.ts). */
  json?: 'public' | 'signed-in'
}

export function logRequest(
  logger: Logger,
  res: ServerResponse,
  request: RequestLog,
  startedAt: number,
) {
  res.once('close', () => {
    const responseTime = Math.round(performance.now() - startedAt)
    const line = { req: request, res: { statusCode: res.statusCode }, responseTime }
    if (!res.writableFinished) logger.info(line, 'request aborted')
    else if (res.statusCode >= 500) logger.error(line, 'request errored')
    else logger.info(line, 'request completed')
  })
}

/** Requests not worth a line. */
export function isQuiet(path: string) {
  return path === '/healthz' || path.startsWith('/assets/')
}
