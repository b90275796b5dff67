import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { mailCarrier, type MailCarrier } from '../../app/infra/mail-transport.server'
import { composeMail } from '../../app/mail/compose'
import {
  CLAIM_LEASE_MS,
  claimDueMail,
  enqueueMail,
  getOutboxMessage,
} from '../../app/models/mail-outbox.server'
import { deliverDueMail } from '../../server/mail-worker'
import { setTestEnv } from '../support/env'
import { startLocalSmtp, type LocalSmtp } from '../support/smtp'

// Mail that is never lost: a message is written to the outbox in the
// transaction of its cause, and a worker delivers it to a real SMTP server
// (smtp-server on 127.0.0.1) at least once, retrying while the server is
// down, with one stable Message-ID across tries.

const T0 = Date.parse('2031-06-01T12:00:00.000Z')
const at = (ms: number) => setNow(new Date(T0 + ms))

type LogLine = { level: 'info' | 'warn'; fields: Record<string, unknown>; message: string }
function captureLog() {
  const lines: LogLine[] = []
  return {
    lines,
    logger: {
      info: (fields: Record<string, unknown>, message: string) =>
        void lines.push({ level: 'info', fields, message }),
      warn: (fields: Record<string, unknown>, message: string) =>
        void lines.push({ level: 'warn', fields, message }),
    } as never,
  }
}

const message = (to: string, token = 'secret-token-123') =>
  composeMail({
    kind: 'password-reset',
    to,
    subject: 'Reset your password',
    greeting: 'Hello Nova,',
    paragraphs: ['Someone asked to reset the password of your account.'],
    action: {
      label: 'Choose a new password',
      url: `http://hotel.test/reset-password?token=${token}`,
    },
    footnote: "If it wasn't you, ignore this message.",
  })

let smtp: LocalSmtp
let carrier: MailCarrier
beforeEach(async () => {
  at(0)
  await (await getDb())('mail_outbox').del()
  smtp = await startLocalSmtp()
  carrier = mailCarrier(smtp.url)
})
afterEach(async () => {
  if (carrier.kind === 'smtp') carrier.close()
  await smtp.stop().catch(() => {})
  setNow(undefined)
})

async function outboxRows() {
  const db = await getDb()
  return db('mail_outbox').select('id', 'recipient', 'sent_at', 'attempts').orderBy('id')
}

