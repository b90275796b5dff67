import crypto from 'node:crypto'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { mailCarrier } from '../../app/infra/mail-transport.server'
import { deliverDueMail } from '../../server/mail-worker'
import { setTestEnv } from '../support/env'
import { createUser } from '../support/factories'
import { formOf, SIGNUP_FIELDS } from '../support/forms'
import { Client, clientFor, startServer, TEST_PASSWORD } from '../support/http'
import { startLocalSmtp } from '../support/smtp'

// Forgotten passwords, over real HTTP, as the JSON API and as forms posted
// without JavaScript: the same answer for any address, a single-use token
// kept only as its hash and valid one hour, every session ended, the login
// throttle cleared, the throttles of the request itself, and the mail —
// read from the outbox, and once through a real SMTP server.

const T0 = Date.parse('2031-06-01T12:00:00.000Z')
const at = (ms: number) => setNow(new Date(T0 + ms))
const MINUTE = 60_000
const NEW_PASSWORD = 'a-brand-new-password'
const ANSWER =
  'If an account uses this email address, we have sent it a link to reset the password. The link works for one hour.'

let base: string
beforeAll(async () => {
  base = await startServer()
})
beforeEach(async () => {
  const db = await getDb()
  // Every client here comes from 127.0.0.1: each test starts with no counts.
  await db('rate_limits').del()
  await db('mail_outbox').del()
})
afterEach(() => setNow(undefined))

type MailRow = {
  id: number
  kind: string
  recipient: string
  subject: string
  text_body: string
  html_body: string
}

async function mails(kind = 'password-reset'): Promise<MailRow[]> {
  const db = await getDb()
  return db('mail_outbox').where({ kind }).orderBy('id')
}

/** The token of the reset link in a mail's text. */
function tokenIn(text: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)
  if (!match) throw new Error(`no reset link in:\n${text}`)
  return match[1]
}

