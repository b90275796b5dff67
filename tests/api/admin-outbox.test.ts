import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '../../app/infra/db.server'
import { composeMail } from '../../app/mail/compose'
import { enqueueMail } from '../../app/models/mail-outbox.server'
import { setTestEnv } from '../support/env'
import { loggedIn } from '../support/factories'
import { Client, startServer } from '../support/http'

// /admin/outbox, the development mailbox: the Owner's only, and only where
// mail does not really leave (no SMTP_URL, not production) — elsewhere it
// does not exist for anyone.

let base: string
beforeAll(async () => {
  base = await startServer()
})
beforeEach(async () => {
  await (await getDb())('mail_outbox').del()
})

async function enqueue(
  to: string,
  subject: string,
  url = 'http://hotel.test/reset-password?token=abc123',
) {
  const db = await getDb()
  return enqueueMail(
    db,
    composeMail({
      kind: 'password-reset',
      to,
      subject,
      greeting: 'Hello,',
      paragraphs: ['A paragraph.'],
      action: { label: 'Choose a new password', url },
    }),
  )
}

describe('/admin/outbox', () => {
  it('lists the messages newest first and opens one, for the Owner', async () => {
    const { client } = await loggedIn('owner')
    await enqueue('first@example.com', 'The first message')
    const id = await enqueue('second@example.com', 'The second <b>message</b>')
    const db = await getDb()
    await db('mail_outbox')
      .where({ id })
      .update({ sent_at: new Date().toISOString(), delivered_by: 'outbox' })

    const list = await client.get('/admin/outbox')
    expect(list.status).toBe(200)
    expect(list.body).toContain('Development mailbox')
    const second = list.body.indexOf('second@example.com')
    const first = list.body.indexOf('first@example.com')
    expect(second).toBeGreaterThan(-1)
    expect(first).toBeGreaterThan(second)
    expect(list.body).toContain(`href="/admin/outbox/${id}"`)
    // A subject is text, never markup.
    expect(list.body).toContain('The second &lt;b&gt;message&lt;/b&gt;')
    expect(list.body).toContain('Sent')
    expect(list.body).toContain('Waiting')

    const open = await client.get(`/admin/outbox/${id}`)
    expect(open.status).toBe(200)
    expect(open.body).toContain('second@example.com')
    // The text part, its link clickable.
    expect(open.body).toContain(
      'href="http://hotel.test/reset-password?token=abc123">http://hotel.test/reset-password?token=abc123</a>',
    )
    // The HTML part in a sandboxed frame without scripts, its links opening in the whole window.
    const frame = /<iframe[^>]*>/.exec(open.body)?.[0] ?? ''
    expect(frame).toContain(
      'sandbox="allow-top-navigation-by-user-activation allow-popups allow-popups-to-escape-sandbox"',
    )
    expect(frame).not.toContain('allow-scripts')
    expect(frame).not.toContain('allow-same-origin')
    expect(frame.toLowerCase()).toContain('srcdoc="')
    expect(frame).toContain('&lt;base target=&quot;_top&quot;&gt;')
    expect(frame).toContain('title=')

    expect((await client.get('/admin/outbox/999999')).status).toBe(404)
    expect((await client.get('/admin/outbox/nonsense')).status).toBe(404)
  })

  it('pages the list', async () => {
    const { client } = await loggedIn('owner')
    for (let i = 0; i < 26; i++) await enqueue(`p${i}@example.com`, `Message ${i}`)
    const one = await client.get('/admin/outbox')
    expect(one.body).toContain('p25@example.com')
    expect(one.body).not.toContain('p0@example.com')
    expect(one.body).toContain('href="/admin/outbox?page=2"')
    const two = await client.get('/admin/outbox?page=2')
    expect(two.body).toContain('p0@example.com')
    expect(two.body).not.toContain('p25@example.com')
  })

  it('is refused to everyone but the Owner', async () => {
    const id = await enqueue('secret@example.com', 'A reset link')
    for (const role of ['client', 'employee', 'manager'] as const) {
      const { client } = await loggedIn(role)
      for (const url of ['/admin/outbox', `/admin/outbox/${id}`]) {
        const res = await client.get(url)
        expect(res.status, `${role} ${url}`).toBe(403)
        expect(res.body).toContain('Unauthorized')
        expect(res.body).not.toContain('secret@example.com')
      }
    }
    const visitor = await new Client(base).get('/admin/outbox')
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('location')).toBe('/login?redirectTo=%2Fadmin%2Foutbox')
  })

  it('does not exist with SMTP_URL set, nor in production', async () => {
    const id = await enqueue('secret@example.com', 'A reset link')
    const { client } = await loggedIn('owner')
    expect((await client.get('/admin/outbox')).status).toBe(200)
    for (const env of [{ SMTP_URL: 'smtp://127.0.0.1:2525' }, { NODE_ENV: 'production' }]) {
      setTestEnv(env)
      for (const c of [client, new Client(base)])
        for (const url of ['/admin/outbox', `/admin/outbox/${id}`]) {
          const res = await c.get(url)
          expect(res.status, `${JSON.stringify(env)} ${url}`).toBe(404)
          expect(res.body).not.toContain('secret@example.com')
        }
      setTestEnv({ SMTP_URL: undefined, NODE_ENV: 'test' })
    }
  })
})
