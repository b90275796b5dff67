import type { Logger } from 'pino'
import { purgeRateLimits } from '../app/models/rate-limit.server'
import { purgeExpiredSessions } from '../app/models/session.server'
import { sendDueReminders } from '../app/models/booking/drop-off-reminders.server'
import { sendDueStayDigests } from '../app/models/booking/stay-updates.server'
import { purgeSentMail } from '../app/models/mail-outbox.server'
import { mailOrigin } from '../app/infra/env.server'
import { runWaitlistOffers } from '../app/models/booking/waitlist-offers.server'

// Housekeeping every app server does on its own (deleting what has expired
// twice is harmless): expired sessions, spent rate-limit counters, delivered
// mail past its keeping time; the reminders due the day before a drop-off
// and the owners' evening summaries of stay updates (both claimed with SKIP
// LOCKED, so two servers never send one twice); the waitlist's lapsed holds
// and the places they free (one offer run at a time, under its lock).
// stop() waits for a run in progress: a server told to stop right after it
// started (or at any run) closes its database only once that run is done,
// rather than cutting its queries off.
const EVERY_MS = 10 * 60 * 1000

export function startMaintenance(logger: Logger, everyMs = EVERY_MS) {
  const housekeeping = async () => {
    try {
      const sessions = await purgeExpiredSessions()
      const limits = await purgeRateLimits()
      const mail = await purgeSentMail()
      if (sessions || limits || mail) logger.info({ sessions, limits, mail }, 'purged expired rows')
      const origin = mailOrigin()
      const reminders = await sendDueReminders({ origin })
      if (reminders) logger.info({ reminders }, 'queued drop-off reminders')
      const digests = await sendDueStayDigests({ origin })
      if (digests) logger.info({ digests }, 'queued stay-update summaries')
      const offers = await runWaitlistOffers({ origin })
      if (offers) logger.info({ offers }, 'offered freed places to the waitlist')
    } catch (error) {
      logger.warn({ err: error }, 'maintenance failed; will try again')
    }
  }
  // One run at a time: a run still going when the next is due is not doubled.
  let running: Promise<void> | undefined
  const run = () => {
    running ??= housekeeping().finally(() => (running = undefined))
    return running
  }
  void run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
