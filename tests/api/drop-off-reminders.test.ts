import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { sendDueReminders } from '../../app/models/booking/drop-off-reminders.server'
import { purgeSentMail } from '../../app/models/mail-outbox.server'
import { createPet, createService, createUser, loggedIn } from '../support/factories'
import { formOf } from '../support/forms'
import { clientFor, startServer } from '../support/http'

// The reminder the day before a drop-off: exactly one per stay and drop-off
// day, however often the job runs and however many servers run it at once;
// none for a client who turned reminders off, for a cancelled stay, or for a
// pet already checked in; a new one when the stay moves to another day. The
// hotel is in New York; the clock is pinned.

const ORIGIN = 'https://hotel.example'
// (March 2031 crosses the change to daylight time: the times below stay far from midnight.)
const at = (wall: string) => setNow(new Date(`${wall.replace(' ', 'T')}-05:00`))

beforeAll(async () => {
  await startServer()
})
afterEach(() => setNow(undefined))

let day = 0
/** A client with a dog and a stay whose drop-off is `dropOff` (a fresh day per test keeps them apart). */
async function stay(dropOff: string, pickUp: string) {
  at('2031-03-01 12:00:00')
  const client = await createUser({ fname: 'Nova' })
  const pet = await createPet({ owner: client, name: 'Rex' })
  const service = await createService({ service: `Bath ${Math.random()}` })
  const c = await clientFor(client)
  const res = await c.post('/api/bookings', {
    client_id: client.id,
    pet_id: pet.id,
    booking_type: 'boarding_care',
    drop_off_date: dropOff,
    pick_up_date: pickUp,
    services: [service.id],
  })
  expect(res.status).toBe(201)
  return { client, pet, service, c, id: res.body.booking.id as number }
}

/** A date in March 2031 no other test of this file uses. */
function freshDay() {
  day += 2
  return `2031-03-${String(4 + day).padStart(2, '0')}`
}

async function remindersTo(email: string) {
  const db = await getDb()
  return db('mail_outbox')
    .where({ recipient: email, kind: 'drop-off-reminder' })
    .orderBy('id')
    .select('subject', 'text_body', 'html_body')
}

