import crypto from 'node:crypto'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { isAppError } from '../../app/domain/errors'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import {
  createSession,
  endUserSessions,
  findSessionUser,
  purgeExpiredSessions,
} from '../../app/models/session.server'
import { changePassword } from '../../app/models/user.server'
import { createUser } from '../support/factories'
import { setTestEnv } from '../support/env'
import { Client, startExtraServer, startServer, TEST_PASSWORD } from '../support/http'
import { statementsDuring } from '../support/statements'

// Server-side sessions: the cookie carries only a signed random token, the
// `sessions` row only the token's SHA-256. A session ends when its row goes
// (log out, a new login in the same browser, a password change, "log out
// everywhere", the user deleted), after 30 days unused or 90 days in all.

let base: string
beforeAll(async () => {
  base = await startServer()
})

const MINUTE = 60 * 1000
const DAY = 24 * 60 * MINUTE
const T0 = Date.parse('2031-05-01T12:00:00.000Z')
const at = (ms: number) => setNow(new Date(T0 + ms))

const CHEAP_HASH = { memoryCost: 1024, timeCost: 1, parallelism: 1 }

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')

/** The value of the session cookie a client holds (`name=value`, value still encoded). */
function cookieValue(client: Client): string {
  expect(client.sessionCookie).not.toBe('')
  return client.sessionCookie.slice(client.sessionCookie.indexOf('=') + 1)
}

/** What the signed cookie carries: its payload (before the signature). */
function cookiePayload(client: Client): unknown {
  const signed = decodeURIComponent(cookieValue(client))
  return signed.slice(0, signed.lastIndexOf('.'))
}

/** The id of the session row a client's cookie names: the SHA-256 of its token. */
function sessionIdOf(client: Client): string {
  const token = cookiePayload(client)
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  return sha256(token as string)
}

type SessionRow = {
  id: string
  user_id: number
  created_ms: number
  last_seen_ms: number
  expires_ms: number
}

async function sessionRows(userId: number): Promise<SessionRow[]> {
  const db = await getDb()
  return db('sessions')
    .where({ user_id: userId })
    .select(
      'id',
      'user_id',
      db.raw('(extract(epoch from created_at) * 1000)::int8 as created_ms'),
      db.raw('(extract(epoch from last_seen_at) * 1000)::int8 as last_seen_ms'),
      db.raw('(extract(epoch from expires_at) * 1000)::int8 as expires_ms'),
    )
    .orderBy('created_at')
}

async function sessionIds(userId: number): Promise<string[]> {
  return (await sessionRows(userId)).map((r) => r.id).sort()
}

/** A client that sends a kept copy of another client's cookie. */
function replay(client: Client): Client {
  const copy = new Client(client.base)
  copy.cookie = client.cookie
  return copy
}

async function loggedInAs(client: Client): Promise<number | null> {
  const res = await client.get('/api/auth/')
  if (res.status === 401) return null
  expect(res.status).toBe(200)
  return res.body.id
}

/** Every SQL statement the app's database runs while `fn` runs. */
const queriesDuring = async (fn: () => Promise<unknown>) => (await statementsDuring(fn)).statements

