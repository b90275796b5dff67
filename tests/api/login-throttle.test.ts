import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { getEnv } from '../../app/infra/env.server'
import { purgeRateLimits, takeAttempt } from '../../app/models/rate-limit.server'
import { createUser } from '../support/factories'
import { setTestEnv } from '../support/env'
import { Client, startExtraServer, startServer, TEST_PASSWORD } from '../support/http'
import { SIGNUP_FIELDS } from '../support/forms'

// Guessing is slowed in the database, so every app server shares the counts:
//  - per account: 10 failed logins within 15 minutes, then every further try
//    for that account, from any address, waits (429 + Retry-After): 60 s,
//    doubling at each refusal after a block lapses, up to 900 s; a successful
//    login clears the account's count;
//    — except for a browser that has logged into the account before, which
//    has a count of its own (so a guesser never keeps the owner out);
//  - per address: RATE_LIMIT_LOGIN_FAILURES_PER_IP failures across all
//    accounts in 15 minutes, and RATE_LIMIT_LOGINS_PER_IP tries of any kind a
//    minute (an IPv6 /64 is one address);
//  - the address is the socket's unless TRUST_PROXY names the proxies in
//    front, so X-Forwarded-For is believed only from them;
//  - signups per address and reviews per client are counted per hour.

let base: string
beforeAll(async () => {
  base = await startServer()
})

const SECOND = 1000
const MINUTE = 60 * SECOND
const DAY = 24 * 60 * MINUTE
let nextDay = 0

/**
 * Pins the clock to a morning of its own (days after the last test's), so
 * the per-address counts of 127.0.0.1 never carry from one test to the next.
 * `at(ms)` moves the clock to that many ms after the test's start.
 */
function pinClock() {
  nextDay += 3
  const start = Date.parse('2032-01-05T09:00:00.000Z') + nextDay * DAY
  const at = (ms: number) => setNow(new Date(start + ms))
  at(0)
  return { start, at }
}

/** A second app, made with TRUST_PROXY=1: X-Forwarded-For names the client. */
async function behindOneProxy(): Promise<string> {
  setTestEnv({ TRUST_PROXY: '1' })
  const server = await startExtraServer()
  onTestFinished(server.close)
  return server.base
}

function tryLogin(c: Client, email: string, password: string, from?: string) {
  return c.post('/api/auth/login', { email, password }, from ? { 'X-Forwarded-For': from } : {})
}

/** Status and Retry-After, the two things a throttled client sees. */
const seen = (res: { status: number; headers: Headers }) => ({
  status: res.status,
  retryAfter: res.headers.get('retry-after'),
})

async function failTimes(c: Client, email: string, times: number, from?: (i: number) => string) {
  for (let i = 0; i < times; i++)
    expect(seen(await tryLogin(c, email, 'wrong-password', from?.(i)))).toEqual({
      status: 401,
      retryAfter: null,
    })
}

