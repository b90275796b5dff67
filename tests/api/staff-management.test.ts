import crypto from 'node:crypto'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { publicOrigin } from '../../app/http/public-origin.server'
import { setActive, STAFF_MESSAGES } from '../../app/models/user-admin.server'
import { DEACTIVATED_MESSAGE } from '../../app/models/user.server'
import { setTestEnv } from '../support/env'
import { createService, createUser, loggedIn } from '../support/factories'
import { formOf } from '../support/forms'
import { Client, clientFor, startServer, TEST_PASSWORD } from '../support/http'

// Staff management for the Owner and Managers: invitations (a hashed,
// single-use token valid 7 days, mailed through the outbox), positions,
// deactivation and reactivation, ending sessions — through the JSON calls
// and the /users and /invitation pages, with every permission case.

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')

let base: string
let seq = 0
const uniqueEmail = (name = 'invitee') => `${name}.${Date.now().toString(36)}${++seq}@example.com`

beforeAll(async () => {
  base = await startServer()
})
afterEach(() => setNow(undefined))

/** The newest invitation mail to `email`, and the token in its link. */
async function invitationMail(email: string) {
  const db = await getDb()
  const mail = await db('mail_outbox')
    .where({ recipient: email, kind: 'staff-invitation' })
    .orderBy('id', 'desc')
    .first()
  expect(mail, `an invitation mail to ${email}`).toBeTruthy()
  const link = /(\S+\/invitation\?token=([A-Za-z0-9_-]+))/.exec(mail.text_body)
  expect(link, 'the mail carries the invitation link').toBeTruthy()
  return { mail, url: link![1], token: link![2] }
}

async function invite(as: Client, body: Record<string, unknown>) {
  return as.post('/api/users/invitations', body)
}

const inviteBody = (overrides: Record<string, unknown> = {}) => ({
  fname: 'Ivy',
  lname: 'Newhire',
  email: uniqueEmail(),
  position: 'Employee',
  ...overrides,
})

const ACCEPT_FIELDS = {
  password: 'a-long-password',
  confirm_password: 'a-long-password',
  fname: 'Ivy',
  lname: 'Newhire',
  phone_num: '5551230000',
  address: '9 Kennel Lane',
  city: 'Portland',
  state: 'Maine',
  zip: '04101',
}

function acceptForm(token: string, overrides: Record<string, string> = {}) {
  return formOf({
    token,
    username: `ivy_${Date.now().toString(36)}${++seq}`,
    ...ACCEPT_FIELDS,
    ...overrides,
  })
}

