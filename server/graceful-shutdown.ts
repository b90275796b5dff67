import type { Server, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { flushLog } from './logger'

// Stopping a server without failing anyone: on SIGTERM (a deploy, a scale
// down, nginx taking it out of rotation) the server stops accepting new
// connections, lets every request it has started finish and be answered,
// closes keep-alive connections as soon as they fall idle (answers sent while
// draining carry `Connection: close`, so clients reconnect to another
// server), then runs `onDrained` (close the database pool) and exits 0.
// A request still running after `graceMs` is cut off, so a stuck client
// cannot keep a server from stopping.
// The log is flushed asynchronously before the process exits (flushLog says
// why).

export const SHUTDOWN_GRACE_MS = 25_000

export function shutDownGracefully(
  server: Server,
  {
    logger,
    onDrained,
    graceMs = SHUTDOWN_GRACE_MS,
    exit = (code: number) => process.exit(code),
  }: {
    logger: Logger
    onDrained: () => Promise<void>
    graceMs?: number
    exit?: (code: number) => void
  },
) {
  let draining = false
  const inFlight = new Set<ServerResponse>()

  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res)
    if (draining) res.shouldKeepAlive = false
    res.once('close', () => {
      inFlight.delete(res)
      if (draining) server.closeIdleConnections()
    })
  })

  return async function shutdown(signal: string) {
    if (draining) return
    draining = true
    // Answers not yet begun close their connection after they are sent.
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false
    logger.info({ signal, inFlight: inFlight.size }, 'shutting down: finishing requests in flight')
    const cutOff = setTimeout(() => {
      logger.warn(
        { inFlight: inFlight.size },
        'shutdown grace ran out: closing the connections left',
      )
      server.closeAllConnections()
    }, graceMs)
    cutOff.unref()
    // close() stops accepting and closes idle keep-alive connections; its
    // callback runs when the last connection has closed.
    await new Promise<void>((resolve) => server.close(() => resolve()))
    clearTimeout(cutOff)
    try {
      await onDrained()
      logger.info('shut down')
      await flushLog(logger)
      exit(0)
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed')
      await flushLog(logger)
      exit(1)
    }
  }
}