describe('the session cookie and row', () => {
  it('keeps only the SHA-256 of a random token in the row; the cookie carries the signed token', async () => {
    at(0)
    const user = await createUser()
    const c = new Client(base)
    const res = await c.login(user.email)

    const setCookie = res.headers.get('set-cookie')!
    expect(setCookie).toMatch(/^__session=/)
    expect(setCookie).toMatch(/;\s*HttpOnly/i)
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i)
    expect(setCookie).toMatch(/;\s*Path=\/(;|$)/i)
    expect(setCookie).not.toMatch(/;\s*Secure/i)
    expect(setCookie).not.toMatch(/;\s*Domain=/i)

    // Only a random token, never the user's id or anything about them.
    const token = cookiePayload(c)
    expect(JSON.stringify(token)).not.toMatch(/userId|\{/)
    expect(typeof token).toBe('string')
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // The cookie lives as long as the session may: 90 days from the login.
    expect(Date.parse(setCookie.match(/Expires=([^;]+)/i)![1])).toBe(
      Math.floor((T0 + 90 * DAY) / 1000) * 1000,
    )

    const rows = await sessionRows(user.id)
    expect(rows).toHaveLength(1)
    expect(rows[0].id).toBe(sha256(token as string))
    expect(rows[0]).toMatchObject({
      created_ms: T0,
      last_seen_ms: T0,
      expires_ms: T0 + 90 * DAY,
    })
    const db = await getDb()
    expect(
      await db('sessions')
        .where({ id: token as string })
        .first(),
    ).toBeUndefined()

    expect(await loggedInAs(c)).toBe(user.id)
  })

  it('drops a cookie whose token or signature was changed', async () => {
    const user = await createUser()
    const c = new Client(base)
    await c.login(user.email)
    const value = decodeURIComponent(cookieValue(c))
    const dot = value.lastIndexOf('.')
    const [payload, signature] = [value.slice(0, dot), value.slice(dot + 1)]

    const badSignature = new Client(base)
    const flipped = signature[0] === 'A' ? 'B' : 'A'
    badSignature.cookie = `__session=${encodeURIComponent(`${payload}.${flipped}${signature.slice(1)}`)}`
    expect(await loggedInAs(badSignature)).toBeNull()

    // Another token under the original signature: refused before any lookup.
    const otherToken = 'A'.repeat(43)
    const forged = new Client(base)
    forged.cookie = `__session=${encodeURIComponent(`${otherToken}.${signature}`)}`
    expect(await loggedInAs(forged)).toBeNull()

    expect(await loggedInAs(c)).toBe(user.id)
  })

  it('over https (PUBLIC_ORIGIN) names the cookie __Host-session and marks it Secure', async () => {
    setTestEnv({ PUBLIC_ORIGIN: 'https://hotel.example' })
    const server = await startExtraServer()
    onTestFinished(server.close)
    const user = await createUser()
    const c = new Client(server.base)
    const res = await c.login(user.email)
    const setCookie = res.headers.get('set-cookie')!
    expect(setCookie).toMatch(/^__Host-session=/)
    expect(setCookie).toMatch(/;\s*Secure/i)
    expect(setCookie).toMatch(/;\s*HttpOnly/i)
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i)
    expect(setCookie).toMatch(/;\s*Path=\/(;|$)/i)
    expect(setCookie).not.toMatch(/;\s*Domain=/i)
    expect(await loggedInAs(c)).toBe(user.id)
    expect(await sessionIds(user.id)).toEqual([sessionIdOf(c)])
  })
})

describe('logging out', () => {
  it('deletes the session, so a cookie kept after logout is refused by /api and pages', async () => {
    const user = await createUser()
    const c = new Client(base)
    await c.login(user.email)
    const kept = replay(c)
    expect((await kept.get('/pets')).status).toBe(200)

    const out = await c.get('/api/auth/logout')
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(
      /^__session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i,
    )

    const me = await kept.get('/api/auth/')
    expect(me.status).toBe(401)
    const page = await kept.get('/pets')
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe('/?redirectTo=%2Fpets')
    expect(await sessionRows(user.id)).toEqual([])
  })

  it('through the page form (POST /logout) does the same', async () => {
    const user = await createUser()
    const c = new Client(base)
    await c.login(user.email)
    const kept = replay(c)
    const out = await c.request('POST', '/logout', { body: new URLSearchParams() })
    expect(out.status).toBe(302)
    expect((await kept.get('/api/auth/')).status).toBe(401)
    expect(await sessionRows(user.id)).toEqual([])
  })
})

