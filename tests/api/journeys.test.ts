import { beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { recordStay } from '../../app/models/booking/record-stay.server'
import { seedDemoData } from '../../app/models/demo-seed.server'
import { hashPassword } from '../../app/models/user.server'
import { createPet, createService, createUser } from '../support/factories'
import { formOf, SIGNUP_FIELDS } from '../support/forms'
import { Client, clientFor, startServer, TEST_PASSWORD } from '../support/http'

// Journeys that land where people expect, over real HTTP as a
// browser without JavaScript posts them: where a login lands, /my-bookings,
// the error summary of a refused form, one message for a wrong login, phone
// numbers as people write them, the Demo menu by role.

const NOW = '2026-03-02T17:00:00Z' // Monday 12:00 in New York

let base: string
beforeAll(async () => {
  await seedDemoData()
  base = await startServer()
})

// The page as read (scripts, such as the hydration data, left out).
const text = (html: string) =>
  html
    .replace(/<script[^>]*>.*?<\/script>/gs, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

async function logInByForm(email: string, redirectTo?: string) {
  const c = new Client(base)
  const fields: Record<string, string> = { email, password: TEST_PASSWORD }
  if (redirectTo !== undefined) fields.redirectTo = redirectTo
  const res = await c.postForm('/login', formOf(fields))
  return { c, res }
}

describe('where a login lands', () => {
  it('sends staff to today’s day sheet, a client with no pet to Manage Pets, others home', async () => {
    for (const role of ['employee', 'manager', 'owner'] as const) {
      const { res } = await logInByForm((await createUser({ role })).email)
      expect(res.status, role).toBe(302)
      expect(res.headers.get('location'), role).toBe('/bookingsByDate')
    }

    const newcomer = await createUser()
    const first = await logInByForm(newcomer.email)
    expect(first.res.headers.get('location')).toBe('/pets')
    const pets = await first.c.get('/pets')
    expect(text(pets.body)).toContain('No pets!')
    expect(pets.body).toMatch(/<a[^>]*href="\/pets\/new"[^>]*>.*Add your first pet/s)

    const owner = await createUser()
    await createPet({ owner })
    expect((await logInByForm(owner.email)).res.headers.get('location')).toBe('/')
  })

  it('goes where it was asked instead, when that is a safe path other than home', async () => {
    const employee = await createUser({ role: 'employee' })
    expect((await logInByForm(employee.email, '/services')).res.headers.get('location')).toBe(
      '/services',
    )
    expect((await logInByForm(employee.email, '/')).res.headers.get('location')).toBe(
      '/bookingsByDate',
    )
    expect(
      (await logInByForm(employee.email, '//evil.example/x')).res.headers.get('location'),
    ).toBe('/bookingsByDate')
  })

  it('leaves the JSON login’s answer as it was (the user, no redirect)', async () => {
    const employee = await createUser({ role: 'employee' })
    const res = await new Client(base).post('/api/auth/login', {
      email: employee.email,
      password: TEST_PASSWORD,
    })
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(employee.id)
  })
})

describe('the Demo menu', () => {
  it('logs a demo account in by its role even after its password changed, and lands by role', async () => {
    const db = await getDb()
    await db('users')
      .whereIn('username', ['demo-client', 'demo-employee'])
      .update({ password_hash: await hashPassword('a-changed-password') })

    const employee = new Client(base)
    const res = await employee.postForm('/demo-login', formOf({ account: 'employee' }))
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/bookingsByDate')
    expect((await employee.get('/api/auth')).body).toMatchObject({
      username: 'demo-employee',
      position: 'Employee',
    })

    const client = new Client(base)
    const back = await client.postForm(
      '/demo-login',
      formOf({ account: 'client', redirectTo: '/reviews' }),
    )
    expect(back.headers.get('location')).toBe('/reviews')
    expect((await client.get('/api/auth')).body.username).toBe('demo-client')
  })

  it('does not log in a demo account that was deactivated', async () => {
    const db = await getDb()
    await db('users').where({ username: 'demo-manager' }).update({ active: false })
    try {
      const c = new Client(base)
      expect((await c.postForm('/demo-login', formOf({ account: 'manager' }))).status).toBe(404)
      expect((await c.get('/api/auth')).status).toBe(401)
    } finally {
      await db('users').where({ username: 'demo-manager' }).update({ active: true })
    }
  })
})

describe('/my-bookings', () => {
  async function clientWithStays() {
    setNow(NOW)
    const user = await createUser()
    const rex = await createPet({ owner: user, name: 'Rex' })
    const tom = await createPet({ owner: user, name: 'Tom', type: 'cat' })
    const bath = await createService()
    const stay = (petId: number, dropOff: string, pickUp: string) =>
      recordStay({ petId, bookingType: 'boarding_care', dropOff, pickUp, serviceIds: [bath.id] })
    const past = await stay(rex.id, '2026-02-01 10:00:00', '2026-02-03 10:00:00')
    const later = await stay(rex.id, '2026-03-20 10:00:00', '2026-03-22 10:00:00')
    const soon = await stay(tom.id, '2026-03-05 10:00:00', '2026-03-07 10:00:00')
    return { user, rex, tom, bath, ids: { past, later, soon } }
  }

  it('lists every booking across the client’s pets, upcoming soonest first, then past', async () => {
    const { user, ids } = await clientWithStays()
    const stranger = await createUser()
    const theirs = await createPet({ owner: stranger, name: 'Zorro' })
    const bath = await createService()
    await recordStay({
      petId: theirs.id,
      bookingType: 'day_care',
      dropOff: '2026-03-04 08:00:00',
      pickUp: '2026-03-04 17:00:00',
      serviceIds: [bath.id],
    })

    const c = await clientFor(user)
    const res = await c.get('/my-bookings')
    expect(res.status).toBe(200)
    const page = text(res.body)
    expect(page).toContain('My bookings')
    expect(page).not.toContain('Zorro')
    const at = (s: string, from = 0) => page.indexOf(s, from)
    const upcoming = at('Upcoming')
    const pastHeading = at(' Past ', upcoming)
    // Tom (Mar 5) before Rex (Mar 20), both before the past heading; Rex's February stay after it.
    expect(upcoming).toBeGreaterThan(-1)
    expect(at('Tom', upcoming)).toBeLessThan(at('Rex', upcoming))
    expect(at('Rex', upcoming)).toBeLessThan(pastHeading)
    expect(at('Rex', pastHeading)).toBeGreaterThan(pastHeading)
    // Upcoming ones can be updated (their pet's booking page) or cancelled; past ones not.
    expect(res.body).toContain(
      `href="/bookings/pet/${(await c.get(`/api/bookings/${ids.soon}`)).body.pet_id}?edit"`,
    )
    expect(res.body).toContain(`confirm=cancel-booking-${ids.soon}`)
    expect(res.body).toContain(`confirm=cancel-booking-${ids.later}`)
    expect(res.body).not.toContain(`cancel-booking-${ids.past}`)
    expect(page).toContain('Cancel booking')
    expect(page).not.toMatch(/\bDelete\b/)
  })

  it('cancels a booking after the confirm step, and never someone else’s', async () => {
    const { user, ids } = await clientWithStays()
    const c = await clientFor(user)
    const confirm = await c.get(`/my-bookings?confirm=cancel-booking-${ids.soon}`)
    expect(text(confirm.body)).toContain('Are you sure you want to cancel the booking of Tom?')

    const other = await clientFor(await createUser())
    const refused = await other.postForm(
      '/my-bookings',
      formOf({ intent: 'cancel', id: String(ids.soon) }),
    )
    expect(refused.status).toBe(403)
    expect((await c.get(`/api/bookings/${ids.soon}`)).status).toBe(200)

    const res = await c.postForm('/my-bookings', formOf({ intent: 'cancel', id: String(ids.soon) }))
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/my-bookings?cancelled=1')
    expect((await c.get(`/api/bookings/${ids.soon}`)).status).toBe(404)
    expect(text((await c.get('/my-bookings?cancelled=1')).body)).toContain('Booking cancelled.')
  })

  it('refuses to cancel a stay that has started, with the spec’s message', async () => {
    setNow(NOW)
    const user = await createUser()
    const pet = await createPet({ owner: user, name: 'Bo' })
    const bath = await createService()
    const id = await recordStay({
      petId: pet.id,
      bookingType: 'boarding_care',
      dropOff: '2026-03-01 10:00:00',
      pickUp: '2026-03-04 10:00:00',
      serviceIds: [bath.id],
    })
    const c = await clientFor(user)
    const page = text((await c.get('/my-bookings')).body)
    expect(page).toContain('Reservation has started, cannot Update & Delete')
    const res = await c.postForm('/my-bookings', formOf({ intent: 'cancel', id: String(id) }))
    expect(res.status).toBe(409)
    expect((await c.get(`/api/bookings/${id}`)).status).toBe(200)
  })

  it('sends visitors to log in and staff to the hotel’s own lists', async () => {
    const anon = await new Client(base).get('/my-bookings')
    expect(anon.status).toBe(302)
    expect(anon.headers.get('location')).toBe('/login?redirectTo=%2Fmy-bookings')
    const employee = await clientFor(await createUser({ role: 'employee' }))
    expect((await employee.get('/my-bookings')).headers.get('location')).toBe('/bookingsByDate')
    const manager = await clientFor(await createUser({ role: 'manager' }))
    expect((await manager.get('/my-bookings')).headers.get('location')).toBe('/bookings')
  })

  it('is in a client’s profile menu, not in staff’s', async () => {
    const client = await clientFor(await createUser())
    expect((await client.get('/services')).body).toContain('href="/my-bookings"')
    const employee = await clientFor(await createUser({ role: 'employee' }))
    expect((await employee.get('/services')).body).not.toContain('href="/my-bookings"')
  })
})

describe('a refused form without JavaScript', () => {
  it('posts to an address with #error-summary, and answers with a focusable summary linking to each field', async () => {
    const c = new Client(base)
    const page = await c.get('/signup')
    expect(page.body).toMatch(/<form[^>]*action="\/signup#error-summary"/)

    const res = await c.postForm(
      '/signup',
      formOf({ ...SIGNUP_FIELDS, fname: 'lower', zip: 'abc', confirm_password: 'nope' }),
    )
    expect(res.status).toBe(400)
    const summary = res.body.match(/<div id="error-summary"[^>]*>.*?<\/ul>/s)?.[0] ?? ''
    expect(summary).toContain('tabindex="-1"')
    expect(text(summary)).toContain('There is a problem')
    expect(summary).toContain('href="#signup-form-fname"')
    expect(summary).toContain('href="#signup-form-zip"')
    expect(text(summary)).toContain('First name must be capitalized')
    // Each link goes to a field that exists.
    for (const [, id] of summary.matchAll(/href="#([^"]+)"/g))
      expect(res.body).toContain(`id="${id}"`)
    // The form still posts to the fragment, so the next refusal opens at the summary again.
    expect(res.body).toMatch(/<form[^>]*action="\/signup#error-summary"/)
  })

  it('is how every form of the accounts posts: forgot and reset password, invitations, /users, /account', async () => {
    const db = await getDb()
    const owner = await clientFor(await createUser({ role: 'owner' }))
    const pages: [Client, string, RegExp][] = [
      [new Client(base), '/forgot-password', /action="\/forgot-password#error-summary"/],
      [owner, '/users', /action="\/users#error-summary"/],
      [owner, '/account', /action="\/account#error-summary"/],
    ]
    for (const [client, url, action] of pages)
      expect((await client.get(url)).body, url).toMatch(action)
    // The link pages keep their token in the address they post to.
    const user = await createUser()
    await new Client(base).post('/api/auth/forgot-password', { email: user.email })
    const mail = await db('mail_outbox').where({ recipient: user.email }).first('text_body')
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text_body)![1]
    const reset = await new Client(base).get(`/reset-password?token=${token}`)
    expect(reset.body).toContain(`action="/reset-password?token=${token}#error-summary"`)
    const refused = await new Client(base).postForm(
      `/reset-password?token=${token}`,
      formOf({ token, password: 'short', confirm_password: 'short' }),
    )
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('id="error-summary"')
  })

  it('shows no summary on a form that was not refused', async () => {
    const res = await new Client(base).get('/login')
    expect(res.body).not.toContain('id="error-summary"')
    expect(res.body).not.toContain('There is a problem')
  })
})

describe('a wrong login', () => {
  it('shows one message on the page, while the JSON answer keeps its fields', async () => {
    const user = await createUser()
    const res = await new Client(base).postForm(
      '/login',
      formOf({ email: user.email, password: 'the-wrong-one' }),
    )
    expect(res.status).toBe(401)
    expect(text(res.body).match(/Invalid email or password/g)).toHaveLength(1)
    expect(text(res.body)).not.toContain('Login failed')
    expect(res.body).not.toContain('the-wrong-one')

    const api = await new Client(base).post('/api/auth/login', {
      email: user.email,
      password: 'the-wrong-one',
    })
    expect(api.status).toBe(401)
    expect(api.body.message).toBe('Login failed')
  })
})

describe('phone numbers as people write them', () => {
  const formats = [
    '(555) 123-4567',
    '555-123-4567',
    '555.123.4567',
    '+1 555 123 4567',
    ' 5551234567 ',
  ]

  it('are stored as 10 digits by the API', async () => {
    for (const [i, phone] of formats.entries()) {
      const res = await new Client(base).post('/api/auth/signup', {
        ...SIGNUP_FIELDS,
        username: `phoneapi${i}`,
        email: `phone.api${i}@example.com`,
        phone_num: phone,
      })
      expect(res.status, phone).toBe(201)
      expect(res.body.phone_num, phone).toBe('5551234567')
    }
  })

  it('are stored as 10 digits from the page', async () => {
    const c = new Client(base)
    const res = await c.postForm(
      '/signup',
      formOf({
        ...SIGNUP_FIELDS,
        username: 'phonepage',
        email: 'phone.page@example.com',
        confirm_password: SIGNUP_FIELDS.password,
        phone_num: '(555) 987-6543',
      }),
    )
    expect(res.status).toBe(302)
    expect((await c.get('/api/auth')).body.phone_num).toBe('5559876543')
  })

  it('still refuses anything else with the spec’s messages', async () => {
    for (const [phone, message] of [
      ['555-CALL-NOW', 'Phone number must be a number'],
      ['phone', 'Phone number must be a number'],
      ['555 123 456', 'Phone number must be 10 digits long'],
      ['+44 20 7946 0958', 'Phone number must be 10 digits long'],
      ['(555) 123-4567 ext 2', 'Phone number must be a number'],
    ]) {
      const res = await new Client(base).post('/api/auth/signup', {
        ...SIGNUP_FIELDS,
        username: 'phonebad',
        email: 'phone.bad@example.com',
        phone_num: phone,
      })
      expect(res.status, phone).toBe(400)
      expect(res.body.errors?.phone_num, phone).toBe(message)
    }
  })
})
