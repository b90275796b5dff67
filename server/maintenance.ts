import type { Logger } from 'pino'
import { purgeRateLimits } from '../app/models/rate-limit.server'
import { purgeExpiredSessions } from '../app/models/session.server'

// Housekeeping every app server does on its own (deleting what has expired
// twice is harmless): expired sessions and spent rate-limit counters.
const EVERY_MS = 10 * 60 * 1000

export function startMaintenance(logger: Logger, everyMs = EVERY_MS) {
  const run = async () => {
    try {
      const sessions = await purgeExpiredSessions()
      const limits = await purgeRateLimits()
      if (sessions || limits) logger.info({ sessions, limits }, 'purged expired rows')
    } catch (error) {
      logger.warn({ err: error }, 'maintenance failed; will try again')
    }
  }
  void run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