/** Asks for a reset of `email` and returns the token mailed for it. */
async function mailedToken(email: string): Promise<string> {
  const res = await new Client(base).post('/api/auth/forgot-password', { email })
  expect(res.status).toBe(202)
  const rows = (await mails()).filter((m) => m.recipient === email)
  expect(rows.length).toBeGreaterThan(0)
  return tokenIn(rows.at(-1)!.text_body)
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')

describe('POST /api/auth/forgot-password', () => {
  it('answers 202 with the same message whether or not the address has an account, and mails only the account', async () => {
    const user = await createUser({ fname: 'Nova' })
    const known = await new Client(base).post('/api/auth/forgot-password', {
      email: user.email.toUpperCase(),
    })
    const unknown = await new Client(base).post('/api/auth/forgot-password', {
      email: 'nobody-here@example.com',
    })
    expect(known.status).toBe(202)
    expect(unknown.status).toBe(202)
    expect(known.body).toEqual({ message: ANSWER })
    expect(unknown.body).toEqual(known.body)

    const rows = await mails()
    expect(rows.map((m) => m.recipient)).toEqual([user.email])
    const [mail] = rows
    expect(mail.subject).toBe('Reset your Whiskers & Wags password')
    expect(mail.text_body).toContain('Hello Nova,')
    expect(mail.text_body).toMatch(
      new RegExp(`Choose a new password: ${base}/reset-password\\?token=[A-Za-z0-9_-]{43}\\n`),
    )
    expect(mail.html_body).toContain(
      `href="${base}/reset-password?token=${tokenIn(mail.text_body)}"`,
    )
    expect(mail.text_body).toContain('Whiskers & Wags')
  })

  it('points the link at PUBLIC_ORIGIN when it is set', async () => {
    setTestEnv({ PUBLIC_ORIGIN: 'https://hotel.example' })
    const user = await createUser()
    await new Client(base).post('/api/auth/forgot-password', { email: user.email })
    const [mail] = await mails()
    expect(mail.text_body).toContain('https://hotel.example/reset-password?token=')
  })

  it('stores only the SHA-256 of a random token, valid for one hour', async () => {
    at(0)
    const user = await createUser()
    const token = await mailedToken(user.email)
    const other = await mailedToken(user.email)
    expect(other).not.toBe(token)

    const db = await getDb()
    const rows = await db('account_tokens').where({ user_id: user.id }).orderBy('created_at')
    expect(rows.map((r) => r.id).sort()).toEqual([sha256(token), sha256(other)].sort())
    for (const row of rows) {
      expect(row.purpose).toBe('password-reset')
      expect(new Date(row.expires_at).getTime()).toBe(T0 + 60 * MINUTE)
      expect(row.used_at).toBeNull()
    }
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('refuses missing or malformed addresses with 400 {message, errors}', async () => {
    const c = new Client(base)
    for (const body of [{}, { email: '' }, { email: 'not-an-address' }, { email: 42 }]) {
      const res = await c.post('/api/auth/forgot-password', body)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('Password reset was not requested')
      expect(res.body.errors.email).toBeTruthy()
    }
    expect((await c.get('/api/auth/forgot-password')).status).toBe(405)
    expect(await mails()).toEqual([])
  })

  it('is throttled per email address (known or not) and per client address', async () => {
    const user = await createUser()
    const c = new Client(base)
    for (let i = 0; i < 5; i++)
      expect((await c.post('/api/auth/forgot-password', { email: user.email })).status).toBe(202)
    const refused = await c.post('/api/auth/forgot-password', { email: user.email })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBeTruthy()
    expect(refused.body.message).toBe(
      'Too many password reset requests for this email address. Please try again later.',
    )
    expect(await mails()).toHaveLength(5)
    // An unknown address is counted the same, so the limit tells nothing either.
    for (let i = 0; i < 5; i++)
      await c.post('/api/auth/forgot-password', { email: 'ghost@example.com' })
    expect((await c.post('/api/auth/forgot-password', { email: 'ghost@example.com' })).status).toBe(
      429,
    )

    const db = await getDb()
    await db('rate_limits').del()
    setTestEnv({ RATE_LIMIT_PASSWORD_RESETS_PER_IP: '3' })
    for (let i = 0; i < 3; i++)
      expect(
        (await c.post('/api/auth/forgot-password', { email: `someone${i}@example.com` })).status,
      ).toBe(202)
    const byAddress = await c.post('/api/auth/forgot-password', { email: 'someone9@example.com' })
    expect(byAddress.status).toBe(429)
    expect(byAddress.body.message).toBe(
      'Too many password reset requests from this address. Please try again later.',
    )
  })

  it('sends no mail to a deactivated account, whose earlier links stop working', async () => {
    const user = await createUser()
    const token = await mailedToken(user.email)
    const db = await getDb()
    await db('users').where({ id: user.id }).update({ active: false })

    const res = await new Client(base).post('/api/auth/forgot-password', { email: user.email })
    expect(res.status).toBe(202)
    expect(res.body).toEqual({ message: ANSWER })
    expect(await mails()).toHaveLength(1)

    const reset = await new Client(base).post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(reset.status).toBe(400)
    expect(reset.body.message).toBe(
      'This password reset link is not valid. Please ask for a new one.',
    )
  })
})

describe('POST /api/auth/reset-password', () => {
  it('sets the password, ends every session, logs in, and works once', async () => {
    const user = await createUser()
    const phone = await clientFor(user)
    const laptop = await clientFor(user)
    const loginAnswer = (await new Client(base).login(user.email)).body
    const token = await mailedToken(user.email)
    const older = await mailedToken(user.email)

    const c = new Client(base)
    const res = await c.post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual(loginAnswer)
    expect(c.sessionCookie).not.toBe('')
    expect((await c.get('/api/auth')).body.id).toBe(user.id)

    // Every other session of the account ended.
    expect((await phone.get('/api/auth')).status).toBe(401)
    expect((await laptop.get('/api/auth')).status).toBe(401)
    const db = await getDb()
    expect(Number((await db('sessions').where({ user_id: user.id }).count('* as n'))[0].n)).toBe(1)

    // The new password works, the old one not.
    await new Client(base).login(user.email, NEW_PASSWORD)
    expect(
      (
        await new Client(base).post('/api/auth/login', {
          email: user.email,
          password: TEST_PASSWORD,
        })
      ).status,
    ).toBe(401)

    // The link works once, and every other reset link of the account is used up with it.
    for (const t of [token, older]) {
      const again = await new Client(base).post('/api/auth/reset-password', {
        token: t,
        password: 'yet-another-password',
        confirm_password: 'yet-another-password',
      })
      expect(again.status).toBe(400)
      expect(again.body.message).toBe(
        'This password reset link has already been used. Please ask for a new one.',
      )
      expect(again.body.errors.token).toBe(again.body.message)
    }
    await new Client(base).login(user.email, NEW_PASSWORD)
  })

  it('refuses a link from one hour after it was sent', async () => {
    at(0)
    const user = await createUser()
    const token = await mailedToken(user.email)
    at(60 * MINUTE - 1000)
    expect((await new Client(base).get(`/reset-password?token=${token}`)).status).toBe(200)
    at(60 * MINUTE)
    const res = await new Client(base).post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('This password reset link has expired. Please ask for a new one.')
    await new Client(base).login(user.email)
  })

  it('clears the login throttle of the account', async () => {
    const user = await createUser()
    const guesser = new Client(base)
    for (let i = 0; i < 10; i++)
      await guesser.post('/api/auth/login', { email: user.email, password: `guess-${i}` })
    const blocked = await new Client(base).post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    })
    expect(blocked.status).toBe(429)

    const token = await mailedToken(user.email)
    const reset = await new Client(base).post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(reset.status).toBe(200)
    const res = await new Client(base).post('/api/auth/login', {
      email: user.email,
      password: NEW_PASSWORD,
    })
    expect(res.status).toBe(200)
  })

  it('refuses bad input with 400 {message, errors} and an unknown link with a clear message', async () => {
    const user = await createUser()
    const token = await mailedToken(user.email)
    const c = new Client(base)
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { token, password: 'short', confirm_password: 'short' },
        'password',
        'Password must be at least 8 characters',
      ],
      [
        { token, password: NEW_PASSWORD, confirm_password: 'something-else' },
        'confirm_password',
        'Confirm Password field must be the same as the Password field',
      ],
      [
        { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
        'token',
        'The reset link is missing its token',
      ],
      [{ token, password: NEW_PASSWORD }, 'confirm_password', 'Confirm Password is required'],
    ]
    for (const [body, field, message] of cases) {
      const res = await c.post('/api/auth/reset-password', body)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('Password was not reset')
      expect(res.body.errors[field]).toBe(message)
    }
    const unknown = await c.post('/api/auth/reset-password', {
      token: 'x'.repeat(43),
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toBe(
      'This password reset link is not valid. Please ask for a new one.',
    )
    // Nothing of that changed the account.
    await new Client(base).login(user.email)
  })
})

describe('the pages, as forms posted without JavaScript', () => {
  it('links "Forgot your password?" from the login form', async () => {
    const page = await new Client(base).get('/login')
    expect(page.body).toContain('href="/forgot-password"')
    expect(page.body).toContain('Forgot your password?')
  })

  it('/forgot-password gives the same answer for any address', async () => {
    const user = await createUser()
    const c = new Client(base)
    const page = await c.get('/forgot-password')
    expect(page.status).toBe(200)
    expect(page.body).toContain('name="email"')

    for (const email of [user.email, 'nobody-here@example.com']) {
      const res = await c.postForm('/forgot-password', formOf({ email }))
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/forgot-password?sent')
    }
    const sent = await c.get('/forgot-password?sent')
    expect(sent.body).toContain('Check your email')
    expect(sent.body).toContain(ANSWER)
    expect((await mails()).map((m) => m.recipient)).toEqual([user.email])

    const bad = await c.postForm('/forgot-password', formOf({ email: 'not-an-address' }))
    expect(bad.status).toBe(400)
    expect(bad.body).toContain('Please enter a valid email address')
  })

  it('/reset-password shows a form on GET (changing nothing), resets on POST and logs in', async () => {
    const user = await createUser()
    const other = await clientFor(user)
    const token = await mailedToken(user.email)
    const c = new Client(base)

    // A mail scanner following the link changes nothing.
    const page = await c.get(`/reset-password?token=${token}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Choose a new password')
    expect(page.body).toContain('name="password"')
    expect(page.body).toContain('name="confirm_password"')
    const db = await getDb()
    expect(
      (
        await db('account_tokens')
          .where({ id: sha256(token) })
          .first()
      ).used_at,
    ).toBeNull()
    expect((await other.get('/api/auth')).status).toBe(200)
    // The page does not say whose account it is.
    expect(page.body).not.toContain(user.email)

    const mismatch = await c.postForm(
      `/reset-password?token=${token}`,
      formOf({ token, password: NEW_PASSWORD, confirm_password: 'not-the-same' }),
    )
    expect(mismatch.status).toBe(400)
    expect(mismatch.body).toContain('Confirm Password field must be the same as the Password field')
    expect(mismatch.body).not.toContain(NEW_PASSWORD)

    const res = await c.postForm(
      `/reset-password?token=${token}`,
      formOf({ token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }),
    )
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/')
    expect((await c.get('/api/auth')).body.id).toBe(user.id)
    expect((await other.get('/api/auth')).status).toBe(401)

    // The used link: a clear page with a way to ask again, and the form again refused.
    const used = await new Client(base).get(`/reset-password?token=${token}`)
    expect(used.status).toBe(400)
    expect(used.body).toContain('This password reset link has already been used')
    expect(used.body).toContain('href="/forgot-password"')
    expect(used.body).not.toContain('name="password"')
    const again = await new Client(base).postForm(
      `/reset-password?token=${token}`,
      formOf({ token, password: 'yet-another-one', confirm_password: 'yet-another-one' }),
    )
    expect(again.status).toBe(400)
    expect(again.body).toContain('This password reset link has already been used')
  })

  it('/reset-password with no, an unknown or an expired token says so', async () => {
    at(0)
    const user = await createUser()
    const token = await mailedToken(user.email)
    for (const url of ['/reset-password', '/reset-password?token=nonsense']) {
      const res = await new Client(base).get(url)
      expect(res.status).toBe(400)
      expect(res.body).toContain('This password reset link is not valid')
    }
    at(61 * MINUTE)
    const expired = await new Client(base).get(`/reset-password?token=${token}`)
    expect(expired.status).toBe(400)
    expect(expired.body).toContain('This password reset link has expired')
    expect(expired.body).toContain('href="/forgot-password"')
  })
})

describe('welcome mail', () => {
  it('goes with a signup, page or API, in its transaction', async () => {
    const api = await new Client(base).post('/api/auth/signup', {
      ...SIGNUP_FIELDS,
      username: 'welcomeapi',
      email: 'welcome.api@example.com',
    })
    expect(api.status).toBe(201)
    const page = await new Client(base).postForm(
      '/signup',
      formOf({
        ...SIGNUP_FIELDS,
        username: 'welcomepage',
        email: 'welcome.page@example.com',
        confirm_password: SIGNUP_FIELDS.password,
      }),
    )
    expect(page.status).toBe(302)
    // A refused signup (the email is taken) sends nothing.
    const taken = await new Client(base).post('/api/auth/signup', {
      ...SIGNUP_FIELDS,
      username: 'welcomeagain',
      email: 'welcome.api@example.com',
    })
    expect(taken.status).toBe(409)

    const rows = await mails('welcome')
    expect(rows.map((m) => m.recipient)).toEqual([
      'welcome.api@example.com',
      'welcome.page@example.com',
    ])
    expect(rows[0].subject).toBe('Welcome to Whiskers & Wags')
    expect(rows[0].text_body).toContain(`Hello ${SIGNUP_FIELDS.fname},`)
    expect(rows[0].text_body).toContain(`Add your first pet: ${base}/pets`)
    expect(rows[0].html_body).toContain(`href="${base}/pets"`)
  })
})

describe('through a real SMTP server', () => {
  it('delivers the reset link, which then resets the password; no token in the log', async () => {
    const smtp = await startLocalSmtp()
    const carrier = mailCarrier(smtp.url)
    const lines: unknown[] = []
    const logger = {
      info: (fields: unknown, message: string) => void lines.push([fields, message]),
      warn: (fields: unknown, message: string) => void lines.push([fields, message]),
    } as never
    try {
      const user = await createUser()
      await new Client(base).post('/api/auth/forgot-password', { email: user.email })
      expect(await deliverDueMail({ carrier, logger })).toBe(1)
      const [mail] = await smtp.waitForMessages(1)
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(user.email)
      expect(mail.subject).toBe('Reset your Whiskers & Wags password')
      const token = tokenIn(mail.text ?? '')
      expect(mail.html).toContain(`href="${base}/reset-password?token=${token}"`)
      expect(JSON.stringify(lines)).not.toContain(token)

      const res = await new Client(base).post('/api/auth/reset-password', {
        token,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      })
      expect(res.status).toBe(200)
    } finally {
      if (carrier.kind === 'smtp') carrier.close()
      await smtp.stop()
    }
  })
})