describe('logging in', () => {
  it('gives a new, different token at every login and ends the session the browser came with', async () => {
    const user = await createUser()
    const other = await createUser()
    const c = new Client(base)
    await c.login(user.email)
    const first = replay(c)

    // Another browser of the same user is not touched by this one's logins.
    const elsewhere = new Client(base)
    await elsewhere.login(user.email)

    await c.login(user.email)
    expect(c.sessionCookie).not.toBe(first.sessionCookie)
    expect(cookiePayload(c)).not.toEqual(cookiePayload(first))
    expect(await loggedInAs(first)).toBeNull()
    expect(await loggedInAs(c)).toBe(user.id)
    expect(await loggedInAs(elsewhere)).toBe(user.id)
    expect(await sessionIds(user.id)).toEqual([sessionIdOf(c), sessionIdOf(elsewhere)].sort())

    // Logging in as someone else from the same browser ends the session it had.
    await c.login(other.email)
    expect(await loggedInAs(c)).toBe(other.id)
    expect(await sessionIds(user.id)).toEqual([sessionIdOf(elsewhere)])
    expect(await sessionIds(other.id)).toEqual([sessionIdOf(c)])
  })

  it('never lets a cookie planted before login become the session of the one who logs in', async () => {
    const attacker = await createUser()
    const victim = await createUser()
    const planted = new Client(base)
    await planted.login(attacker.email)
    // The victim's browser carries the attacker's cookie, then logs in.
    const browser = replay(planted)
    await browser.login(victim.email)
    expect(browser.sessionCookie).not.toBe(planted.sessionCookie)
    expect(await loggedInAs(browser)).toBe(victim.id)
    const plantedNow = await loggedInAs(planted)
    expect(plantedNow).not.toBe(victim.id)
    expect(plantedNow).toBeNull()
  })
})

describe('expiry', () => {
  it('ends a session unused for 30 days; each use starts the 30 days again', async () => {
    at(0)
    const user = await createUser()
    const unused = new Client(base)
    await unused.login(user.email)
    const almost = new Client(base)
    await almost.login(user.email)
    const used = new Client(base)
    await used.login(user.email)

    at(29 * DAY)
    expect(await loggedInAs(used)).toBe(user.id)
    at(30 * DAY - 1000)
    expect(await loggedInAs(almost)).toBe(user.id) // one second short of 30 days: live
    at(30 * DAY)
    expect(await loggedInAs(unused)).toBeNull() // 30 days unused: over
    // `used` was last seen on day 29: live until 30 days after that.
    at(59 * DAY - 1000)
    expect(await loggedInAs(used)).toBe(user.id)
    at(59 * DAY - 1000 + 30 * DAY)
    expect(await loggedInAs(used)).toBeNull()
    expect(await loggedInAs(almost)).toBeNull()
  })

  it('ends a session 90 days after login even when it is used every 20 days', async () => {
    at(0)
    const user = await createUser()
    const c = new Client(base)
    await c.login(user.email)
    for (const day of [20, 40, 60, 80]) {
      at(day * DAY)
      expect(await loggedInAs(c)).toBe(user.id)
    }
    at(90 * DAY - 1000)
    expect(await loggedInAs(c)).toBe(user.id)
    at(90 * DAY)
    expect(await loggedInAs(c)).toBeNull()
    const page = await c.get('/pets')
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe('/?redirectTo=%2Fpets')
  })

  it('writes last_seen_at at most once a minute per session', async () => {
    at(0)
    const user = await createUser()
    const c = new Client(base)
    await c.login(user.email)
    const lastSeen = async () => (await sessionRows(user.id))[0].last_seen_ms
    expect(await lastSeen()).toBe(T0)

    at(30 * 1000)
    expect(await loggedInAs(c)).toBe(user.id)
    expect(await lastSeen()).toBe(T0)
    at(MINUTE)
    expect(await loggedInAs(c)).toBe(user.id)
    expect(await lastSeen()).toBe(T0)
    at(MINUTE + 1000)
    expect(await loggedInAs(c)).toBe(user.id)
    expect(await lastSeen()).toBe(T0 + MINUTE + 1000)
    at(MINUTE + 50 * 1000)
    expect(await loggedInAs(c)).toBe(user.id)
    expect(await lastSeen()).toBe(T0 + MINUTE + 1000)
    at(3 * MINUTE)
    expect(await loggedInAs(c)).toBe(user.id)
    expect(await lastSeen()).toBe(T0 + 3 * MINUTE)
  })

  it('purgeExpiredSessions deletes the idle and the too-old rows, and only those', async () => {
    const db = await getDb()
    const user = await createUser()
    at(0)
    const old = await createSession({ userId: user.id, userAgent: 'used every 20 days' })
    at(20 * DAY)
    expect(await findSessionUser({ token: old.token })).not.toBeNull()
    await purgeExpiredSessions()
    expect(await sessionIds(user.id)).toEqual([sha256(old.token)])
    at(40 * DAY)
    expect(await findSessionUser({ token: old.token })).not.toBeNull()
    at(55 * DAY)
    const idle = await createSession({ userId: user.id, userAgent: 'never used again' })
    for (const day of [60, 80]) {
      at(day * DAY)
      expect(await findSessionUser({ token: old.token })).not.toBeNull()
    }
    await purgeExpiredSessions()
    expect(await sessionIds(user.id)).toEqual([old.token, idle.token].map(sha256).sort())
    at(85 * DAY)
    const young = await createSession({ userId: user.id, userAgent: 'new' })

    // Day 91: `old` is 91 days old (seen 11 days ago), `idle` unused for 36 days
    // (36 days old), `young` 6 days old.
    at(91 * DAY)
    const count = async () => Number((await db('sessions').count({ n: '*' }))[0].n)
    const before = await count()
    const purged = await purgeExpiredSessions()
    const after = await count()
    expect(await sessionIds(user.id)).toEqual([sha256(young.token)])
    // It says how many rows it deleted (a number, on both drivers).
    expect(purged).toBe(before - after)
    expect(purged).toBeGreaterThanOrEqual(2)
    expect(await purgeExpiredSessions()).toBe(0)
  })
})

