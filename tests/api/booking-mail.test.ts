import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { mailCarrier } from '../../app/infra/mail-transport.server'
import { deliverDueMail } from '../../server/mail-worker'
import { createPet, createService, createUser } from '../support/factories'
import { clientFor, startServer } from '../support/http'
import { startLocalSmtp } from '../support/smtp'

// A client hears of every change to their pet's stay, whoever makes it:
// confirmed, changed, cancelled — each with the stay as a calendar file
// (one UID per booking, a higher SEQUENCE on each change, CANCEL at the end).
// The hotel's clock is pinned: 2026-03-02 12:00 in New York.

const NOW = '2026-03-02T17:00:00Z'

beforeAll(async () => {
  await startServer()
})
afterEach(() => setNow(undefined))

type OutboxRow = {
  kind: string
  recipient: string
  subject: string
  text_body: string
  html_body: string
  attachments: { filename: string; contentType: string; content: string }[]
}

async function mailTo(email: string): Promise<OutboxRow[]> {
  const db = await getDb()
  return db('mail_outbox')
    .where({ recipient: email })
    .orderBy('id')
    .select('kind', 'recipient', 'subject', 'text_body', 'html_body', 'attachments')
}

const icsField = (ics: string, name: string) =>
  ics
    .split(/\r?\n/)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, '')

async function hotel() {
  setNow(NOW)
  const bath = await createService({ service: `Bath ${Math.random()}`, priceCents: 2550 })
  const client = await createUser({ fname: 'Nova' })
  const pet = await createPet({ owner: client, type: 'dog', name: 'Rex' })
  return { bath, client, pet, c: await clientFor(client) }
}

const stay = (h: Awaited<ReturnType<typeof hotel>>, over: Record<string, unknown> = {}) => ({
  client_id: h.client.id,
  pet_id: h.pet.id,
  booking_type: 'boarding_care',
  drop_off_date: '2026-03-10 10:00:00',
  pick_up_date: '2026-03-12 10:00:00',
  services: [h.bath.id],
  ...over,
})

describe('booking mail', () => {
  it('confirms, then tells of a change, then of the cancellation, with one calendar event', async () => {
    const h = await hotel()
    const created = await h.c.post('/api/bookings', stay(h))
    expect(created.status).toBe(201)
    const id = created.body.booking.id

    setNow('2026-03-03T09:00:00Z')
    const changed = await h.c.put(
      `/api/bookings/${id}`,
      stay(h, { pick_up_date: '2026-03-13 11:00:00' }),
    )
    expect(changed.status).toBe(200)
    setNow('2026-03-04T09:00:00Z')
    expect((await h.c.delete(`/api/bookings/${id}`)).status).toBe(200)

    const mails = await mailTo(h.client.email)
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ['booking-confirmed', "Rex's stay is booked"],
      ['booking-changed', "Rex's stay has changed"],
      ['booking-cancelled', "Rex's stay is cancelled"],
    ])
    const [confirmed, change, cancelled] = mails
    expect(confirmed.text_body).toContain('Hello Nova,')
    expect(confirmed.text_body).toContain('Drop-off: Tue, Mar 10, 2026, 10:00 AM')
    expect(confirmed.text_body).toContain('Total: $135.50')
    expect(confirmed.text_body).toMatch(
      /See the booking: http:\/\/127\.0\.0\.1:\d+\/bookings\/pet\//,
    )
    expect(change.text_body).toContain('Pick-up: Fri, Mar 13, 2026, 11:00 AM')
    expect(cancelled.text_body).not.toContain('See the booking')

    const ics = mails.map((m) => m.attachments[0].content)
    expect(mails.map((m) => m.attachments[0].filename)).toEqual([
      'stay.ics',
      'stay.ics',
      'stay.ics',
    ])
    // One event: the same UID, versions in order, cancelled at the end.
    expect(new Set(ics.map((c) => icsField(c, 'UID'))).size).toBe(1)
    const sequences = ics.map((c) => Number(icsField(c, 'SEQUENCE')))
    expect(sequences[0]).toBeLessThan(sequences[1])
    expect(sequences[1]).toBeLessThan(sequences[2])
    expect(ics.map((c) => icsField(c, 'METHOD'))).toEqual(['PUBLISH', 'PUBLISH', 'CANCEL'])
    expect(ics.map((c) => icsField(c, 'STATUS'))).toEqual(['CONFIRMED', 'CONFIRMED', 'CANCELLED'])
    // 10:00 in New York on 2026-03-10 (after the spring change) is 14:00 UTC.
    expect(icsField(ics[0], 'DTSTART')).toBe('20260310T140000Z')
    expect(icsField(ics[0], 'DTEND')).toBe('20260312T140000Z')
    expect(icsField(ics[1], 'DTEND')).toBe('20260313T150000Z')
  })

  it('goes to the client when staff book for them, and not at all for a refused booking', async () => {
    const h = await hotel()
    const manager = await clientFor(await createUser({ role: 'manager' }))
    expect((await manager.post('/api/bookings', stay(h))).status).toBe(201)
    expect((await h.c.post('/api/bookings', stay(h))).status).toBe(409) // the pet already has one
    const refused = await h.c.post(
      '/api/bookings',
      stay(h, { pick_up_date: '2026-03-09 10:00:00' }),
    )
    expect(refused.status).toBe(400)
    expect((await mailTo(h.client.email)).map((m) => m.kind)).toEqual(['booking-confirmed'])
  })

  it('arrives at the SMTP server with its calendar file', async () => {
    const h = await hotel()
    expect((await h.c.post('/api/bookings', stay(h))).status).toBe(201)
    const db = await getDb()
    await db('mail_outbox').whereNot({ recipient: h.client.email }).del()
    const smtp = await startLocalSmtp()
    const carrier = mailCarrier(smtp.url)
    try {
      const logger = { info: () => {}, warn: () => {} } as never
      expect(await deliverDueMail({ carrier, logger })).toBe(1)
      const [mail] = await smtp.waitForMessages(1)
      expect(mail.subject).toBe("Rex's stay is booked")
      expect(mail.attachments).toHaveLength(1)
      expect(mail.attachments[0].contentType).toBe('text/calendar')
      expect(mail.attachments[0].content.toString()).toContain('BEGIN:VEVENT')
    } finally {
      if (carrier.kind === 'smtp') carrier.close()
      await smtp.stop()
    }
  })
})