describe('the outbox', () => {
  it('keeps a message only if the change that caused it commits', async () => {
    const db = await getDb()
    await expect(
      db.transaction(async (trx) => {
        await enqueueMail(trx, message('rolled-back@example.com'))
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    await db.transaction((trx) => enqueueMail(trx, message('committed@example.com')))
    expect((await outboxRows()).map((r) => r.recipient)).toEqual(['committed@example.com'])
  })

  it('delivers a message to the SMTP server with its recipient, subject, both parts and link', async () => {
    const { lines, logger } = captureLog()
    const db = await getDb()
    const id = await enqueueMail(db, message('nova@example.com'))
    expect(await deliverDueMail({ carrier, logger })).toBe(1)

    const [mail] = await smtp.waitForMessages(1)
    const row = (await getOutboxMessage(id))!
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('nova@example.com')
    expect(mail.subject).toBe('Reset your password')
    expect(mail.messageId).toBe(row.message_id)
    expect(mail.text).toContain(
      'Choose a new password: http://hotel.test/reset-password?token=secret-token-123',
    )
    expect(mail.html).toContain('href="http://hotel.test/reset-password?token=secret-token-123"')
    expect(mail.text).toContain('Whiskers & Wags')
    expect(row.sent_at).not.toBeNull()
    expect(row.delivered_by).toBe('smtp')

    // One line per message: who and what, never the body or its link.
    expect(lines).toHaveLength(1)
    expect(lines[0].fields).toMatchObject({
      to: 'nova@example.com',
      subject: 'Reset your password',
    })
    expect(JSON.stringify(lines)).not.toContain('secret-token-123')

    // Delivered once: the next round finds nothing.
    expect(await deliverDueMail({ carrier, logger })).toBe(0)
    expect(smtp.messages).toHaveLength(1)
  })

  it('waits while the SMTP server is down and sends once when it is back', async () => {
    const { lines, logger } = captureLog()
    await smtp.stop()
    const db = await getDb()
    const id = await enqueueMail(db, message('waiting@example.com'))

    expect(await deliverDueMail({ carrier, logger })).toBe(1)
    let row = (await getOutboxMessage(id))!
    expect(row.sent_at).toBeNull()
    expect(row.attempts).toBe(1)
    expect(row.last_error).toBeTruthy()
    expect(lines.map((l) => l.level)).toEqual(['warn'])

    // Not tried again before its time (10 s after the first failure)…
    at(9_000)
    expect(await deliverDueMail({ carrier, logger })).toBe(0)
    // …a second failure waits twice as long…
    at(10_000)
    expect(await deliverDueMail({ carrier, logger })).toBe(1)
    row = (await getOutboxMessage(id))!
    expect(row.attempts).toBe(2)
    expect(Date.parse(row.next_attempt_at)).toBe(T0 + 10_000 + 20_000)

    // …and once the server is back, the message goes, once.
    await smtp.start()
    at(30_000)
    expect(await deliverDueMail({ carrier, logger })).toBe(1)
    const [mail] = await smtp.waitForMessages(1)
    expect(mail.subject).toBe('Reset your password')
    expect(mail.messageId).toBe(row.message_id)
    expect((await getOutboxMessage(id))!.sent_at).not.toBeNull()
    at(10 * 60_000)
    expect(await deliverDueMail({ carrier, logger })).toBe(0)
    expect(smtp.messages).toHaveLength(1)
  })

  it('a worker that dies after the SMTP server took a message leads to one resend with the same Message-ID', async () => {
    const { logger } = captureLog()
    const db = await getDb()
    const id = await enqueueMail(db, message('twice@example.com'))

    // The worker claims the message and sends it, then dies before recording it.
    const [claimed] = await claimDueMail({ limit: 10 })
    expect(claimed.id).toBe(id)
    if (carrier.kind !== 'smtp') throw new Error('expected an SMTP carrier')
    await carrier.send({
      kind: claimed.kind,
      to: claimed.recipient,
      subject: claimed.subject,
      text: claimed.text_body,
      html: claimed.html_body,
      messageId: claimed.message_id,
    })

    // Its claim holds the message until the lease runs out; then another worker sends it again.
    at(CLAIM_LEASE_MS - 1_000)
    expect(await deliverDueMail({ carrier, logger })).toBe(0)
    at(CLAIM_LEASE_MS)
    expect(await deliverDueMail({ carrier, logger })).toBe(1)
    const mails = await smtp.waitForMessages(2)
    expect(mails.map((m) => m.messageId)).toEqual([claimed.message_id, claimed.message_id])
    expect((await getOutboxMessage(id))!.sent_at).not.toBeNull()
    at(CLAIM_LEASE_MS * 3)
    expect(await deliverDueMail({ carrier, logger })).toBe(0)
    expect(smtp.messages).toHaveLength(2)
  })

  it('workers claiming at the same time never take the same message', async () => {
    const db = await getDb()
    const ids: number[] = []
    for (let i = 0; i < 30; i++) ids.push(await enqueueMail(db, message(`guest${i}@example.com`)))
    const claims = await Promise.all([1, 2, 3].map(() => claimDueMail({ limit: 10 })))
    const taken = claims.flat().map((r) => r.id)
    expect(new Set(taken).size).toBe(taken.length)
    expect(taken.sort((a, b) => a - b)).toEqual(ids)
  })

  it('outside production without SMTP_URL, messages stay for the development mailbox', async () => {
    setTestEnv({ SMTP_URL: undefined, NODE_ENV: 'development' })
    const local = mailCarrier()
    expect(local.kind).toBe('outbox')
    const { lines, logger } = captureLog()
    const db = await getDb()
    const id = await enqueueMail(db, message('dev@example.com'))
    expect(await deliverDueMail({ carrier: local, logger })).toBe(1)
    expect((await getOutboxMessage(id))!.delivered_by).toBe('outbox')
    expect(lines[0].fields).toMatchObject({ to: 'dev@example.com', subject: 'Reset your password' })
    expect(smtp.messages).toHaveLength(0)
  })

  it('in production without SMTP_URL, messages wait in the outbox', async () => {
    setTestEnv({ SMTP_URL: undefined, NODE_ENV: 'production' })
    const none = mailCarrier()
    expect(none.kind).toBe('none')
    const db = await getDb()
    const id = await enqueueMail(db, message('later@example.com'))
    expect(await deliverDueMail({ carrier: none, logger: captureLog().logger })).toBe(0)
    expect((await getOutboxMessage(id))!.sent_at).toBeNull()
  })

  it('refuses an SMTP_URL that is not smtp:// or smtps://', async () => {
    const { getEnv } = await import('../../app/infra/env.server')
    setTestEnv({ SMTP_URL: 'http://mail.example.com' })
    expect(() => getEnv()).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//)
  })
})
