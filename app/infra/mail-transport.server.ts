import nodemailer from 'nodemailer'
import type { MailMessage } from '~/mail/compose'
import { getEnv } from './env.server'

// Where mail goes. With SMTP_URL, to that SMTP server through nodemailer.
// Without it and outside production, nowhere: messages stay in the outbox,
// and the development mailbox (/admin/outbox) shows them — the newcomer's
// `npm start` needs no mail server. In production without SMTP_URL mail
// waits in the outbox until one is configured.

export type MailCarrier =
  | {
      kind: 'smtp'
      send: (message: MailMessage & { messageId: string }) => Promise<void>
      close: () => void
    }
  | { kind: 'outbox' }
  | { kind: 'none' }

/** True where /admin/outbox may show messages (their links log people in). */
export function developmentMailboxEnabled() {
  const env = getEnv()
  return !env.SMTP_URL && env.NODE_ENV !== 'production'
}

export function mailCarrier(smtpUrl = getEnv().SMTP_URL): MailCarrier {
  if (smtpUrl) {
    const url = new URL(smtpUrl)
    const secure = url.protocol === 'smtps:'
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // A slow or silent SMTP server fails the try, and the outbox tries again later.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    })
    const from = getEnv().MAIL_FROM
    return {
      kind: 'smtp',
      send: async (message) => {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          attachments: message.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        })
      },
      close: () => transport.close(),
    }
  }
  return developmentMailboxEnabled() ? { kind: 'outbox' } : { kind: 'none' }
}
