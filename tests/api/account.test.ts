import crypto from 'node:crypto'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { describeDevice } from '../../app/models/account.server'
import { createPet, createReview, createService, createUser, loggedIn } from '../support/factories'
import { formOf } from '../support/forms'
import { Client, clientFor, startServer, TEST_PASSWORD } from '../support/http'

// A person's own account, over real HTTP, as the JSON API and as the
// /account forms posted without JavaScript: the profile, a new email
// confirmed by a mailed link (the old address told), a new password that
// ends the other sessions, "log out everywhere else", reminders, a copy of
// one's data, and deleting the account (past stays and reviews kept without
// personal data). The hotel's clock is pinned: 2031-06-02 12:00 in New York.

const NOW = '2031-06-02T16:00:00Z'
const HOUR = 3_600_000
const NEW_PASSWORD = 'a-brand-new-password'

let base: string
beforeAll(async () => {
  base = await startServer()
})
beforeEach(() => setNow(NOW))
afterEach(() => setNow(undefined))

const PROFILE = {
  username: 'renamed_person',
  fname: 'Robin',
  lname: 'Renamed',
  phone_num: '(802) 555-0142',
  address: '9 Lake Street',
  city: 'Montpelier',
  state: 'Vermont',
  zip: '05602',
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`

async function mailsTo(email: string) {
  const db = await getDb()
  return db('mail_outbox')
    .whereRaw('lower(recipient) = lower(?)', [email])
    .orderBy('id')
    .select('kind', 'subject', 'text_body', 'html_body')
}

function confirmTokenIn(text: string): string {
  const match = /\/account\/email\?token=([A-Za-z0-9_-]+)/.exec(text)
  if (!match) throw new Error(`no confirmation link in:\n${text}`)
  return match[1]
}

/** Posts one of /account's forms as a browser without JavaScript would. */
function postAccount(client: Client, intent: string, fields: Record<string, string> = {}) {
  return client.postForm('/account', formOf({ intent, ...fields }))
}

describe('PUT /api/users/me', () => {
  it('saves the profile fields and answers with the user; email and password in the body change nothing', async () => {
    const { client, user } = await loggedIn()
    const res = await client.put('/api/users/me', {
      ...PROFILE,
      username: `renamed_${unique()}`,
      email: 'hijack@example.com',
      password: 'something-else-entirely',
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: user.id, email: user.email, fname: 'Robin' })
    expect(res.body.phone_num).toBe('8025550142') // as people write it, stored as 10 digits
    expect(res.body).not.toHaveProperty('password_hash')
    expect((await client.get('/api/auth')).body).toEqual(res.body)
    // The old password still works: the body's password was ignored.
    await new Client(base).login(user.email)
  })

  it('refuses bad fields with the signup messages and changes nothing', async () => {
    const { client, user } = await loggedIn()
    const res = await client.put('/api/users/me', {
      ...PROFILE,
      fname: 'robin',
      zip: '12',
      username: 'x',
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Profile was not saved')
    expect(res.body.errors).toMatchObject({
      fname: 'First name must be capitalized',
      zip: 'Zip code must be 5 digits long',
      username: 'Username must be at least 3 characters',
    })
    expect((await client.get('/api/users/me')).body.fname).toBe(user.fname)
  })

  it("refuses someone else's username (any case) with 409", async () => {
    const other = await createUser()
    const { client } = await loggedIn()
    const res = await client.put('/api/users/me', {
      ...PROFILE,
      username: other.username.toUpperCase(),
    })
    expect(res.status).toBe(409)
    expect(res.body.errors).toEqual({ username: 'Username is already in use.' })
  })

  it('keeps one’s own username in another case', async () => {
    const { client, user } = await loggedIn()
    const res = await client.put('/api/users/me', {
      ...PROFILE,
      username: user.username.toUpperCase(),
    })
    expect(res.status).toBe(200)
    expect(res.body.username).toBe(user.username.toUpperCase())
  })

  it('answers 401 to a visitor, 405 to other methods, and GET with the user', async () => {
    const { client: visitor } = await loggedIn('anonymous')
    expect((await visitor.put('/api/users/me', PROFILE)).status).toBe(401)
    expect((await visitor.get('/api/users/me')).status).toBe(401)
    const { client, user } = await loggedIn()
    expect((await client.get('/api/users/me')).body).toMatchObject({ id: user.id })
    const post = await client.post('/api/users/me', PROFILE)
    expect(post.status).toBe(405)
    expect(post.headers.get('Allow')).toBe('GET, PUT')
  })
})

describe('PUT /api/users/me/password', () => {
  it('changes the password, ends every other session and keeps this one', async () => {
    const { client, user } = await loggedIn()
    const elsewhere = await clientFor(user)
    const res = await client.put('/api/users/me/password', {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Password changed. Every other session has ended.' })
    expect((await client.get('/api/auth')).status).toBe(200)
    expect((await elsewhere.get('/api/auth')).status).toBe(401)
    const old = await new Client(base).post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    })
    expect(old.status).toBe(401)
    await new Client(base).login(user.email, NEW_PASSWORD)
  })

  it('refuses a wrong current password, a short or unconfirmed new one, and ends nothing', async () => {
    const { client, user } = await loggedIn()
    const elsewhere = await clientFor(user)
    const wrong = await client.put('/api/users/me/password', {
      current_password: 'not-my-password',
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toEqual({ current_password: 'Current password is incorrect' })
    const bad = await client.put('/api/users/me/password', {
      current_password: TEST_PASSWORD,
      password: 'short',
      confirm_password: 'other',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toMatchObject({
      password: 'Password must be at least 8 characters',
    })
    const unconfirmed = await client.put('/api/users/me/password', {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirm_password: `${NEW_PASSWORD}!`,
    })
    expect(unconfirmed.body.errors).toEqual({
      confirm_password: 'Confirm Password field must be the same as the Password field',
    })
    expect((await elsewhere.get('/api/auth')).status).toBe(200)
    await new Client(base).login(user.email)
  })

  it('answers 401 to a visitor', async () => {
    const { client } = await loggedIn('anonymous')
    const res = await client.put('/api/users/me/password', {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(res.status).toBe(401)
  })
})

describe('/account', () => {
  it('sends a visitor to log in and back', async () => {
    const { client } = await loggedIn('anonymous')
    const res = await client.get('/account')
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Faccount')
  })

  it('shows each section, its sessions with this device first, and no delete or reminders for staff', async () => {
    const { client, user } = await loggedIn()
    await clientFor(user)
    const page = (await client.get('/account')).body as string
    for (const heading of ['Profile', 'Email address', 'Password', 'Reminders', 'Your data'])
      expect(page).toContain(`>${heading}</h2>`)
    expect(page).toContain('Log out everywhere else (<!-- -->1<!-- -->)')
    expect(page).toContain('This device')
    expect(page).toContain('href="/account/delete"')
    const staff = (await (await loggedIn('employee')).client.get('/account')).body as string
    expect(staff).not.toContain('href="/account/delete"')
    expect(staff).not.toContain('>Reminders</h2>')
  })

  it('saves the profile without JavaScript and opens at its section; a refusal comes back with messages', async () => {
    const { client } = await loggedIn()
    const saved = await postAccount(client, 'profile', {
      ...PROFILE,
      username: `p_${unique()}`,
    })
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe('/account?done=profile#profile')
    expect((await client.get('/api/auth')).body.fname).toBe('Robin')
    expect((await client.get('/account?done=profile')).body).toContain('Profile saved.')

    const refused = await postAccount(client, 'profile', { ...PROFILE, city: 'montpelier' })
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('There is a problem')
    expect(refused.body).toContain('City must be capitalized')
  })

  it('changes the password from the page, keeping this session and ending the others', async () => {
    const { client, user } = await loggedIn()
    const elsewhere = await clientFor(user)
    const wrong = await postAccount(client, 'password', {
      current_password: 'nope-nope-nope',
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toContain('Current password is incorrect')
    expect(wrong.body).not.toContain('nope-nope-nope') // passwords are never sent back
    const res = await postAccount(client, 'password', {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/account?done=password#password')
    expect((await client.get('/api/auth')).status).toBe(200)
    expect((await elsewhere.get('/api/auth')).status).toBe(401)
  })

  it('lists only live sessions: not one left idle past the limit', async () => {
    const { client, user } = await loggedIn()
    await clientFor(user)
    const db = await getDb()
    expect((await client.get('/account')).body).toContain(
      'Log out everywhere else (<!-- -->1<!-- -->)',
    )
    // The other browser was last seen 31 days ago (this one a moment ago).
    await db('sessions')
      .where({ user_id: user.id })
      .whereNot({
        id: (await db('sessions').where({ user_id: user.id }).orderBy('created_at').first()).id,
      })
      .update({ last_seen_at: new Date(Date.parse(NOW) - 31 * 24 * HOUR).toISOString() })
    const page = (await client.get('/account')).body as string
    const live = (
      await db('sessions')
        .where({ user_id: user.id })
        .where('last_seen_at', '>', new Date(Date.parse(NOW) - 30 * 24 * HOUR).toISOString())
    ).length
    expect(live).toBe(1)
    expect(page).toContain('You aren&#x27;t logged in anywhere else.')
  })

  it('logs out everywhere else', async () => {
    const { client, user } = await loggedIn()
    const [a, b] = [await clientFor(user), await clientFor(user)]
    const res = await postAccount(client, 'sessions')
    expect(res.headers.get('Location')).toBe('/account?done=sessions#sessions')
    expect((await a.get('/api/auth')).status).toBe(401)
    expect((await b.get('/api/auth')).status).toBe(401)
    expect((await client.get('/api/auth')).status).toBe(200)
    expect((await client.get('/account')).body).toContain(
      'You aren&#x27;t logged in anywhere else.',
    )
  })

  it('turns reminders off and on', async () => {
    const { client, user } = await loggedIn()
    const db = await getDb()
    const reminders = async () =>
      (await db('users').where({ id: user.id }).first('booking_reminders')).booking_reminders
    expect(await reminders()).toBe(true)
    const off = await postAccount(client, 'reminders')
    expect(off.headers.get('Location')).toBe('/account?done=reminders-off#reminders')
    expect(await reminders()).toBe(false)
    await postAccount(client, 'reminders', { booking_reminders: 'on' })
    expect(await reminders()).toBe(true)
  })

  it('refuses an unknown intent with 400 and a post from a visitor with a login redirect', async () => {
    const { client } = await loggedIn()
    expect((await postAccount(client, 'make-me-owner')).status).toBe(400)
    const { client: visitor } = await loggedIn('anonymous')
    expect((await postAccount(visitor, 'sessions')).status).toBe(302)
  })
})

describe('a new email address', () => {
  async function ask(client: Client, email: string, password = TEST_PASSWORD) {
    return postAccount(client, 'email', { email, current_password: password })
  }

  it('is confirmed by a link mailed to it; the old address is told; the change is recorded', async () => {
    const { client, user } = await loggedIn()
    const newEmail = `moved_${unique()}@example.com`
    const res = await ask(client, newEmail)
    expect(res.headers.get('Location')).toBe('/account?done=email-sent#email')
    expect((await client.get('/api/auth')).body.email).toBe(user.email) // nothing yet

    const [mail] = await mailsTo(newEmail)
    expect(mail.kind).toBe('email-change')
    expect(mail.subject).toBe('Confirm your new Whiskers & Wags email address')
    const token = confirmTokenIn(mail.text_body)
    const db = await getDb()
    const row = await db('account_tokens')
      .where({ id: sha256(token) })
      .first()
    expect(row).toMatchObject({ purpose: 'email-change', user_id: user.id, email: newEmail })
    expect(await db('account_tokens').where({ id: token }).first()).toBeUndefined()
    expect((await client.get('/account')).body).toContain(`Waiting for you to confirm ${newEmail}`)

    // Opening the link changes nothing; the click does.
    const opened = await new Client(base).get(`/account/email?token=${token}`)
    expect(opened.status).toBe(200)
    expect(opened.body).toContain(`Use ${newEmail}`)
    expect((await client.get('/api/auth')).body.email).toBe(user.email)

    const confirmed = await client.postForm(`/account/email?token=${token}`, formOf({ token }))
    expect(confirmed.status).toBe(302)
    expect(confirmed.headers.get('Location')).toBe('/account?done=email#email')
    expect((await client.get('/api/auth')).body.email).toBe(newEmail)
    await new Client(base).login(newEmail)

    const [notice] = await mailsTo(user.email)
    expect(notice.kind).toBe('email-changed')
    expect(notice.text_body).toContain(`is now ${newEmail}`)
    const event = await db('user_events').where({ user_id: user.id }).first()
    expect(event).toMatchObject({ action: 'email changed', actor_id: user.id })

    const again = await new Client(base).postForm(
      `/account/email?token=${token}`,
      formOf({ token }),
    )
    expect(again.status).toBe(400)
    expect(again.body).toContain('This confirmation link has already been used.')
  })

  it('works from a browser that is not logged in', async () => {
    const { client, user } = await loggedIn()
    const newEmail = `phone_${unique()}@example.com`
    await ask(client, newEmail)
    const token = confirmTokenIn((await mailsTo(newEmail))[0].text_body)
    const browser = new Client(base)
    const res = await browser.postForm(`/account/email?token=${token}`, formOf({ token }))
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/account/email?changed=1')
    expect((await browser.get('/account/email?changed=1')).body).toContain('Email address changed')
    expect((await client.get('/api/auth')).body).toMatchObject({ id: user.id, email: newEmail })
  })

  it('needs the current password, a different address, and one nobody uses', async () => {
    const { client, user } = await loggedIn()
    const other = await createUser()
    const wrong = await ask(client, `x_${unique()}@example.com`, 'not-my-password')
    expect(wrong.status).toBe(400)
    expect(wrong.body).toContain('Current password is incorrect')
    const same = await ask(client, user.email.toUpperCase())
    expect(same.status).toBe(400)
    expect(same.body).toContain('This is already your email address')
    const taken = await ask(client, other.email)
    expect(taken.status).toBe(409)
    expect(taken.body).toContain('Email address is already in use.')
    const invalidAddress = await ask(client, 'not an address')
    expect(invalidAddress.status).toBe(400)
    expect(invalidAddress.body).toContain('Please enter a valid email address')
    const db = await getDb()
    expect(await db('account_tokens').where({ user_id: user.id })).toEqual([])
  })

  it('expires after 24 hours, and only the newest link works', async () => {
    const { client, user } = await loggedIn()
    const first = `first_${unique()}@example.com`
    const second = `second_${unique()}@example.com`
    await ask(client, first)
    await ask(client, second)
    const firstToken = confirmTokenIn((await mailsTo(first))[0].text_body)
    const secondToken = confirmTokenIn((await mailsTo(second))[0].text_body)
    const stale = await new Client(base).get(`/account/email?token=${firstToken}`)
    expect(stale.status).toBe(400)
    expect(stale.body).toContain('This confirmation link has already been used.')

    setNow(new Date(Date.parse(NOW) + 24 * HOUR))
    const expired = await new Client(base).postForm(
      `/account/email?token=${secondToken}`,
      formOf({ token: secondToken }),
    )
    expect(expired.status).toBe(400)
    expect(expired.body).toContain('This confirmation link has expired.')
    expect((await client.get('/api/auth')).body.email).toBe(user.email)
  })

  it('is refused when another account took the address meanwhile', async () => {
    const { client, user } = await loggedIn()
    const wanted = `wanted_${unique()}@example.com`
    await ask(client, wanted)
    const token = confirmTokenIn((await mailsTo(wanted))[0].text_body)
    await createUser({ email: wanted })
    const res = await client.postForm(`/account/email?token=${token}`, formOf({ token }))
    expect(res.status).toBe(409)
    expect(res.body).toContain('Another account started using this email address')
    expect((await client.get('/api/auth')).body.email).toBe(user.email)
  })

  it('says an unknown or missing link is not valid', async () => {
    for (const query of ['?token=nope', '', `?token=${'a'.repeat(5000)}`]) {
      const res = await new Client(base).get(`/account/email${query}`)
      expect(res.status).toBe(400)
      expect(res.body).toContain('This confirmation link is not valid.')
    }
  })
})

describe('guessing the current password from a session', () => {
  it('is stopped after 10 wrong tries an hour (429, even with the right one); a right one gives its try back', async () => {
    const { client, user } = await loggedIn()
    const change = (current: string) =>
      client.put('/api/users/me/password', {
        current_password: current,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      })
    // Right answers don't use up tries: ten of them, then nine wrong ones, still allowed.
    for (let i = 0; i < 10; i++) {
      const ok = await postAccount(client, 'email', {
        email: `x${i}_${unique()}@example.com`,
        current_password: TEST_PASSWORD,
      })
      // (the sixth link an hour is refused on its own count, after the password was found right)
      expect([302, 429], String(i)).toContain(ok.status)
    }
    for (let i = 0; i < 10; i++) expect((await change(`wrong-${i}`)).status, String(i)).toBe(400)
    const blocked = await change(TEST_PASSWORD)
    expect(blocked.status).toBe(429)
    expect(blocked.body.message).toBe('Too many wrong passwords. Please try again in an hour.')
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0)
    const page = await postAccount(client, 'password', {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(page.status).toBe(429)
    expect(page.body).toContain('Too many wrong passwords.')
    // Nothing changed: the old password still logs in.
    await new Client(base).login(user.email)
    // An hour later it may try again.
    setNow(new Date(Date.parse(NOW) + HOUR + 1000))
    expect((await change(TEST_PASSWORD)).status).toBe(200)
  })

  it('limits confirmation links to 5 an hour per account', async () => {
    const { client } = await loggedIn()
    for (let i = 0; i < 5; i++) {
      const res = await postAccount(client, 'email', {
        email: `flood${i}_${unique()}@example.com`,
        current_password: TEST_PASSWORD,
      })
      expect(res.status, String(i)).toBe(302)
    }
    const sixth = `flood5_${unique()}@example.com`
    const res = await postAccount(client, 'email', {
      email: sixth,
      current_password: TEST_PASSWORD,
    })
    expect(res.status).toBe(429)
    expect(res.body).toContain('You have asked for several confirmation links in the last hour.')
    expect(await mailsTo(sixth)).toEqual([])
  })
})

describe('download my data', () => {
  it('is a JSON file of the profile, pets, bookings and reviews — one’s own only', async () => {
    const { client, user } = await loggedIn()
    const pet = await createPet({ owner: user, name: 'Mochi' })
    const stranger = await createUser()
    await createPet({ owner: stranger, name: 'NotMine' })
    await createReview({ author: user, review: 'Great place for Mochi' })
    const service = await createService()
    const booked = await client.post('/api/bookings', {
      client_id: user.id,
      pet_id: pet.id,
      booking_type: 'day_care',
      drop_off_date: '2031-06-10 09:00:00',
      pick_up_date: '2031-06-10 17:00:00',
      services: [service.id],
    })
    expect(booked.status).toBe(201)

    const res = await client.get('/account/data')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toBe(
      'attachment; filename="my-data-2031-06-02.json"',
    )
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const copy = res.body
    expect(copy.profile).toMatchObject({ id: user.id, email: user.email, booking_reminders: true })
    expect(JSON.stringify(copy)).not.toMatch(/password|argon2/)
    expect(copy.pets.map((p: { name: string }) => p.name)).toEqual(['Mochi'])
    expect(copy.bookings.map((b: { id: number }) => b.id)).toEqual([booked.body.booking.id])
    expect(copy.reviews.map((r: { review: string }) => r.review)).toEqual(['Great place for Mochi'])
  })

  it('sends a visitor to log in', async () => {
    const { client } = await loggedIn('anonymous')
    expect((await client.get('/account/data')).status).toBe(302)
  })
})

describe('deleting one’s account', () => {
  async function guest() {
    const { client, user } = await loggedIn()
    const pet = await createPet({ owner: user, name: 'Pepper' })
    const service = await createService()
    const db = await getDb()
    // A past stay, straight into the table (the API refuses dates in the past).
    const [past] = await db('bookings')
      .insert({
        client_id: user.id,
        pet_id: pet.id,
        booking_type: 'day_care',
        drop_off_at: '2031-05-01 09:00:00',
        pick_up_at: '2031-05-01 17:00:00',
        days: 1,
        daily_price_cents: 3500,
        total_cents: 6000,
      })
      .returning('id')
    await db('booking_services').insert({
      booking_id: past.id,
      service_id: service.id,
      service_name: service.service,
      price_cents: 2500,
    })
    const future = await client.post('/api/bookings', {
      client_id: user.id,
      pet_id: pet.id,
      booking_type: 'boarding_care',
      drop_off_date: '2031-06-20 10:00:00',
      pick_up_date: '2031-06-22 10:00:00',
      services: [service.id],
    })
    expect(future.status).toBe(201)
    const review = await createReview({ author: user, review: 'Pepper loved it' })
    return {
      client,
      user,
      pet,
      pastId: past.id as number,
      futureId: future.body.booking.id as number,
      review,
    }
  }

  it('shows what will happen: the upcoming stay to be cancelled', async () => {
    const { client } = await guest()
    const page = (await client.get('/account/delete')).body as string
    expect(page).toContain('These upcoming stays are cancelled')
    expect(page).toContain('Pepper, boarding care')
    expect(page).toContain('Delete my account for good')
  })

  it('removes the person, their pets, sessions and upcoming stays; keeps past stays and reviews without them', async () => {
    const { client, user, pet, pastId, futureId, review } = await guest()
    const elsewhere = await clientFor(user)
    const db = await getDb()
    await db('mail_outbox').insert({
      message_id: `<${unique()}@test>`,
      kind: 'welcome',
      recipient: user.email,
      subject: 'Welcome',
      text_body: `Hello ${user.fname}`,
      html_body: '<p>Hello</p>',
      created_at: new Date(NOW).toISOString(),
      next_attempt_at: new Date(NOW).toISOString(),
    })

    const res = await client.postForm(
      '/account/delete',
      formOf({ current_password: TEST_PASSWORD }),
    )
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/account/deleted')
    expect(client.sessionCookie).toBe('')

    expect(await db('users').where({ id: user.id }).first()).toBeUndefined()
    expect(await db('pets').where({ id: pet.id }).first()).toBeUndefined()
    expect(await db('bookings').where({ id: futureId }).first()).toBeUndefined()
    const past = await db('bookings').where({ id: pastId }).first()
    expect(past).toMatchObject({ client_id: null, pet_id: null, total_cents: 6000 })
    expect(await db('booking_services').where({ booking_id: pastId })).toHaveLength(1)
    expect(await db('sessions').where({ user_id: user.id })).toEqual([])
    expect((await elsewhere.get('/api/auth')).status).toBe(401)

    const reviews = (await new Client(base).get('/api/reviews')).body.reviews
    const kept = reviews.find((r: { id: number }) => r.id === review.id)
    expect(kept).toMatchObject({ client_id: null, client_username: 'a former guest' })
    expect((await new Client(base).get('/reviews')).body).toContain('a former guest')

    const mail = await mailsTo(user.email)
    expect(mail.map((m) => m.kind)).toEqual(['account-deleted'])
    expect(mail[0].text_body).toContain(
      'These upcoming stays were cancelled: Pepper, boarding care',
    )

    const login = await new Client(base).post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    })
    expect(login.status).toBe(401)
    // The address is free again.
    await createUser({ email: user.email })
  })

  it('is refused while a pet is staying, with a wrong password, and for staff — changing nothing', async () => {
    const { client, user, futureId } = await guest()
    const wrong = await client.postForm(
      '/account/delete',
      formOf({ current_password: 'not-my-password' }),
    )
    expect(wrong.status).toBe(400)
    expect(wrong.body).toContain('Current password is incorrect')

    setNow('2031-06-21T16:00:00Z') // Pepper is at the hotel
    const page = (await client.get('/account/delete')).body as string
    expect(page).toContain('One of your pets is staying with us right now.')
    expect(page).not.toContain('Delete my account for good')
    const staying = await client.postForm(
      '/account/delete',
      formOf({ current_password: TEST_PASSWORD }),
    )
    expect(staying.status).toBe(409)
    expect(staying.body).toContain('One of your pets is staying with us right now.')
    const db = await getDb()
    expect(await db('users').where({ id: user.id }).first()).toBeDefined()
    expect(await db('bookings').where({ id: futureId }).first()).toBeDefined()

    const { client: employee, user: staff } = await loggedIn('employee')
    const refused = await employee.postForm(
      '/account/delete',
      formOf({ current_password: TEST_PASSWORD }),
    )
    expect(refused.status).toBe(403)
    expect(await db('users').where({ id: staff.id }).first()).toBeDefined()
  })
})

describe('describeDevice', () => {
  it('names common browsers and systems, and says so when it cannot', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone')
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android')
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
      ),
    ).toBe('Firefox on Windows')
    expect(describeDevice('curl/8.5.0')).toBe('An app or script')
    expect(describeDevice('')).toBe('Unknown device')
  })
})