describe('reading a session', () => {
  it('is one query for the session and its user while last_seen is fresh', async () => {
    at(0)
    const user = await createUser()
    const { token } = await createSession({ userId: user.id, userAgent: 'test' })

    at(10 * 1000)
    let found: Awaited<ReturnType<typeof findSessionUser>> = null
    const fresh = await queriesDuring(async () => {
      found = await findSessionUser({ token })
    })
    expect(found!.user.id).toBe(user.id)
    expect(found!.sessionId).toBe(sha256(token))
    expect(fresh).toHaveLength(1)
    expect(fresh[0]).toMatch(/from "?sessions"?/i)
    expect(fresh[0]).toMatch(/join "?users"?/i)

    // A minute later the read also writes last_seen_at: two queries.
    at(2 * MINUTE)
    const stale = await queriesDuring(() => findSessionUser({ token }))
    expect(stale).toHaveLength(2)
    expect(stale[1]).toMatch(/^update "sessions"/i)
  })

  it('costs GET /api/auth/ one query in all, and a page one session query however many loaders ask', async () => {
    at(0)
    const user = await createUser()
    const c = new Client(base)
    await c.login(user.email)
    at(10 * 1000)

    const api = await queriesDuring(async () => {
      expect(await loggedInAs(c)).toBe(user.id)
    })
    expect(api).toHaveLength(1)
    expect(api[0]).toMatch(/from "?sessions"?/i)

    // /pets: the root loader and the page's loader both ask who is logged in.
    const page = await queriesDuring(async () => {
      expect((await c.get('/pets')).status).toBe(200)
    })
    expect(page.filter((sql) => /from "?sessions"?/i.test(sql))).toHaveLength(1)
  })
})