describe('per account', () => {
  it('refuses every try after 10 failures in 15 minutes, from any address, with Retry-After', async () => {
    pinClock()
    const proxied = await behindOneProxy()
    const user = await createUser()
    const neighbour = await createUser()
    const c = new Client(proxied)
    await failTimes(c, user.email, 10, (i) => `198.51.100.${i + 1}`)

    // The right password, from an address never seen, in another case: refused.
    const blocked = await tryLogin(c, user.email.toUpperCase(), TEST_PASSWORD, '198.51.100.99')
    expect(seen(blocked)).toEqual({ status: 429, retryAfter: '60' })
    expect(blocked.body.message).toBe('Too many failed logins. Try again in 1 minute.')
    expect(blocked.headers.get('set-cookie')).toBeNull()
    expect((await tryLogin(c, user.email, TEST_PASSWORD)).status).toBe(429)
    // The main app (the socket's address) too: one count per account.
    expect((await tryLogin(new Client(base), user.email, TEST_PASSWORD)).status).toBe(429)

    // Other accounts, from the same addresses, are not touched.
    expect((await tryLogin(c, neighbour.email, TEST_PASSWORD, '198.51.100.1')).status).toBe(200)
  })

  it('counts only the failures of the last 15 minutes', async () => {
    const { at } = pinClock()
    const user = await createUser()
    const c = new Client(base)
    await failTimes(c, user.email, 9)
    at(15 * MINUTE)
    await failTimes(c, user.email, 10)
    expect(seen(await tryLogin(c, user.email, TEST_PASSWORD))).toEqual({
      status: 429,
      retryAfter: '60',
    })
  })

  it('makes the wait 60 s; after each wait one try goes ahead and the next wait doubles', async () => {
    const { at } = pinClock()
    const user = await createUser()
    const c = new Client(base)
    await failTimes(c, user.email, 10)
    const attempt = async (password = 'still-guessing') =>
      seen(await tryLogin(c, user.email, password))

    expect(await attempt()).toEqual({ status: 429, retryAfter: '60' })
    at(30 * SECOND) // the same wait: no longer, just what is left of it
    expect(await attempt()).toEqual({ status: 429, retryAfter: '30' })
    at(60 * SECOND) // waited: one try is checked, and the next wait (120 s) starts with it
    expect(await attempt()).toEqual({ status: 401, retryAfter: null })
    expect(await attempt()).toEqual({ status: 429, retryAfter: '120' })
    at(180 * SECOND)
    expect(await attempt()).toEqual({ status: 401, retryAfter: null })
    expect(await attempt()).toEqual({ status: 429, retryAfter: '240' })
    at(300 * SECOND)
    expect(await attempt()).toEqual({ status: 429, retryAfter: '120' })
    at(420 * SECOND) // the person who waited gets in with the right password, and the count is gone
    expect(await attempt(TEST_PASSWORD)).toEqual({ status: 200, retryAfter: null })
    expect(await attempt()).toEqual({ status: 401, retryAfter: null })
  })

  it('doubles the wait up to 900 s while a guesser keeps trying', async () => {
    const { at } = pinClock()
    const user = await createUser()
    const c = new Client(base)
    await failTimes(c, user.email, 10)
    const attempt = async () => seen(await tryLogin(c, user.email, 'still-guessing'))
    expect(await attempt()).toEqual({ status: 429, retryAfter: '60' })
    let t = 60
    for (const wait of [120, 240, 480, 900, 900, 900]) {
      at(t * SECOND)
      expect({ t, ...(await attempt()) }).toEqual({ t, status: 401, retryAfter: null })
      expect({ t, ...(await attempt()) }).toEqual({ t, status: 429, retryAfter: String(wait) })
      t += wait
    }
  })

  it('keeps a block until its Retry-After has passed, even when the 15 minutes end first', async () => {
    const { at } = pinClock()
    const user = await createUser()
    const c = new Client(base)
    await failTimes(c, user.email, 1)
    at(14 * MINUTE + 30 * SECOND)
    await failTimes(c, user.email, 9)
    expect(seen(await tryLogin(c, user.email, 'guess'))).toEqual({ status: 429, retryAfter: '60' })
    at(15 * MINUTE) // the window the failures were counted in is over; the block is not
    expect(seen(await tryLogin(c, user.email, 'guess'))).toEqual({ status: 429, retryAfter: '30' })
  })

  it('clears the account’s count at a successful login', async () => {
    pinClock()
    const user = await createUser()
    const c = new Client(base)
    await failTimes(c, user.email, 9)
    await c.login(user.email)
    await failTimes(c, user.email, 10)
    expect((await tryLogin(c, user.email, TEST_PASSWORD)).status).toBe(429)
  })

  it('lets exactly 10 of 30 parallel tries through when each claims another address (TRUST_PROXY=1)', async () => {
    pinClock()
    const proxied = await behindOneProxy()
    const user = await createUser()
    const c = new Client(proxied)
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        tryLogin(c, user.email, `wrong-${i}`, `203.0.113.${i + 1}`).then(seen),
      ),
    )
    const count = (status: number) => results.filter((r) => r.status === status).length
    expect({ 401: count(401), 429: count(429) }).toEqual({ 401: 10, 429: 20 })
    for (const r of results.filter((r) => r.status === 429)) expect(r.retryAfter).toBe('60')
    expect((await tryLogin(c, user.email, TEST_PASSWORD, '203.0.113.200')).status).toBe(429)
  })
})

