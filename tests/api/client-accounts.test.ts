import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { createService, createUser, loggedIn } from '../support/factories'
import { formOf, image, petForm } from '../support/forms'
import { Client, startServer } from '../support/http'

// Client accounts made by the front desk, over real HTTP: the Owner and
// Managers make one for someone who phones or walks in (JSON and the /users
// form without JavaScript); the client is mailed their username and a link
// to choose a password, valid 7 days; staff then add the client's pet from
// /pets/new?owner= and book for it. Nobody else may, and the password is
// nobody's until the client chooses it.

let base: string
beforeAll(async () => {
  base = await startServer()
})
afterEach(() => setNow(undefined))

const ANA = {
  fname: 'Ana',
  lname: 'Reyes',
  email: 'Ana.Reyes@example.com',
  phone_num: '(212) 555-0142',
  address: '12 Harbor Road',
  city: 'Portland',
  state: 'Maine',
  zip: '04101',
}

async function mailTo(email: string) {
  const db = await getDb()
  return db('mail_outbox').whereRaw('lower(recipient) = lower(?)', [email]).orderBy('id')
}

const linkIn = (text: string) => /https?:\/\/\S+\/reset-password\?token=([\w-]+)/.exec(text)!

describe('POST /api/users/clients', () => {
  it('makes the account, mails its username and a link, and the client chooses a password', async () => {
    setNow('2026-11-23T15:00:00Z')
    const { client: manager, user: staff } = await loggedIn('manager')
    const res = await manager.post('/api/users/clients', ANA)
    expect(res.status).toBe(201)
    expect(res.body.user).toMatchObject({
      username: 'Ana.Reyes',
      email: 'Ana.Reyes@example.com',
      fname: 'Ana',
      lname: 'Reyes',
      phone_num: '2125550142',
      zip: '04101',
      staff: false,
    })
    const db = await getDb()
    expect(
      await db('user_events')
        .where({ user_id: res.body.user.id, action: 'created-by-staff' })
        .first(),
    ).toMatchObject({ actor_id: staff.id })

    const [mail] = await mailTo(ANA.email)
    expect(mail).toMatchObject({
      kind: 'client-account',
      subject: 'Your account at Whiskers & Wags',
    })
    expect(mail.text_body).toContain('Your username is Ana.Reyes.')
    expect(mail.text_body).toContain('It works once and for 7 days')
    const token = decodeURIComponent(linkIn(mail.text_body)[1])

    // Nobody can log in before the client chooses a password.
    const ana = new Client(base)
    expect((await ana.post('/api/auth/login', { email: ANA.email, password: '' })).status).toBe(400)
    // Six days later the link still works.
    setNow('2026-11-29T15:00:00Z')
    const chosen = await ana.post('/api/auth/reset-password', {
      token,
      password: 'a-long-new-password',
      confirm_password: 'a-long-new-password',
    })
    expect(chosen.status).toBe(200)
    const again = new Client(base)
    const login = await again.post('/api/auth/login', {
      email: ANA.email,
      password: 'a-long-new-password',
    })
    expect(login.status).toBe(200)
  })

  it('is for the Owner and Managers; refuses a taken email and bad values, making nothing', async () => {
    const db = await getDb()
    const count = async () => Number((await db('users').count({ n: '*' }).first())!.n)
    const before = await count()
    const anonymous = new Client(base)
    expect(
      (await anonymous.post('/api/users/clients', { ...ANA, email: 'a1@example.com' })).status,
    ).toBe(401)
    for (const role of ['client', 'employee'] as const) {
      const { client } = await loggedIn(role)
      expect(
        (await client.post('/api/users/clients', { ...ANA, email: `${role}-x@example.com` }))
          .status,
        role,
      ).toBe(403)
    }
    const taken = await createUser({ email: 'taken@example.com' })
    const { client: owner } = await loggedIn('owner')
    const afterUsers = await count()
    const dup = await owner.post('/api/users/clients', { ...ANA, email: taken.email.toUpperCase() })
    expect(dup.status).toBe(409)
    expect(dup.body).toEqual({
      message: 'Client account was not created',
      errors: { email: 'Email address is already in use.' },
    })
    for (const [body, field] of [
      [{ ...ANA, email: 'no-at-sign' }, 'email'],
      [{ ...ANA, phone_num: '555' }, 'phone_num'],
      [{ ...ANA, fname: '' }, 'fname'],
      [{ ...ANA, zip: '123' }, 'zip'],
      [{ ...ANA, address: undefined }, 'address'],
      [{ ...ANA, city: ['Boston'] }, 'city'],
    ] as const) {
      const res = await owner.post('/api/users/clients', { ...body })
      expect(res.status, field).toBe(400)
      expect(res.body.errors[field], field).toEqual(expect.any(String))
    }
    expect(await count()).toBe(afterUsers)
    expect(afterUsers).toBeGreaterThan(before)
    expect((await owner.get('/api/users/clients')).status).toBe(405)
  })
})

describe('the front desk’s pages (no JavaScript)', () => {
  it('makes the account on /users, adds its pet from /pets/new?owner=, and books for it', async () => {
    const { client: manager } = await loggedIn('manager')
    const made = await manager.postForm(
      '/users',
      formOf({ intent: 'add-client', ...ANA, email: 'walk.in@example.com' }),
    )
    expect(made.status).toBe(302)
    const location = made.headers.get('Location')!
    const id = Number(/client=(\d+)/.exec(location)![1])
    const page = (await manager.get(location)).body as string
    expect(page).toContain('Client account made.')
    expect(page).toContain(`href="/pets/new?owner=${id}"`)
    const bad = await manager.postForm(
      '/users',
      formOf({ intent: 'add-client', ...ANA, email: 'walk.in@example.com' }),
    )
    expect(bad.status).toBe(409)
    expect(bad.body).toContain('Email address is already in use.')

    expect((await manager.get(`/pets/new?owner=${id}`)).body).toContain('A pet of Ana Reyes.')
    const added = await manager.postForm(
      `/pets/new?owner=${id}`,
      petForm({ name: 'Churro', owner_id: String(id) }, { preview: await image() }),
    )
    expect(added.status).toBe(302)
    const db = await getDb()
    const pet = await db('pets').where({ name: 'Churro' }).first()
    expect(pet.owner_id).toBe(id)
    // The manager books its stay for the client.
    setNow('2026-11-23T15:00:00Z')
    const service = await createService()
    const booked = await manager.post('/api/bookings', {
      client_id: id,
      pet_id: pet.id,
      booking_type: 'day_care',
      drop_off_date: '2026-11-30 08:00:00',
      pick_up_date: '2026-11-30 17:00:00',
      services: [service.id],
    })
    expect(booked.status).toBe(201)
    expect(booked.body.booking.client_id).toBe(id)

    // A client cannot add a pet to someone else's account that way.
    const { client: other } = await loggedIn('client')
    const forged = await other.postForm(
      '/pets/new',
      petForm({ name: 'Intruder', owner_id: String(id) }, { preview: await image() }),
    )
    expect(forged.status).toBe(403)
    expect(await db('pets').where({ name: 'Intruder' })).toEqual([])
  })
})
