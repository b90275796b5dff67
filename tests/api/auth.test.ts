import { beforeAll, describe, expect, it } from 'vitest'
import { Client, startServer, TEST_PASSWORD } from '../support/http'
import { SIGNUP_FIELDS } from '../support/forms'
import { createUser } from '../support/factories'

let base: string
beforeAll(async () => {
  base = await startServer()
})

const signup = SIGNUP_FIELDS

describe('auth', () => {
  it('signs up, restores the session, logs out', async () => {
    const c = new Client(base)
    expect((await c.get('/api/auth/')).status).toBe(401)
    const res = await c.post('/api/auth/signup', signup)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      username: 'newclient',
      email: 'New.Client@example.com',
      staff: false,
    })
    expect(res.body).not.toHaveProperty('password')
    expect(res.body).not.toHaveProperty('password_hash')
    expect(res.body).not.toHaveProperty('position')
    expect(typeof res.body.id).toBe('number')
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)

    const me = await c.get('/api/auth')
    expect(me.status).toBe(200)
    expect(me.body.id).toBe(res.body.id)

    const out = await c.get('/api/auth/logout')
    expect(out.status).toBe(200)
    expect(out.body).toHaveProperty('message')
    expect((await c.get('/api/auth/')).status).toBe(401)

    // POST logs out just the same (the cookie of a new login is worthless after it).
    await c.login(signup.email, signup.password)
    expect((await c.get('/api/auth')).status).toBe(200)
    const posted = await c.post('/api/auth/logout')
    expect(posted.status).toBe(200)
    expect(posted.body).toEqual({ message: 'Logged out' })
    expect((await c.get('/api/auth')).status).toBe(401)
  })

  it('refuses a duplicate email in any case with 409', async () => {
    const c = new Client(base)
    await createUser({ email: 'taken@example.com', username: 'taken' })
    const res = await c.post('/api/auth/signup', {
      ...signup,
      email: 'TAKEN@example.com',
      username: 'other',
    })
    expect(res.status).toBe(409)
    expect(res.body.errors.email).toBeTruthy()
  })

  it('gives the spec messages for bad signup fields', async () => {
    const c = new Client(base)
    const res = await c.post('/api/auth/signup', {
      ...signup,
      fname: 'nova',
      lname: 'client',
      phone_num: '555-abc', // '555-123' is a phone written with dashes: too short, not "not a number"
      address: 'Harbor road',
      city: 'portland',
      state: 'maine',
      zip: '4101',
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      fname: 'First name must be capitalized',
      lname: 'Last name must be capitalized',
      phone_num: 'Phone number must be a number',
      address: 'Address must start with a number',
      city: 'City must be capitalized',
      state: 'State must be capitalized',
      zip: 'Zip code must be 5 digits long',
    })
    const res2 = await c.post('/api/auth/signup', {
      ...signup,
      phone_num: '12345',
      zip: 'abcde',
      address: '7 harbor Road',
    })
    expect(res2.body.errors).toEqual({
      phone_num: 'Phone number must be 10 digits long',
      zip: 'Zip code must be a number',
      address: 'All first letters must be capitalized',
    })
    const empty = await c.post('/api/auth/signup', { ...signup, username: '', email: '' })
    expect(empty.status).toBe(400)
    expect(empty.body.errors.username).toBe('Username is required')
    expect(empty.body.errors.email).toBe('Email is required')
  })

  it('logs in with email in any case, refuses a wrong password', async () => {
    const user = await createUser({ email: 'Login.Me@example.com' })
    const c = new Client(base)
    const bad = await c.post('/api/auth/login', {
      email: 'login.me@example.com',
      password: 'wrong',
    })
    expect(bad.status).toBe(401)
    expect(bad.body.errors).toHaveProperty('password')
    const missing = await c.post('/api/auth/login', {})
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    })
    const good = await c.post('/api/auth/login', {
      email: 'login.me@example.com',
      password: TEST_PASSWORD,
    })
    expect(good.status).toBe(200)
    expect(good.body.id).toBe(user.id)
  })

  it('throttles the 11th failed login for one email and address with 429 and Retry-After', async () => {
    const user = await createUser()
    const c = new Client(base)
    for (let i = 0; i < 10; i++) {
      expect(
        (await c.post('/api/auth/login', { email: user.email, password: 'nope' })).status,
      ).toBe(401)
    }
    const blocked = await c.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('never counts successful logins', async () => {
    const user = await createUser()
    const c = new Client(base)
    for (let i = 0; i < 12; i++)
      expect(
        (await c.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status,
      ).toBe(200)
  })

  it('answers malformed bodies with 400 and huge ones with 413', async () => {
    const c = new Client(base)
    const malformed = await c.request('POST', '/api/auth/login', {
      body: '{"email":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    const huge = await c.request('POST', '/api/auth/signup', {
      body: JSON.stringify({ x: 'a'.repeat(1_100_000) }),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(huge.status).toBe(413)
    const arr = await c.post('/api/auth/signup', [1, 2])
    expect(arr.status).toBe(400)
  })

  it('refuses cross-site writes and accepts same-origin ones', async () => {
    const c = new Client(base)
    const cross = await c.post(
      '/api/auth/login',
      { email: 'x@example.com', password: 'x' },
      { 'Sec-Fetch-Site': 'cross-site' },
    )
    expect(cross.status).toBe(403)
    const foreignOrigin = await c.post(
      '/api/auth/login',
      { email: 'x@example.com', password: 'x' },
      { Origin: 'https://evil.example' },
    )
    expect(foreignOrigin.status).toBe(403)
    const same = await c.post(
      '/api/auth/login',
      { email: 'x@example.com', password: 'x' },
      { Origin: base },
    )
    expect(same.status).toBe(401)
  })

  it('serves users by permission', async () => {
    const client = await createUser()
    const other = await createUser()
    const employee = await createUser({ role: 'employee' })
    const manager = await createUser({ role: 'manager' })
    const anon = new Client(base)
    expect((await anon.get(`/api/users/${client.id}`)).status).toBe(401)
    const c = new Client(base)
    await c.login(client.email)
    expect((await c.get(`/api/users/${client.id}`)).body.id).toBe(client.id)
    expect((await c.get(`/api/users/${other.id}`)).status).toBe(403)
    expect((await c.get('/api/users/real')).status).toBe(403)
    expect((await c.get('/api/users/staff')).status).toBe(403)
    const e = new Client(base)
    await e.login(employee.email)
    expect((await e.get(`/api/users/${other.id}`)).status).toBe(200)
    expect((await e.get('/api/users/999999')).status).toBe(404)
    expect((await e.get('/api/users/abc')).status).toBe(404)
    const staff = await e.get('/api/users/staff/')
    expect(staff.status).toBe(200)
    expect(staff.body.staff.map((u: { id: number }) => u.id)).toEqual([employee.id, manager.id])
    expect(staff.body.staff[0].position).toBe('Employee')
    const m = new Client(base)
    await m.login(manager.email)
    const all = await m.get('/api/users/real')
    expect(all.status).toBe(200)
    const ids = all.body.users.map((u: { id: number }) => u.id)
    expect(ids).toEqual(expect.arrayContaining([client.id, other.id, employee.id, manager.id]))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(JSON.stringify(all.body)).not.toMatch(/hash|password/)
  })

  it('answers unknown /api paths with JSON 404', async () => {
    const res = await new Client(base).get('/api/nope')
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Not found')
  })

  it('answers /healthz', async () => {
    expect((await new Client(base).get('/healthz')).status).toBe(200)
  })
})