describe('a browser that has logged into the account before', () => {
  it('keeps a count of its own: a guesser elsewhere never keeps the owner out', async () => {
    pinClock()
    const user = await createUser()
    const owner = new Client(base)
    await owner.login(user.email)
    await owner.get('/api/auth/logout')
    expect(owner.cookies.has('known-browser')).toBe(true)

    // A guesser fails 10 times: every browser that never logged in now waits…
    const guesser = new Client(base)
    await failTimes(guesser, user.email, 10)
    expect((await tryLogin(guesser, user.email, TEST_PASSWORD)).status).toBe(429)
    expect((await tryLogin(new Client(base), user.email, TEST_PASSWORD)).status).toBe(429)
    // …but not the owner's browser.
    expect((await tryLogin(owner, user.email, TEST_PASSWORD)).status).toBe(200)
  })

  it('is slowed like anyone after 10 failures of its own, and only for that account', async () => {
    pinClock()
    const user = await createUser()
    const other = await createUser()
    const browser = new Client(base)
    await browser.login(user.email)
    await failTimes(browser, user.email, 10)
    expect(seen(await tryLogin(browser, user.email, TEST_PASSWORD))).toEqual({
      status: 429,
      retryAfter: '60',
    })
    // Its failures were its own: the account's count for other browsers is untouched.
    expect((await tryLogin(new Client(base), user.email, TEST_PASSWORD)).status).toBe(200)
    expect((await tryLogin(browser, other.email, TEST_PASSWORD)).status).toBe(200)
  })

  it('is known only by a cookie signed by the server that names no one', async () => {
    pinClock()
    const user = await createUser({ email: 'Known.Person@example.com' })
    const owner = new Client(base)
    await owner.login(user.email)
    const value = decodeURIComponent(owner.cookies.get('known-browser')!)
    expect(value.toLowerCase()).not.toContain('known.person')
    expect(Buffer.from(value.split('.')[0], 'base64').toString().toLowerCase()).not.toContain(
      'known.person',
    )

    // The guesser sets off the account's delay; then copies the cookie with
    // its signature broken: the server takes it for a browser it never saw.
    const guesser = new Client(base)
    await failTimes(guesser, user.email, 10)
    const [payload, signature] = [
      value.slice(0, value.lastIndexOf('.')),
      value.slice(value.lastIndexOf('.') + 1),
    ]
    guesser.cookies.set(
      'known-browser',
      encodeURIComponent(`${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`),
    )
    expect((await tryLogin(guesser, user.email, TEST_PASSWORD)).status).toBe(429)
    expect((await tryLogin(owner, user.email, TEST_PASSWORD)).status).toBe(200)
  })
})

describe('every login from one address', () => {
  it('is paced: RATE_LIMIT_LOGINS_PER_IP tries a minute, successful ones included', async () => {
    const { at } = pinClock()
    setTestEnv({ RATE_LIMIT_LOGINS_PER_IP: '5' })
    const user = await createUser()
    const c = new Client(base)
    for (let i = 0; i < 5; i++)
      expect((await tryLogin(c, user.email, TEST_PASSWORD)).status).toBe(200)
    const refused = await tryLogin(c, user.email, TEST_PASSWORD)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.body.message).toBe(
      'Too many logins from this address. Please wait a minute and try again.',
    )
    // The demo logins count too.
    const demo = await new Client(base).request('POST', '/demo-login', {
      body: new URLSearchParams({ account: 'client' }),
    })
    expect(demo.status).toBe(429)
    at(61 * SECOND)
    expect((await tryLogin(c, user.email, TEST_PASSWORD)).status).toBe(200)
  })

  it('counts an IPv6 /64 as one address (TRUST_PROXY=1)', async () => {
    pinClock()
    setTestEnv({ RATE_LIMIT_LOGINS_PER_IP: '3' })
    const proxied = await behindOneProxy()
    const user = await createUser()
    const c = new Client(proxied)
    for (const address of [
      '2001:db8:7:7::1',
      '2001:db8:7:7::beef',
      '2001:db8:7:7:ffff:ffff:ffff:ffff',
    ])
      expect((await tryLogin(c, user.email, TEST_PASSWORD, address)).status).toBe(200)
    expect((await tryLogin(c, user.email, TEST_PASSWORD, '2001:db8:7:7::2')).status).toBe(429)
    expect((await tryLogin(c, user.email, TEST_PASSWORD, '2001:db8:7:8::1')).status).toBe(200)
  })
})