describe('POST /api/users/invitations', () => {
  it('stores only the hash of a random token valid 7 days and mails its link in the same change', async () => {
    setNow('2031-03-01T12:00:00.000Z')
    const { client: owner, user } = await loggedIn('owner')
    const body = inviteBody({ position: 'Manager' })
    const res = await invite(owner, body)
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ message: expect.stringContaining(body.email) })

    const { mail, url, token } = await invitationMail(body.email)
    expect(url).toBe(`${base}/invitation?token=${token}`)
    expect(token.length).toBeGreaterThanOrEqual(43) // 256 random bits, base64url
    expect(mail.subject).toMatch(/invited/i)
    expect(mail.html_body).toContain(`/invitation?token=${token}`)

    const db = await getDb()
    const row = await db('account_tokens')
      .where({ id: sha256(token) })
      .first()
    expect(row).toMatchObject({
      purpose: 'invitation',
      user_id: null,
      email: body.email,
      fname: 'Ivy',
      lname: 'Newhire',
      position: 'Manager',
      created_by: user.id,
      used_at: null,
    })
    expect(new Date(row.expires_at).toISOString()).toBe('2031-03-08T12:00:00.000Z')
    // The token itself is nowhere in the table.
    const all = JSON.stringify(await db('account_tokens').select())
    expect(all).not.toContain(token)
  })

  it('links to PUBLIC_ORIGIN when it is set, else to the address the request came to', () => {
    const request = new Request('http://10.0.0.5:3000/users')
    expect(publicOrigin(request)).toBe('http://10.0.0.5:3000')
    setTestEnv({ PUBLIC_ORIGIN: 'https://hotel.example/' })
    expect(publicOrigin(request)).toBe('https://hotel.example')
  })

  it('lets a Manager invite Employees only', async () => {
    const { client: manager } = await loggedIn('manager')
    expect((await invite(manager, inviteBody())).status).toBe(201)
    const body = inviteBody({ position: 'Manager' })
    const res = await invite(manager, body)
    expect(res.status).toBe(403)
    expect(res.body.message).toBe(STAFF_MESSAGES.managerOnlyByOwner)
    const db = await getDb()
    expect(await db('account_tokens').where({ email: body.email })).toHaveLength(0)
    expect(await db('mail_outbox').where({ recipient: body.email })).toHaveLength(0)
  })

  it('refuses clients, employees (403) and visitors (401) whatever they send', async () => {
    for (const role of ['client', 'employee'] as const) {
      const { client } = await loggedIn(role)
      expect((await invite(client, inviteBody())).status, role).toBe(403)
      expect((await invite(client, { position: 'nonsense' })).status, role).toBe(403)
    }
    const { client: visitor } = await loggedIn('anonymous')
    expect((await invite(visitor, inviteBody())).status).toBe(401)
  })

  it('refuses an email that already has an account, with a field message', async () => {
    const { client: owner } = await loggedIn('owner')
    const existing = await createUser()
    const res = await invite(owner, inviteBody({ email: existing.email.toUpperCase() }))
    expect(res.status).toBe(409)
    expect(res.body).toEqual({
      message: STAFF_MESSAGES.inviteFailed,
      errors: { email: STAFF_MESSAGES.emailTaken },
    })
  })

  it('checks the fields with the signup rules (400)', async () => {
    const { client: owner } = await loggedIn('owner')
    const res = await invite(owner, { fname: 'ivy', lname: '', email: 'nope', position: 'Owner' })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      fname: 'First name must be capitalized',
      lname: 'Last name is required',
      email: 'Please enter a valid email address',
      position: 'Position must be Employee or Manager',
    })
  })
})

