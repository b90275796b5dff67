import type { Logger } from 'pino'
import { applyVersions, clearReadCache } from '../app/infra/read-cache.server'
import { readVersions } from '../app/models/cache-versions.server'

// Keeps this server's read cache (app/infra/read-cache.server.ts) in step with
// writes made on other app servers: every POLL_MS it reads the few rows of
// cache_versions and drops the topics whose version moved. One indexed read
// of a handful of rows, so a change on one server is seen by all within
// POLL_MS plus one query. (LISTEN/NOTIFY would need a connection held open
// per server outside the pool; a poll of one tiny table costs less than
// the bookkeeping.) The embedded database belongs to one process, so there
// it is not needed.
export const POLL_MS = 250

export function startCacheSync(logger: Logger, everyMs = POLL_MS) {
  let running = false
  let failing = false
  const poll = async () => {
    if (running) return
    running = true
    try {
      applyVersions(await readVersions())
      if (failing) logger.info('read cache in step again')
      failing = false
    } catch (error) {
      // Cannot tell what changed: forget everything; the next good poll starts afresh.
      clearReadCache()
      if (!failing) logger.warn({ err: error }, 'cannot read cache versions; will try again')
      failing = true
    } finally {
      running = false
    }
  }
  void poll()
  const timer = setInterval(poll, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
