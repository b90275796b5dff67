import type { Logger } from 'pino'
import { claimDueMail, recordMailFailure, recordMailSent } from '../app/models/mail-outbox.server'
import { mailCarrier, type MailCarrier } from '../app/infra/mail-transport.server'

// The outbox's delivery, in every app server. Each round claims a few due
// messages (a short statement of its own), sends each outside any
// transaction — on the embedded database's single connection a slow SMTP
// server must never hold up a request — and records the result. Several
// servers share the outbox: a claimed message is skipped by the others.
// One log line per message, with its subject and recipient, never its body
// (which may hold a reset link).

/** How often an idle worker looks for due mail: "within a few seconds of its cause". */
export const MAIL_POLL_MS = 2_000
const BATCH = 10

/** One round of delivery; returns how many messages it handled. Tests call it directly. */
export async function deliverDueMail({
  carrier,
  logger,
}: {
  carrier: MailCarrier
  logger: Pick<Logger, 'info' | 'warn'>
}): Promise<number> {
  if (carrier.kind === 'none') return 0
  const due = await claimDueMail({ limit: BATCH })
  for (const row of due) {
    const log = { mail: row.id, kind: row.kind, to: row.recipient, subject: row.subject }
    if (carrier.kind === 'outbox') {
      await recordMailSent(row.id, 'outbox')
      logger.info(log, 'mail kept in the development mailbox (/admin/outbox)')
      continue
    }
    try {
      await carrier.send({
        kind: row.kind,
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        attachments: row.attachments,
        messageId: row.message_id,
      })
    } catch (error) {
      await recordMailFailure(row.id, row.attempts, String((error as Error).message ?? error))
      logger.warn(
        { ...log, attempt: row.attempts, err: (error as Error).message },
        'mail not sent; will retry',
      )
      continue
    }
    await recordMailSent(row.id, 'smtp')
    logger.info(log, 'mail sent')
  }
  return due.length
}

/**
 * Delivers mail until stopped: a round every MAIL_POLL_MS, straight on while
 * there is more. stop() waits for the round in progress.
 */
export function startMailWorker({
  logger,
  carrier = mailCarrier(),
}: {
  logger: Logger
  carrier?: MailCarrier
}) {
  if (carrier.kind === 'none') {
    logger.warn('SMTP_URL is not set: mail waits in the outbox until it is')
    return async () => {}
  }
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let round: Promise<void> = Promise.resolve()
  const tick = () => {
    round = deliverDueMail({ carrier, logger })
      .catch((error) => {
        logger.error({ err: error }, 'mail delivery round failed')
        return 0
      })
      .then((handled) => {
        if (!stopped) timer = setTimeout(tick, handled > 0 ? 0 : MAIL_POLL_MS)
      })
  }
  timer = setTimeout(tick, MAIL_POLL_MS)
  return async () => {
    stopped = true
    clearTimeout(timer)
    await round
    if (carrier.kind === 'smtp') carrier.close()
  }
}