describe('/invitation', () => {
  it('shows a form on GET (changing nothing), then creates the staff member, logs them in and opens the day sheet', async () => {
    const { client: owner } = await loggedIn('owner')
    const body = inviteBody({ fname: 'Olive', lname: 'Oak' })
    await invite(owner, body)
    const { token } = await invitationMail(body.email)

    const invitee = new Client(base)
    const page = await invitee.get(`/invitation?token=${token}`)
    expect(page.status).toBe(200)
    expect(text(page.body)).toContain('Join the staff')
    expect(page.body).toContain(`value="${body.email}"`)
    expect(page.body).toContain('value="Olive"')
    const db = await getDb()
    expect(
      (
        await db('account_tokens')
          .where({ id: sha256(token) })
          .first()
      ).used_at,
    ).toBeNull()

    const res = await invitee.postForm(`/invitation?token=${token}`, acceptForm(token))
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/bookingsByDate')
    const me = await invitee.get('/api/auth')
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ email: body.email, staff: true, position: 'Employee' })
    expect((await invitee.get('/bookingsByDate')).status).toBe(200)
    expect(
      (
        await db('account_tokens')
          .where({ id: sha256(token) })
          .first()
      ).used_at,
    ).not.toBeNull()
    const events = await db('user_events').where({ user_id: me.body.id })
    expect(events).toMatchObject([{ action: 'joined', detail: 'invited as Employee' }])
  })

  it('is single use: a second submit and a later visit get a clear page', async () => {
    const { client: owner } = await loggedIn('owner')
    const body = inviteBody()
    await invite(owner, body)
    const { token } = await invitationMail(body.email)
    const first = new Client(base)
    expect((await first.postForm(`/invitation?token=${token}`, acceptForm(token))).status).toBe(302)

    const second = new Client(base)
    const again = await second.postForm(`/invitation?token=${token}`, acceptForm(token))
    expect(again.status).toBe(409)
    expect(text(again.body)).toContain(STAFF_MESSAGES.invitationUsed)
    expect(second.sessionCookie).toBe('')
    const visit = await second.get(`/invitation?token=${token}`)
    expect(visit.status).toBe(409)
    expect(text(visit.body)).toContain(STAFF_MESSAGES.invitationUsed)
    const db = await getDb()
    expect(await db('users').where({ email: body.email })).toHaveLength(1)
  })

  it('expires 7 days after it was sent (app clock)', async () => {
    const t0 = Date.parse('2031-04-01T09:00:00.000Z')
    setNow(new Date(t0))
    const { client: owner } = await loggedIn('owner')
    const body = inviteBody()
    await invite(owner, body)
    const { token } = await invitationMail(body.email)
    const invitee = new Client(base)

    setNow(new Date(t0 + 7 * 24 * 3600_000 - 60_000))
    expect((await invitee.get(`/invitation?token=${token}`)).status).toBe(200)

    setNow(new Date(t0 + 7 * 24 * 3600_000))
    const late = await invitee.get(`/invitation?token=${token}`)
    expect(late.status).toBe(409)
    expect(text(late.body)).toContain(STAFF_MESSAGES.invitationExpired)
    const post = await invitee.postForm(`/invitation?token=${token}`, acceptForm(token))
    expect(post.status).toBe(409)
    const db = await getDb()
    expect(await db('users').where({ email: body.email })).toHaveLength(0)
  })

  it('answers an unknown token with a clear page (404)', async () => {
    const res = await new Client(base).get('/invitation?token=not-a-real-token')
    expect(res.status).toBe(404)
    expect(text(res.body)).toContain(STAFF_MESSAGES.invitationUnknown)
    expect((await new Client(base).get('/invitation')).status).toBe(404)
  })

  it('refuses when the email got an account meanwhile, and shows the form rules', async () => {
    const { client: owner } = await loggedIn('owner')
    const body = inviteBody()
    await invite(owner, body)
    const { token } = await invitationMail(body.email)
    const invitee = new Client(base)

    const bad = await invitee.postForm(
      `/invitation?token=${token}`,
      acceptForm(token, { zip: '12', confirm_password: 'something-else' }),
    )
    expect(bad.status).toBe(400)
    expect(text(bad.body)).toContain('Zip code must be 5 digits long')
    expect(text(bad.body)).toContain(
      'Confirm Password field must be the same as the Password field',
    )

    await createUser({ email: body.email })
    const res = await invitee.postForm(`/invitation?token=${token}`, acceptForm(token))
    expect(res.status).toBe(409)
    expect(text(res.body)).toContain(STAFF_MESSAGES.acceptEmailTaken)
    expect(invitee.sessionCookie).toBe('')
  })
})