describe('ending sessions', () => {
  it('changePassword ends every other session of the user and keeps the one named', async () => {
    const user = await createUser()
    const bystander = await createUser()
    const here = new Client(base)
    await here.login(user.email)
    const there = new Client(base)
    await there.login(user.email)
    const third = new Client(base)
    await third.login(user.email)
    const other = new Client(base)
    await other.login(bystander.email)

    await changePassword({
      actor: user,
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-brand-new-password',
      sessionId: sessionIdOf(here),
      hashOptions: CHEAP_HASH,
    })
    expect(await sessionIds(user.id)).toEqual([sessionIdOf(here)])
    expect(await loggedInAs(here)).toBe(user.id)
    expect(await loggedInAs(there)).toBeNull()
    expect(await loggedInAs(third)).toBeNull()
    expect(await loggedInAs(other)).toBe(bystander.id)

    const again = new Client(base)
    expect(
      (await again.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status,
    ).toBe(401)
    await again.login(user.email, 'a-brand-new-password')
  })

  it('changePassword refuses a wrong current password as invalid and ends nothing', async () => {
    const user = await createUser()
    const a = new Client(base)
    await a.login(user.email)
    const b = new Client(base)
    await b.login(user.email)
    const error = await changePassword({
      actor: user,
      currentPassword: 'not-my-password',
      newPassword: 'a-brand-new-password',
      sessionId: sessionIdOf(a),
      hashOptions: CHEAP_HASH,
    }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(isAppError(error)).toBe(true)
    expect(error).toMatchObject({ kind: 'invalid', status: 400 })
    expect(await sessionIds(user.id)).toEqual([sessionIdOf(a), sessionIdOf(b)].sort())
    expect(await loggedInAs(b)).toBe(user.id)
    await new Client(base).login(user.email)
  })

  it('endUserSessions: a user ends their own and nobody another’s (staff management does that, recorded)', async () => {
    const client = await createUser()
    const otherClient = await createUser()
    const employee = await createUser({ role: 'employee' })
    const manager = await createUser({ role: 'manager' })
    const owner = await createUser({ role: 'owner' })
    const login = async (u: { email: string }) => {
      const c = new Client(base)
      await c.login(u.email)
      return c
    }
    const otherClientBrowser = await login(otherClient)
    const employeeBrowser = await login(employee)

    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'ended',
        (e: unknown) => (isAppError(e) ? e.status : e),
      )
    expect(await refusal(endUserSessions({ actor: client, userId: otherClient.id }))).toBe(403)
    expect(await refusal(endUserSessions({ actor: employee, userId: otherClient.id }))).toBe(403)
    expect(await refusal(endUserSessions({ actor: employee, userId: manager.id }))).toBe(403)
    expect(await refusal(endUserSessions({ actor: null, userId: otherClient.id }))).toBe(403)
    expect(await loggedInAs(otherClientBrowser)).toBe(otherClient.id)

    // Their own: every session but the one they keep.
    const phone = await login(client)
    const laptop = await login(client)
    await endUserSessions({
      actor: client,
      userId: client.id,
      exceptSessionId: sessionIdOf(laptop),
    })
    expect(await loggedInAs(phone)).toBeNull()
    expect(await loggedInAs(laptop)).toBe(client.id)
    await endUserSessions({ actor: client, userId: client.id })
    expect(await loggedInAs(laptop)).toBeNull()

    // Not even a Manager or the Owner: theirs is endAccountSessions (tests/api/staff-management.test.ts).
    expect(await refusal(endUserSessions({ actor: manager, userId: otherClient.id }))).toBe(403)
    expect(await refusal(endUserSessions({ actor: manager, userId: owner.id }))).toBe(403)
    expect(await refusal(endUserSessions({ actor: owner, userId: employee.id }))).toBe(403)
    expect(await loggedInAs(otherClientBrowser)).toBe(otherClient.id)
    expect(await loggedInAs(employeeBrowser)).toBe(employee.id)
  })

  it('endUserSessions says how many sessions it ended, as a number', async () => {
    const user = await createUser()
    const browsers = [new Client(base), new Client(base), new Client(base)]
    for (const b of browsers) await b.login(user.email)
    const kept = sessionIdOf(browsers[0])
    expect(await endUserSessions({ actor: user, userId: user.id, exceptSessionId: kept })).toBe(2)
    expect(await endUserSessions({ actor: user, userId: user.id, exceptSessionId: kept })).toBe(0)
    expect(await endUserSessions({ actor: user, userId: user.id })).toBe(1)
    expect(await sessionRows(user.id)).toEqual([])
  })

  it('a deleted user’s sessions go with them', async () => {
    const user = await createUser()
    const c = new Client(base)
    await c.login(user.email)
    expect(await sessionRows(user.id)).toHaveLength(1)
    const db = await getDb()
    await db('users').where({ id: user.id }).delete()
    expect(
      await db('sessions')
        .where({ id: sessionIdOf(c) })
        .first(),
    ).toBeUndefined()
    expect(await loggedInAs(c)).toBeNull()
  })
})