describe('per address', () => {
  /** `perAccount` failures for each of `accounts` new accounts (under their own limit). */
  async function spray(c: Client, accounts: number, perAccount: number, from: () => string) {
    for (let a = 0; a < accounts; a++) {
      const victim = await createUser()
      const statuses = await Promise.all(
        Array.from({ length: perAccount }, () =>
          tryLogin(c, victim.email, 'Summer2032!', from()).then((r) => r.status),
        ),
      )
      expect(statuses).toEqual(Array(perAccount).fill(401))
    }
  }

  it('refuses an address after 100 failures over many accounts, whatever X-Forwarded-For says', async () => {
    pinClock()
    setTestEnv({ RATE_LIMIT_LOGIN_FAILURES_PER_IP: '100' })
    const c = new Client(base)
    let n = 0
    // Without TRUST_PROXY a forwarded address is not believed: all of this is 127.0.0.1.
    await spray(c, 20, 5, () => `192.0.2.${(n++ % 250) + 1}`)
    const someoneElse = await createUser()
    const blocked = await tryLogin(c, someoneElse.email, TEST_PASSWORD, '192.0.2.251')
    expect(seen(blocked)).toEqual({ status: 429, retryAfter: '60' })
    expect(blocked.body.message).toBe('Too many failed logins. Try again in 1 minute.')
    // The refusal was the address's: the account itself was not charged.
    const db = await getDb()
    const account = await db('rate_limits')
      .where({ key: `login:account:${someoneElse.email.toLowerCase()}` })
      .first()
    expect(account?.hits ?? 0).toBe(0)
  })

  it('with TRUST_PROXY=1 counts the forwarded address, each on its own', async () => {
    pinClock()
    setTestEnv({ RATE_LIMIT_LOGIN_FAILURES_PER_IP: '100' })
    const proxied = await behindOneProxy()
    const c = new Client(proxied)
    await spray(c, 20, 5, () => '192.0.2.10')
    const someoneElse = await createUser()
    expect(seen(await tryLogin(c, someoneElse.email, TEST_PASSWORD, '192.0.2.10'))).toEqual({
      status: 429,
      retryAfter: '60',
    })
    expect((await tryLogin(c, someoneElse.email, TEST_PASSWORD, '192.0.2.11')).status).toBe(200)
    // The proxy's own address (the socket) was not what was counted.
    expect((await tryLogin(new Client(base), someoneElse.email, TEST_PASSWORD)).status).toBe(200)
  })
})