describe('PUT /api/users/{id}/position', () => {
  it('the Owner makes an Employee a Manager and back, recorded with who and when', async () => {
    setNow('2031-05-05T14:30:00.000Z')
    const { client: owner, user: ownerUser } = await loggedIn('owner')
    const employee = await createUser({ role: 'employee' })
    const up = await owner.put(`/api/users/${employee.id}/position`, { position: 'Manager' })
    expect(up.status).toBe(200)
    expect(up.body).toMatchObject({
      id: employee.id,
      staff: true,
      position: 'Manager',
      active: true,
    })
    expect(up.body).not.toHaveProperty('password_hash')
    const down = await owner.put(`/api/users/${employee.id}/position`, { position: 'Employee' })
    expect(down.body.position).toBe('Employee')
    const db = await getDb()
    const events = await db('user_events').where({ user_id: employee.id }).orderBy('id')
    expect(events).toMatchObject([
      { actor_id: ownerUser.id, action: 'position', detail: 'Employee → Manager' },
      { actor_id: ownerUser.id, action: 'position', detail: 'Manager → Employee' },
    ])
    expect(new Date(events[0].created_at).toISOString()).toBe('2031-05-05T14:30:00.000Z')

    // The Users page shows each account's latest three changes, newest first,
    // in hotel time (New York), with who made them.
    setNow('2031-05-06T15:45:00.000Z')
    await owner.put(`/api/users/${employee.id}/position`, { position: 'Manager' })
    setNow('2031-05-07T16:00:00.000Z')
    await owner.put(`/api/users/${employee.id}/position`, { position: 'Employee' })
    const page = String((await owner.get('/users')).body)
    const row = page.slice(page.indexOf(employee.email))
    const list = /<ul class="plain-list text-sm">(.*?)<\/ul>/.exec(row)![1]
    const items = [...list.matchAll(/<li>(.*?)<\/li>/g)].map((m) => text(m[1]).trim())
    const by = `by ${ownerUser.fname} ${ownerUser.lname}`
    expect(items).toEqual([
      `Position changed (Manager → Employee) ${by} · 2031-05-07 12:00`,
      `Position changed (Employee → Manager) ${by} · 2031-05-06 11:45`,
      `Position changed (Manager → Employee) ${by} · 2031-05-05 10:30`,
    ])
  })

  it('nobody else changes positions, nobody changes the Owner, clients stay clients', async () => {
    const employee = await createUser({ role: 'employee' })
    const { client: manager } = await loggedIn('manager')
    expect(
      (await manager.put(`/api/users/${employee.id}/position`, { position: 'Manager' })).status,
    ).toBe(403)
    const otherManager = await createUser({ role: 'manager' })
    expect(
      (await manager.put(`/api/users/${otherManager.id}/position`, { position: 'Employee' }))
        .status,
    ).toBe(403)

    const { client: owner, user: ownerUser } = await loggedIn('owner')
    const otherOwner = await createUser({ role: 'owner' })
    const client = await createUser()
    for (const id of [otherOwner.id, ownerUser.id, client.id])
      expect((await owner.put(`/api/users/${id}/position`, { position: 'Manager' })).status).toBe(
        403,
      )
    const res = await owner.put(`/api/users/${employee.id}/position`, { position: 'Owner' })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ position: 'Position must be Employee or Manager' })
    expect((await owner.put('/api/users/99999999/position', { position: 'Manager' })).status).toBe(
      404,
    )
    const db = await getDb()
    expect((await db('users').where({ id: employee.id }).first()).position).toBe('Employee')
    expect((await db('users').where({ id: client.id }).first()).staff).toBe(false)

    for (const role of ['client', 'employee'] as const) {
      const { client: c } = await loggedIn(role)
      expect(
        (await c.put(`/api/users/${employee.id}/position`, { position: 'Manager' })).status,
      ).toBe(403)
    }
  })
})