describe('the drop-off reminder', () => {
  it('goes once, the day before, with the stay and how to turn reminders off', async () => {
    const d = freshDay()
    const next = `2031-03-${String(Number(d.slice(8)) + 1).padStart(2, '0')}`
    const h = await stay(`${d} 10:00:00`, `${next} 10:00:00`)
    // Two days before: not yet.
    at(`2031-03-${String(Number(d.slice(8)) - 2).padStart(2, '0')} 18:00:00`)
    await sendDueReminders({ origin: ORIGIN })
    expect(await remindersTo(h.client.email)).toEqual([])

    // The day before; the job runs again and again.
    at(`2031-03-${String(Number(d.slice(8)) - 1).padStart(2, '0')} 08:05:00`)
    await sendDueReminders({ origin: ORIGIN })
    await sendDueReminders({ origin: ORIGIN })
    const mail = await remindersTo(h.client.email)
    expect(mail).toHaveLength(1)
    expect(mail[0].subject).toBe("Reminder: Rex's boarding care starts tomorrow")
    expect(mail[0].text_body).toContain('Hello Nova,')
    expect(mail[0].text_body).toContain('at 10:00 AM')
    expect(mail[0].text_body).toContain(h.service.service)
    expect(mail[0].text_body).toContain(`${ORIGIN}/my-bookings`)
    expect(mail[0].text_body).toContain(`${ORIGIN}/account#reminders`)
    expect(mail[0].html_body).toContain(`href="${ORIGIN}/my-bookings"`)

    // The drop-off day itself: nothing more.
    at(`${d} 07:00:00`)
    await sendDueReminders({ origin: ORIGIN })
    expect(await remindersTo(h.client.email)).toHaveLength(1)
  })

  it('is not sent when the client turned reminders off, the stay was cancelled, or the pet is already in', async () => {
    const d = freshDay()
    const next = `2031-03-${String(Number(d.slice(8)) + 1).padStart(2, '0')}`
    const off = await stay(`${d} 10:00:00`, `${next} 10:00:00`)
    await off.c.postForm('/account', formOf({ intent: 'reminders' })) // the box unticked
    const cancelled = await stay(`${d} 11:00:00`, `${next} 11:00:00`)
    expect((await cancelled.c.delete(`/api/bookings/${cancelled.id}`)).status).toBe(200)
    const early = await stay(`${d} 12:00:00`, `${next} 12:00:00`)
    const { client: employee } = await loggedIn('employee')
    const eve = `2031-03-${String(Number(d.slice(8)) - 1).padStart(2, '0')}`
    at(`${eve} 09:00:00`)
    expect((await employee.post(`/api/bookings/${early.id}/check-in`)).status).toBe(200)
    await sendDueReminders({ origin: ORIGIN })
    for (const h of [off, cancelled, early])
      expect(await remindersTo(h.client.email), h.client.email).toEqual([])
  })

  it('comes again for a stay moved to another day after its reminder', async () => {
    const d = freshDay()
    const next = `2031-03-${String(Number(d.slice(8)) + 1).padStart(2, '0')}`
    const later = `2031-03-${String(Number(d.slice(8)) + 2).padStart(2, '0')}`
    const h = await stay(`${d} 10:00:00`, `${next} 10:00:00`)
    const eve = `2031-03-${String(Number(d.slice(8)) - 1).padStart(2, '0')}`
    at(`${eve} 09:00:00`)
    await sendDueReminders({ origin: ORIGIN })
    expect(await remindersTo(h.client.email)).toHaveLength(1)
    // Moved a day later: the next day's run reminds again, once.
    const moved = await h.c.put(`/api/bookings/${h.id}`, {
      id: h.id,
      client_id: h.client.id,
      pet_id: h.pet.id,
      booking_type: 'boarding_care',
      drop_off_date: `${next} 10:00:00`,
      pick_up_date: `${later} 10:00:00`,
      services: [h.service.id],
    })
    expect(moved.status).toBe(200)
    await sendDueReminders({ origin: ORIGIN }) // the eve of the old day: not due for the new one
    expect(await remindersTo(h.client.email)).toHaveLength(1)
    at(`${d} 09:00:00`)
    await sendDueReminders({ origin: ORIGIN })
    await sendDueReminders({ origin: ORIGIN })
    expect(await remindersTo(h.client.email)).toHaveLength(2)
  })

  it('goes once when several servers run the job at the same moment', async () => {
    const d = freshDay()
    const next = `2031-03-${String(Number(d.slice(8)) + 1).padStart(2, '0')}`
    const stays = await Promise.all(
      [0, 1, 2].map((i) => stay(`${d} 1${i}:00:00`, `${next} 10:00:00`)),
    )
    at(`2031-03-${String(Number(d.slice(8)) - 1).padStart(2, '0')} 09:00:00`)
    const counts = await Promise.all([0, 1, 2, 3].map(() => sendDueReminders({ origin: ORIGIN })))
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3)
    for (const h of stays) expect(await remindersTo(h.client.email)).toHaveLength(1)
  })
})

describe('delivered mail', () => {
  it('is deleted 30 days after it went; unsent mail stays', async () => {
    const db = await getDb()
    at('2031-06-01 12:00:00')
    const row = (sent: string | null, tag: string) => ({
      message_id: `<${tag}-${Math.random()}@test>`,
      kind: 'welcome',
      recipient: `${tag}@example.com`,
      subject: 'Hello',
      text_body: 'Hello',
      html_body: '<p>Hello</p>',
      created_at: '2031-04-01T00:00:00Z',
      next_attempt_at: '2031-04-01T00:00:00Z',
      sent_at: sent,
      delivered_by: sent ? 'outbox' : null,
    })
    await db('mail_outbox').insert([
      row('2031-04-20T00:00:00Z', 'old-sent'),
      row('2031-05-20T00:00:00Z', 'recent-sent'),
      row(null, 'unsent'),
    ])
    expect(await purgeSentMail()).toBeGreaterThanOrEqual(1)
    const left = (await db('mail_outbox').select('recipient')).map((r) => r.recipient)
    expect(left).not.toContain('old-sent@example.com')
    expect(left).toContain('recent-sent@example.com')
    expect(left).toContain('unsent@example.com')
  })
})
