import type { Logger } from 'pino'
import { purgeRateLimits } from '../app/models/rate-limit.server'
import { purgeExpiredSessions } from '../app/models/session.server'
import { sendDueReminders } from '../app/models/booking/drop-off-reminders.server'
import { sendDueStayDigests } from '../app/models/booking/stay-updates.server'
import { purgeSentMail } from '../app/models/mail-outbox.server'
import { getEnv } from '../app/infra/env.server'

// Housekeeping every app server does on its own (deleting what has expired
// twice is harmless): expired sessions, spent rate-limit counters, delivered
// mail past its keeping time; the reminders due the day before a drop-off
// and the owners' evening summaries of stay updates (both claimed with SKIP
// LOCKED, so two servers never send one twice).
const EVERY_MS = 10 * 60 * 1000

/** Where links in scheduled mail point: PUBLIC_ORIGIN, else this server on localhost. */
function scheduledMailOrigin() {
  const env = getEnv()
  return env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`
}

export function startMaintenance(logger: Logger, everyMs = EVERY_MS) {
  const run = async () => {
    try {
      const sessions = await purgeExpiredSessions()
      const limits = await purgeRateLimits()
      const mail = await purgeSentMail()
      if (sessions || limits || mail) logger.info({ sessions, limits, mail }, 'purged expired rows')
      const origin = scheduledMailOrigin()
      const reminders = await sendDueReminders({ origin })
      if (reminders) logger.info({ reminders }, 'queued drop-off reminders')
      const digests = await sendDueStayDigests({ origin })
      if (digests) logger.info({ digests }, 'queued stay-update summaries')
    } catch (error) {
      logger.warn({ err: error }, 'maintenance failed; will try again')
    }
  }
  void run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