describe('PUT /api/users/{id}/active', () => {
  it('a deactivated employee is logged out, cannot log in, and leaves the user, staff and service lists', async () => {
    const { client: owner } = await loggedIn('owner')
    const employee = await createUser({ role: 'employee', fname: 'Dora', lname: 'Gone' })
    const asEmployee = await clientFor(employee)
    const service = await createService({ staff: [employee] })
    const listed = async () => ({
      real: (await owner.get('/api/users/real')).body.users.some(
        (u: { id: number }) => u.id === employee.id,
      ),
      staff: (await owner.get('/api/users/staff')).body.staff.some(
        (u: { id: number }) => u.id === employee.id,
      ),
      service: (await owner.get('/api/services')).body.services
        .find((s: { id: number }) => s.id === service.id)
        .staff.some((u: { id: number }) => u.id === employee.id),
    })
    expect(await listed()).toEqual({ real: true, staff: true, service: true })

    const res = await owner.put(`/api/users/${employee.id}/active`, { active: false })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: employee.id, active: false, position: 'Employee' })

    expect((await asEmployee.get('/api/auth')).status).toBe(401)
    const login = await new Client(base).post('/api/auth/login', {
      email: employee.email,
      password: TEST_PASSWORD,
    })
    expect(login.status).toBe(401)
    expect(login.body.errors).toEqual({ email: DEACTIVATED_MESSAGE })
    // A wrong password says nothing about the account's state.
    const wrong = await new Client(base).post('/api/auth/login', {
      email: employee.email,
      password: 'not-the-password',
    })
    expect(wrong.status).toBe(401)
    expect(JSON.stringify(wrong.body)).not.toContain('deactivated')
    expect(await listed()).toEqual({ real: false, staff: false, service: false })

    const back = await owner.put(`/api/users/${employee.id}/active`, { active: true })
    expect(back.status).toBe(200)
    expect(back.body.active).toBe(true)
    expect(await listed()).toEqual({ real: true, staff: true, service: true })
    await new Client(base).login(employee.email)

    const db = await getDb()
    const events = await db('user_events').where({ user_id: employee.id }).orderBy('id')
    expect(events.map((e) => [e.action, e.detail])).toEqual([
      ['deactivated', '1 session ended'],
      ['reactivated', ''],
    ])
  })

  it('a session of an account made inactive behind the app’s back is not honoured', async () => {
    const { client, user } = await loggedIn('client')
    const db = await getDb()
    await db('users').where({ id: user.id }).update({ active: false })
    expect((await client.get('/api/auth')).status).toBe(401)
    expect(await db('sessions').where({ user_id: user.id })).toHaveLength(1)
  })

  it('a Manager runs clients and Employees only; nobody themself; staff below refused', async () => {
    const { client: manager, user: managerUser } = await loggedIn('manager')
    const client = await createUser()
    const employee = await createUser({ role: 'employee' })
    const otherManager = await createUser({ role: 'manager' })
    const owner = await createUser({ role: 'owner' })
    expect((await manager.put(`/api/users/${client.id}/active`, { active: false })).status).toBe(
      200,
    )
    expect((await manager.put(`/api/users/${employee.id}/active`, { active: false })).status).toBe(
      200,
    )
    for (const id of [otherManager.id, owner.id, managerUser.id])
      expect((await manager.put(`/api/users/${id}/active`, { active: false })).status).toBe(403)

    const { client: ownerClient, user: ownerUser } = await loggedIn('owner')
    expect(
      (await ownerClient.put(`/api/users/${otherManager.id}/active`, { active: false })).status,
    ).toBe(200)
    expect(
      (await ownerClient.put(`/api/users/${ownerUser.id}/active`, { active: false })).status,
    ).toBe(403)
    expect((await ownerClient.put(`/api/users/${client.id}/active`, { active: 'no' })).status).toBe(
      400,
    )

    for (const role of ['client', 'employee'] as const) {
      const { client: c } = await loggedIn(role)
      expect((await c.put(`/api/users/${client.id}/active`, { active: true })).status).toBe(403)
    }
    expect(
      (
        await (
          await loggedIn('anonymous')
        ).client.put(`/api/users/${client.id}/active`, {
          active: true,
        })
      ).status,
    ).toBe(401)
  })

  it('never leaves the hotel without an active Owner', async () => {
    const db = await getDb()
    const target = await createUser({ role: 'owner' })
    const others = await db('users')
      .where({ position: 'Owner', active: true })
      .whereNot({ id: target.id })
      .pluck('id')
    await db('users').whereIn('id', others).update({ active: false })
    try {
      // An Owner acting from outside the table (a script): the rule of the data still holds.
      await expect(
        setActive({
          actor: { id: 0, staff: true, position: 'Owner' },
          userId: target.id,
          active: false,
        }),
      ).rejects.toMatchObject({ kind: 'conflict', message: STAFF_MESSAGES.lastOwner })
      expect((await db('users').where({ id: target.id }).first()).active).toBe(true)
    } finally {
      await db('users').whereIn('id', others).update({ active: true })
    }
  })
})

