import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { createPet, createUser, loggedIn } from '../support/factories'
import { formOf } from '../support/forms'
import { Client, clientFor, startServer, TEST_PASSWORD } from '../support/http'

// Personal API tokens over real HTTP, on both databases: made on the account
// page or with POST /api/tokens (shown once, kept as a hash), used as
// `Authorization: Bearer …` on every /api call with the rights of their user
// and no cookie, refused once revoked, for a deactivated user, and past
// their rate limit; read-only ones never write; a new password may end them.

let base: string
beforeAll(async () => {
  base = await startServer()
})
afterEach(() => setNow(undefined))

/** A client that sends a token and no cookie. */
function withToken(token: string, extra: Record<string, string> = {}) {
  const c = new Client(base)
  return {
    get: (url: string, headers: Record<string, string> = {}) =>
      c.get(url, { Authorization: `Bearer ${token}`, ...extra, ...headers }),
    post: (url: string, body?: unknown, headers: Record<string, string> = {}) =>
      c.post(url, body, { Authorization: `Bearer ${token}`, ...extra, ...headers }),
    put: (url: string, body?: unknown) =>
      c.put(url, body, { Authorization: `Bearer ${token}`, ...extra }),
    delete: (url: string) => c.delete(url, { Authorization: `Bearer ${token}`, ...extra }),
  }
}

async function makeToken(c: Client, name = 'Script', readOnly = false) {
  const res = await c.post('/api/tokens', { name, read_only: readOnly })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as {
    token: string
    api_token: { id: number; name: string; read_only: boolean; last_used_at: string | null }
  }
}

