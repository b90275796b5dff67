import { beforeAll, describe, expect, it } from 'vitest'
import { seedDemoData } from '../../app/models/demo-seed.server'
import { createUser } from '../support/factories'
import { Client, startServer, TEST_PASSWORD } from '../support/http'
import { formOf, SIGNUP_FIELDS } from '../support/forms'

// The page side of accounts, over real HTTP as a browser without JavaScript
// posts it: /login, /signup, /logout and /demo-login (form posts, redirects,
// session cookies, messages in the re-rendered page).

let base: string
beforeAll(async () => {
  await seedDemoData()
  base = await startServer()
})

const form = formOf

const signupFields = {
  ...SIGNUP_FIELDS,
  username: 'pageclient',
  email: 'page.client@example.com',
  confirm_password: 'a-long-password',
  fname: 'Page',
}

describe('/login', () => {
  it('logs in and goes back to a same-site redirectTo, never elsewhere', async () => {
    const user = await createUser()
    const c = new Client(base)
    const res = await c.postForm(
      '/login',
      form({ email: user.email, password: TEST_PASSWORD, redirectTo: '/reviews?page=2' }),
    )
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/reviews?page=2')
    expect((await c.get('/api/auth')).body.id).toBe(user.id)

    const other = new Client(base)
    const evil = await other.postForm(
      '/login',
      form({ email: user.email, password: TEST_PASSWORD, redirectTo: '//evil.example/x' }),
    )
    // Not elsewhere: where a client with no pet lands instead (Manage Pets).
    expect(evil.headers.get('location')).toBe('/pets')
  })

  it('shows one message for a wrong email or password, field messages for empty ones, without echoing the password', async () => {
    const user = await createUser()
    const res = await new Client(base).postForm(
      '/login',
      form({ email: user.email, password: 'the-wrong-one' }),
    )
    expect(res.status).toBe(401)
    expect(res.body).not.toContain('Login failed')
    // Once in the page (the hydration data in a script says it again).
    expect(
      res.body.replace(/<script[^>]*>.*?<\/script>/gs, '').match(/Invalid email or password/g),
    ).toHaveLength(1)
    expect(res.body).not.toContain('the-wrong-one')

    const empty = await new Client(base).postForm('/login', form({ email: '', password: '' }))
    expect(empty.status).toBe(400)
    expect(empty.body).toContain('Email is required')
    expect(empty.body).toContain('Password is required')
  })

  it('sends someone already logged in on to where they were going', async () => {
    const user = await createUser()
    const c = new Client(base)
    await c.login(user.email)
    const res = await c.get('/login?redirectTo=%2Fpets')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/pets')
  })
})

describe('/signup', () => {
  it('creates a client, logs them in and redirects', async () => {
    const c = new Client(base)
    const res = await c.postForm('/signup', form({ ...signupFields, redirectTo: '/pets' }))
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/pets')
    const me = await c.get('/api/auth')
    expect(me.body).toMatchObject({ username: 'pageclient', staff: false })
  })

  it('re-renders every signup rule’s message, duplicates under email/username with a general message', async () => {
    const bad = await new Client(base).postForm(
      '/signup',
      form({
        ...signupFields,
        fname: 'page',
        phone_num: '55512',
        zip: 'abcde',
        address: 'Harbor Road',
        confirm_password: 'nope',
      }),
    )
    expect(bad.status).toBe(400)
    for (const message of [
      'First name must be capitalized',
      'Phone number must be 10 digits long',
      'Zip code must be a number',
      'Address must start with a number',
      'Confirm Password field must be the same as the Password field',
    ])
      expect(bad.body).toContain(message)
    expect(bad.body).not.toContain('a-long-password')

    await createUser({ email: 'taken.page@example.com', username: 'takenpage' })
    const dup = await new Client(base).postForm(
      '/signup',
      form({ ...signupFields, email: 'TAKEN.page@example.com', username: 'TakenPage' }),
    )
    expect(dup.status).toBe(409)
    expect(dup.body).toContain('Signup failed')
    expect(dup.body).toContain('Email address is already in use.')
    expect(dup.body).toContain('Username is already in use.')
  })
})

describe('/logout', () => {
  it('POST clears the session; GET changes nothing', async () => {
    const user = await createUser()
    const c = new Client(base)
    await c.login(user.email)
    const get = await c.get('/logout')
    expect(get.status).toBe(302)
    expect((await c.get('/api/auth')).status).toBe(200)
    const post = await c.postForm('/logout', form({}))
    expect(post.status).toBe(302)
    expect(post.headers.get('location')).toBe('/')
    expect((await c.get('/api/auth')).status).toBe(401)
  })
})

describe('/demo-login', () => {
  it('logs in as each demo role in one post', async () => {
    for (const [account, position] of [
      ['client', undefined],
      ['employee', 'Employee'],
      ['manager', 'Manager'],
      ['owner', 'Owner'],
    ] as const) {
      const c = new Client(base)
      const res = await c.postForm('/demo-login', form({ account, redirectTo: '/services' }))
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/services')
      const me = await c.get('/api/auth')
      expect(me.body.username).toBe(`demo-${account}`)
      expect(me.body.position).toBe(position)
    }
  })

  it('refuses unknown accounts', async () => {
    const c = new Client(base)
    expect((await c.postForm('/demo-login', form({ account: 'admin' }))).status).toBe(400)
    expect((await c.get('/api/auth')).status).toBe(401)
  })
})