describe('TRUST_PROXY', () => {
  it('is refused as `true` (any client could choose its address); counts and addresses are taken', () => {
    setTestEnv({ TRUST_PROXY: 'true' })
    expect(() => getEnv()).toThrow(/TRUST_PROXY/)
    setTestEnv({ TRUST_PROXY: 'not an address' })
    expect(() => getEnv()).toThrow(/TRUST_PROXY/)
    setTestEnv({ TRUST_PROXY: '1' })
    expect(getEnv().TRUST_PROXY).toBe(1)
    setTestEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' })
    expect(getEnv().TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8'])
    setTestEnv({ TRUST_PROXY: undefined })
    expect(getEnv().TRUST_PROXY).toBe(false)
  })
})

describe('the /login page', () => {
  const postForm = (c: Client, email: string, password: string) =>
    c.request('POST', '/login', { body: new URLSearchParams({ email, password }) })

  it('is throttled with the API, in one count: 429, Retry-After and the message on the page', async () => {
    pinClock()
    const user = await createUser()
    const c = new Client(base)
    await failTimes(c, user.email, 5)
    for (let i = 0; i < 5; i++) {
      const page = await postForm(c, user.email, 'wrong-password')
      expect(page.status).toBe(401)
      expect(page.body).toContain('Invalid email or password')
    }
    const page = await postForm(c, user.email, TEST_PASSWORD)
    expect(page.status).toBe(429)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(page.body).toContain('Too many failed logins. Try again in 1 minute.')
    expect(page.headers.get('set-cookie')).toBeNull()
    // The page says when to try again, as the API does.
    expect(page.headers.get('retry-after')).toBe('60')
  })
})

describe('signups and reviews', () => {
  const signup = (n: number) => ({
    ...SIGNUP_FIELDS,
    username: `throttle_${n}`,
    email: `throttle.${n}@example.com`,
  })

  it('refuses the 4th signup from one address in an hour (RATE_LIMIT_SIGNUPS_PER_IP=3)', async () => {
    const { at } = pinClock()
    setTestEnv({ RATE_LIMIT_SIGNUPS_PER_IP: '3' })
    const n = nextDay * 10
    for (let i = 0; i < 3; i++)
      expect((await new Client(base).post('/api/auth/signup', signup(n + i))).status).toBe(201)
    const fourth = await new Client(base).post('/api/auth/signup', signup(n + 3))
    expect(seen(fourth)).toEqual({ status: 429, retryAfter: '3600' })
    expect(fourth.body.message).toMatch(/too many new accounts/i)
    const db = await getDb()
    expect(
      await db('users')
        .where({ username: `throttle_${n + 3}` })
        .first(),
    ).toBeUndefined()
    at(60 * MINUTE)
    expect((await new Client(base).post('/api/auth/signup', signup(n + 3))).status).toBe(201)
  })

  it('refuses a client’s 3rd review in an hour (RATE_LIMIT_REVIEWS_PER_USER=2)', async () => {
    const { at } = pinClock()
    setTestEnv({ RATE_LIMIT_REVIEWS_PER_USER: '2' })
    const author = await createUser()
    const other = await createUser()
    const c = new Client(base)
    await c.login(author.email)
    const review = { review: 'Lovely stay', paws: 5 }
    expect((await c.post('/api/reviews', review)).status).toBe(201)
    at(10 * MINUTE)
    expect((await c.post('/api/reviews', review)).status).toBe(201)
    const third = await c.post('/api/reviews', review)
    expect(seen(third)).toEqual({ status: 429, retryAfter: '3000' })
    const o = new Client(base)
    await o.login(other.email)
    expect((await o.post('/api/reviews', review)).status).toBe(201)
    const db = await getDb()
    expect(
      Number((await db('reviews').where({ client_id: author.id }).count({ n: '*' }))[0].n),
    ).toBe(2)
    at(60 * MINUTE)
    expect((await c.post('/api/reviews', review)).status).toBe(201)
  })
})

describe('purgeRateLimits', () => {
  it('deletes counters whose window and last delay ended more than a day ago, and keeps the rest', async () => {
    const { at } = pinClock()
    const db = await getDb()
    const keys = {
      spent: 'test:purge:spent',
      blocked: 'test:purge:blocked',
      recent: 'test:purge:recent',
    }
    at(-2 * DAY)
    await takeAttempt({ key: keys.spent, limit: 5, windowSeconds: 3600 })
    const block = { baseSeconds: 3 * 24 * 3600, maxSeconds: 3 * 24 * 3600 }
    await takeAttempt({ key: keys.blocked, limit: 1, windowSeconds: 3600, block })
    expect(await takeAttempt({ key: keys.blocked, limit: 1, windowSeconds: 3600, block })).toEqual({
      allowed: false,
      retryAfter: 3 * 24 * 3600,
    })
    at(-60 * MINUTE)
    await takeAttempt({ key: keys.recent, limit: 5, windowSeconds: 3600 })

    const remaining = async () =>
      (await db('rate_limits').whereIn('key', Object.values(keys)).pluck('key')).sort()
    const count = async () => Number((await db('rate_limits').count({ n: '*' }))[0].n)

    // Now: `spent` is two days old; `blocked` too, but its block lasts one more day.
    at(0)
    let before = await count()
    let purged = await purgeRateLimits()
    let after = await count()
    expect(await remaining()).toEqual([keys.blocked, keys.recent].sort())

    // Its delay is over a day later, but its episode is remembered for a day more.
    at(DAY + SECOND)
    const purgedFirst = { purged, removed: before - after }
    await purgeRateLimits()
    expect(await remaining()).toEqual([keys.blocked])
    at(2 * DAY + 2 * SECOND)
    before = await count()
    purged = await purgeRateLimits()
    after = await count()
    expect(await remaining()).toEqual([])
    // It says how many rows it deleted (a number, on both drivers).
    expect(purgedFirst.purged).toBe(purgedFirst.removed)
    expect(purged).toBe(before - after)
  })
})