describe('API tokens', () => {
  it('are made once, kept as a hash, used with the rights of their user, and stop at once when revoked', async () => {
    setNow('2031-05-01T14:00:00Z')
    const { client: c, user } = await loggedIn('client')
    const pet = await createPet({ owner: user })
    const made = await makeToken(c, 'Accounting export')
    expect(made.token).toMatch(/^pht_[A-Za-z0-9_-]{43}$/)
    expect(made.api_token).toEqual({
      id: expect.any(Number),
      name: 'Accounting export',
      read_only: false,
      created_at: '2031-05-01 10:00:00',
      last_used_at: null,
    })
    // Only its hash is kept.
    const db = await getDb()
    const row = await db('api_tokens').where({ id: made.api_token.id }).first()
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(made.token.slice(4))

    const t = withToken(made.token)
    const me = await t.get('/api/auth')
    expect(me.status).toBe(200)
    expect(me.body.id).toBe(user.id)
    expect((await t.get('/api/pets/user')).body.Pets.map((p: { id: number }) => p.id)).toEqual([
      pet.id,
    ])
    // A write with a token needs no cookie.
    expect((await t.post('/api/tokens', { name: 'Made by a script' })).status).toBe(201)
    const listed = await c.get('/api/tokens')
    expect(listed.body.tokens.map((x: { name: string }) => x.name)).toEqual([
      'Made by a script',
      'Accounting export',
    ])
    expect(listed.body.tokens[1].last_used_at).toBe('2031-05-01 10:00:00')
    expect(JSON.stringify(listed.body)).not.toContain(made.token)

    // Used again within the minute: last_used_at is not rewritten; later it is.
    setNow('2031-05-01T14:30:00Z')
    await t.get('/api/auth')
    expect((await c.get('/api/tokens')).body.tokens[1].last_used_at).toBe('2031-05-01 10:30:00')

    expect((await c.delete(`/api/tokens/${made.api_token.id}`)).status).toBe(200)
    const after = await t.get('/api/auth')
    expect(after.status).toBe(401)
    expect((await t.get('/api/pets/user')).status).toBe(401)
    expect((await t.get('/api/pets/user')).body.message).toBe('Invalid or revoked API token')
  })

  it('never mixes with a cookie: a bad token with a good cookie is refused; a cross-site page cannot ride it', async () => {
    const { client: c, user } = await loggedIn('client')
    const pet = await createPet({ owner: user })
    // The cookie is ignored when a token is sent: a made-up token is 401 even with a live session.
    for (const header of ['Bearer pht_madeup', 'Bearer', 'Basic dXNlcjpwYXNz', 'pht_x'])
      expect((await c.get('/api/auth', { Authorization: header })).status).toBe(401)
    const forged = await c.request('DELETE', `/api/pets/${pet.id}`, {
      headers: {
        Authorization: 'Bearer pht_madeup',
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
      },
    })
    expect(forged.status).toBe(401)
    expect((await c.get(`/api/pets/${pet.id}`)).status).toBe(200)
    // With a real token, another site's page (a kiosk on its own origin) may call: the
    // browser asks first (a preflight), and may read the answer — never with cookies.
    const made = await makeToken(c)
    const preflight = await fetch(`${base}/api/tokens`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://kiosk.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toMatch(/Authorization/)
    expect(preflight.headers.get('Access-Control-Allow-Credentials')).toBeNull()
    const kiosk = withToken(made.token, {
      Origin: 'https://kiosk.example',
      'Sec-Fetch-Site': 'cross-site',
    })
    const fromKiosk = await kiosk.post('/api/tokens', { name: 'From the kiosk' })
    expect(fromKiosk.status).toBe(201)
    expect(fromKiosk.headers.get('Access-Control-Allow-Origin')).toBe('*')
    // A cookie's call is not opened to other origins.
    expect((await c.get('/api/tokens')).headers.get('Access-Control-Allow-Origin')).toBeNull()
    // Pages never take a token: the page answers as to a visitor.
    const page = await new Client(base).get('/my-bookings', {
      Authorization: `Bearer ${made.token}`,
    })
    expect(page.status).toBe(302)
  })

  it('keep a client from staff calls, a read-only token from every write, and a deactivated user out', async () => {
    const { client: c } = await loggedIn('client')
    const clientToken = withToken((await makeToken(c)).token)
    expect((await clientToken.get('/api/bookings/date/2031-05-01')).status).toBe(403)
    expect((await clientToken.get('/api/users/staff')).status).toBe(403)
    expect((await clientToken.get('/api/settings')).status).toBe(403)

    const manager = await createUser({ role: 'manager' })
    const m = await clientFor(manager)
    const readOnly = withToken((await makeToken(m, 'Dashboard', true)).token)
    expect((await readOnly.get('/api/settings')).status).toBe(200)
    expect((await readOnly.get('/api/bookings?page=1')).status).toBe(200)
    const write = await readOnly.put('/api/settings', { dog_kennels: 1 })
    expect(write.status).toBe(403)
    expect(write.body.message).toBe('This API token is read-only')
    expect((await readOnly.post('/api/tokens', { name: 'Escalate' })).status).toBe(403)
    expect((await readOnly.post('/api/services', { service: 'x', price: 1 })).status).toBe(403)
    expect((await m.get('/api/settings')).body.dog_kennels).not.toBe(1)

    // The Owner deactivates the manager: the token stops with the account.
    const full = withToken((await makeToken(m, 'Full')).token)
    expect((await full.get('/api/auth')).status).toBe(200)
    const { client: owner } = await loggedIn('owner')
    expect((await owner.put(`/api/users/${manager.id}/active`, { active: false })).status).toBe(200)
    expect((await full.get('/api/auth')).status).toBe(401)
    expect((await readOnly.get('/api/settings')).status).toBe(401)
  })

  it('are counted per token: past the limit 429 with Retry-After, another token unaffected', async () => {
    const { client: c, user } = await loggedIn('client')
    const one = await makeToken(c, 'Busy')
    const other = withToken((await makeToken(c, 'Quiet')).token)
    const db = await getDb()
    // As if the minute's 600 requests had been made already.
    await db('rate_limits').insert({
      key: `api-token:${one.api_token.id}`,
      hits: 600,
      window_started_at: new Date().toISOString(),
      blocked_until: null,
      block_level: 0,
      last_allowed: true,
    })
    const busy = await withToken(one.token).get('/api/auth')
    expect(busy.status).toBe(429)
    expect(Number(busy.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await other.get('/api/auth')).body.id).toBe(user.id)
  })

  it('refuse bad input, someone else’s token and a 21st, changing nothing', async () => {
    const { client: c } = await loggedIn('client')
    const { client: stranger } = await loggedIn('client')
    for (const body of [
      {},
      { name: '' },
      { name: ' ' },
      { name: 'x'.repeat(61) },
      { name: 3 },
      { name: 'ok', read_only: 'maybe' },
    ])
      expect((await c.post('/api/tokens', body)).status, JSON.stringify(body)).toBe(400)
    const made = await makeToken(c)
    expect((await stranger.delete(`/api/tokens/${made.api_token.id}`)).status).toBe(404)
    expect((await c.delete('/api/tokens/abc')).status).toBe(404)
    expect((await c.get(`/api/tokens/${made.api_token.id}`)).status).toBe(405)
    expect(
      (await (await loggedIn('anonymous')).client.post('/api/tokens', { name: 'x' })).status,
    ).toBe(401)
    for (let i = 1; i < 20; i++) await makeToken(c, `Token ${i}`)
    const tooMany = await c.post('/api/tokens', { name: 'One more' })
    expect(tooMany.status).toBe(409)
    expect((await c.get('/api/tokens')).body.tokens).toHaveLength(20)
    expect((await withToken(made.token).get('/api/auth')).status).toBe(200)
  })

  it('end with a new password when asked (account page, API, reset link), and only then', async () => {
    const user = await createUser()
    const c = await clientFor(user)
    const kept = withToken((await makeToken(c, 'Kept')).token)
    const change = (password: string, revoke: boolean) =>
      c.put('/api/users/me/password', {
        current_password: password === 'second-pass-1' ? TEST_PASSWORD : 'second-pass-1',
        password,
        confirm_password: password,
        revoke_tokens: revoke,
      })
    expect((await change('second-pass-1', false)).status).toBe(200)
    expect((await kept.get('/api/auth')).status).toBe(200)
    const res = await change('third-pass-11', true)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(
      'Password changed. Every other session and every API token has ended.',
    )
    expect((await kept.get('/api/auth')).status).toBe(401)

    // The account page asks, with a box to tick.
    const again = withToken((await makeToken(c, 'Again')).token)
    const page = await c.get('/account')
    expect(page.body).toContain('Also revoke my API token (scripts that use it stop working)')
    const form = formOf({
      intent: 'password',
      current_password: 'third-pass-11',
      password: 'fourth-pass-1',
      confirm_password: 'fourth-pass-1',
      revoke_tokens: 'on',
    })
    const posted = await c.postForm('/account', form)
    expect(posted.status).toBe(302)
    expect((await again.get('/api/auth')).status).toBe(401)
  })
})