describe('the /users page', () => {
  it('is for the Owner and Managers; others get Unauthorized (403), pages and posts alike', async () => {
    const target = await createUser()
    for (const role of ['client', 'employee'] as const) {
      const { client } = await loggedIn(role)
      const page = await client.get('/users')
      expect(page.status, role).toBe(403)
      expect(text(page.body)).toContain('Unauthorized')
      const post = await client.postForm(
        '/users',
        formOf({ intent: 'deactivate', id: String(target.id) }),
      )
      expect(post.status, role).toBe(403)
    }
    const db = await getDb()
    expect((await db('users').where({ id: target.id }).first()).active).toBe(true)
    expect((await (await loggedIn('manager')).client.get('/users')).status).toBe(200)
  })

  it('searches by name or email with a GET form, and pages every section', async () => {
    const db = await getDb()
    const marker = `zq${Date.now().toString(36)}`
    await db.raw(
      `INSERT INTO users (username, email, password_hash, fname, lname, phone_num, address, city, state, zip, staff)
       SELECT '${marker}_' || g, '${marker}_' || g || '@example.com', 'x', 'Paged', 'Person' || lpad(g::text, 3, '0'),
              '5550000000', '1 Main Street', 'Burlington', 'Vermont', '05401', false
       FROM generate_series(1, 55) g`,
    )
    const named = await createUser({ fname: 'Quentin', lname: 'Zebulon' })
    const { client: owner } = await loggedIn('owner')

    const page = await owner.get('/users')
    expect(text(page.body)).toContain('Deactivated')
    expect(page.body).toContain('role="search"')

    const found = text((await owner.get('/users?q=zebulon')).body)
    expect(found).toContain('Quentin Zebulon')
    expect(found).not.toContain('Paged Person')
    const byEmail = text((await owner.get(`/users?q=${encodeURIComponent(named.email)}`)).body)
    expect(byEmail).toContain('Quentin Zebulon')

    const first = text((await owner.get(`/users?q=${marker}`)).body)
    expect(first).toContain('Paged Person001')
    expect(first).toContain('Paged Person050')
    expect(first).not.toContain('Paged Person051')
    expect(first).toContain('Next')
    const second = text((await owner.get(`/users?q=${marker}&clients=2`)).body)
    expect(second).toContain('Paged Person051')
    expect(second).toContain('Paged Person055')
    expect(second).not.toContain('Paged Person050')

    const none = await owner.get('/users?q=%25_nobody_%25')
    expect(text(none.body)).toContain('No users found')
  })

  it('deactivates, reactivates, changes a position and ends sessions with plain POST forms', async () => {
    const { client: owner } = await loggedIn('owner')
    const employee = await createUser({ role: 'employee', fname: 'Walter', lname: 'Away' })
    const asEmployee = await clientFor(employee)
    const post = (intent: string, extra: Record<string, string> = {}) =>
      owner.postForm('/users?q=Walter', formOf({ intent, id: String(employee.id), ...extra }))

    const ended = await post('end-sessions')
    expect(ended.status).toBe(302)
    expect(ended.headers.get('Location')).toBe('/users?q=Walter&done=sessions')
    expect((await asEmployee.get('/api/auth')).status).toBe(401)

    expect((await post('position', { position: 'Manager' })).status).toBe(302)
    const deactivated = await post('deactivate')
    expect(deactivated.headers.get('Location')).toBe('/users?q=Walter&done=deactivated')
    const page = await owner.get('/users?q=Walter&done=deactivated')
    const shown = text(page.body)
    expect(shown).toContain('Account deactivated')
    // The row sits in the Deactivated section, with its latest changes.
    const deactivatedSection = shown.slice(shown.indexOf('Deactivated Name'))
    expect(deactivatedSection).toContain('Walter Away (Manager)')
    expect(deactivatedSection).toMatch(/Deactivated by \S+ \S+ · \d{4}-\d\d-\d\d \d\d:\d\d/)
    expect(deactivatedSection).toContain('Position changed (Employee → Manager)')
    expect(deactivatedSection).toContain('Sessions ended (1 session)')
    expect(deactivatedSection).toContain('Reactivate')

    expect((await post('reactivate')).status).toBe(302)
    const db = await getDb()
    expect(await db('users').where({ id: employee.id }).first()).toMatchObject({
      active: true,
      position: 'Manager',
    })
  })

  it('shows a refusal on the row, and unknown intents get 400', async () => {
    const { client: manager } = await loggedIn('manager')
    const owner = await createUser({ role: 'owner' })
    const refused = await manager.postForm(
      '/users',
      formOf({ intent: 'deactivate', id: String(owner.id) }),
    )
    expect(refused.status).toBe(403)
    const bad = await manager.postForm('/users', formOf({ intent: 'promote', id: '1' }))
    expect(bad.status).toBe(400)
  })

  it('invites with a form (a Manager may offer Employee only) and shows the field messages', async () => {
    const { client: manager } = await loggedIn('manager')
    const form = await manager.get('/users')
    expect(form.body).toContain('<option value="Employee">')
    expect(form.body).not.toContain('<option value="Manager">')

    const email = uniqueEmail('form')
    const sent = await manager.postForm(
      '/users',
      formOf({ intent: 'invite', fname: 'Fern', lname: 'Form', email, position: 'Employee' }),
    )
    expect(sent.status).toBe(302)
    expect(sent.headers.get('Location')).toBe('/users?done=invited')
    await invitationMail(email)

    const taken = await createUser()
    const refused = await manager.postForm(
      '/users',
      formOf({
        intent: 'invite',
        fname: 'fern',
        lname: 'Form',
        email: taken.email,
        position: 'Employee',
      }),
    )
    expect(refused.status).toBe(400)
    expect(text(refused.body)).toContain('First name must be capitalized')
    const clash = await manager.postForm(
      '/users',
      formOf({
        intent: 'invite',
        fname: 'Fern',
        lname: 'Form',
        email: taken.email,
        position: 'Employee',
      }),
    )
    expect(clash.status).toBe(409)
    expect(text(clash.body)).toContain(STAFF_MESSAGES.emailTaken)
    const manager2 = await manager.postForm(
      '/users',
      formOf({
        intent: 'invite',
        fname: 'Fern',
        lname: 'Form',
        email: uniqueEmail(),
        position: 'Manager',
      }),
    )
    expect(manager2.status).toBe(403)
  })

  it('answers hostile values with a 4xx and changes nothing', async () => {
    const { client: owner } = await loggedIn('owner')
    const employee = await createUser({ role: 'employee' })
    const db = await getDb()
    const before = JSON.stringify(
      await db('users').select('id', 'position', 'active').orderBy('id'),
    )
    const id = String(employee.id)
    const hostile: Record<string, string | string[]>[] = [
      { intent: 'position', id, position: 'Owner' },
      { intent: 'position', id, position: '' },
      { intent: 'position', id: 'abc', position: 'Manager' },
      { intent: 'deactivate', id: '99999999999' },
      { intent: 'deactivate', id: '-1' },
      { intent: 'deactivate', id: '0x10' },
      { intent: 'deactivate\u0000', id },
      { intent: 'invite', fname: 'A\u0000', lname: 'B', email: 'a@b.co', position: 'Employee' },
      {
        intent: 'invite',
        fname: 'Ann',
        lname: 'Bee',
        email: 'a@b.co',
        position: ['Employee', 'Manager'],
      },
    ]
    for (const fields of hostile) {
      const res = await owner.postForm('/users', formOf(fields))
      expect(res.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400)
      expect(res.status, JSON.stringify(fields)).toBeLessThan(500)
    }
    for (const token of ['', '%00', 'x'.repeat(5000), '../../etc', "' OR 1=1 --"]) {
      const visitor = new Client(base)
      const page = await visitor.get(`/invitation?token=${encodeURIComponent(token)}`)
      expect(page.status, token.slice(0, 20)).toBe(404)
      const post = await visitor.postForm('/invitation', acceptForm(token))
      expect(post.status, token.slice(0, 20)).toBeGreaterThanOrEqual(400)
      expect(post.status, token.slice(0, 20)).toBeLessThan(500)
    }
    expect(JSON.stringify(await db('users').select('id', 'position', 'active').orderBy('id'))).toBe(
      before,
    )
  })
})
