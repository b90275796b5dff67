import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { createPet, createService, createUser } from '../support/factories'
import { Client } from '../support/http'
import { startLoggedServer } from '../support/logged-server'
import {
  decodedText as decode,
  headerOf as header,
  rawRequest,
  stableHeaders as stable,
  type Raw,
} from '../support/raw-http'
import { statementsDuring } from '../support/statements'

// The JSON a signed-in session reads most (who is logged in, their pets and
// bookings, the day's bookings for staff) is answered by the server itself
// for a plain GET with a session cookie (app/http/signed-in-reads.server.ts),
// and by React Router's resource route otherwise (here: the same path with a
// query). Both ways must give the same status, headers and bytes, run the
// same statements, and everything the server cannot answer alike (no live
// session, a refusal, an API token, HEAD, another spelling of the path) must
// be left to the route. The request log says which way answered.

let base: string
let close: () => Promise<void>
let loggedRequest: (path: string) => Promise<Record<string, any>>
let client: Client
let employee: Client
const DAY = '2031-05-11'

beforeAll(async () => {
  ;({ base, close, loggedRequest } = await startLoggedServer())
  setNow('2031-05-01T14:00:00Z')
  const owner = await createUser({ fname: 'Ada', role: 'client' })
  // Enough pets that the answers are big enough to be compressed.
  const pets = []
  for (let i = 0; i < 8; i++)
    pets.push(await createPet({ owner, name: `Pet number ${i}`, type: i % 2 ? 'cat' : 'dog' }))
  const service = await createService()
  client = new Client(base)
  await client.login(owner.email)
  for (const [drop, pick] of [
    ['2031-05-10 09:00:00', '2031-05-12 17:00:00'],
    ['2031-05-11 09:00:00', '2031-05-13 17:00:00'],
  ]) {
    const made = await client.post('/api/bookings', {
      client_id: owner.id,
      pet_id: pets[drop.startsWith('2031-05-10') ? 0 : 1].id,
      booking_type: 'boarding_care',
      drop_off_date: drop,
      pick_up_date: pick,
      services: [service.id],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
  }
  employee = new Client(base)
  await employee.login((await createUser({ role: 'employee' })).email)
})
afterAll(async () => {
  setNow(undefined)
  await close()
})

/** A GET (or `method`) and whether the server answered it itself ('signed-in') or React Router did (undefined). */
async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const answer: Raw = await rawRequest(`${base}${path}`, { method, headers })
  return { ...answer, how: (await loggedRequest(path.split('?')[0])).json as string | undefined }
}

const reads = () =>
  [
    ['/api/auth/', client],
    ['/api/auth', client],
    ['/api/users/me', client],
    ['/api/pets/user', client],
    ['/api/bookings/user', client],
    [`/api/bookings/date/${DAY}`, employee],
  ] as const

describe('signed-in reads answered by the server', () => {
  it('answer as React Router does, with every encoding, and run the same statements', async () => {
    for (const [path, who] of reads())
      for (const encoding of [undefined, 'br', 'gzip']) {
        const headers: Record<string, string> = { Cookie: who.cookie }
        if (encoding) headers['Accept-Encoding'] = encoding
        // Once first, so the read cache (the hotel's settings) is as full for both.
        await get(`${path}?via=router`, headers)
        const direct = await statementsDuring(() => get(path, headers))
        const routed = await statementsDuring(() => get(`${path}?via=router`, headers))
        const [a, b] = [direct.result, routed.result]
        expect([path, a.status, a.how, b.how]).toEqual([path, 200, 'signed-in', undefined])
        expect([a.status, a.statusText]).toEqual([b.status, b.statusText])
        expect(stable(a)).toEqual(stable(b))
        expect(a.body.equals(b.body), path).toBe(true)
        expect(header(a, 'content-security-policy')).toMatch(/nonce-/)
        expect(direct.statements, path).toEqual(routed.statements)
      }
    // The answers are the reads themselves, and a big one was compressed.
    const compressed = async (path: string, who: Client) => {
      const r = await get(path, { Cookie: who.cookie, 'Accept-Encoding': 'br' })
      return { encoding: header(r, 'content-encoding'), body: JSON.parse(decode(r)) }
    }
    const pets = await compressed('/api/pets/user', client)
    expect(pets.encoding).toBe('br')
    expect(pets.body.Pets.map((p: { name: string }) => p.name)).toHaveLength(8)
    const day = await compressed(`/api/bookings/date/${DAY}`, employee)
    expect(day.body).toHaveLength(2)
    const me = await compressed('/api/auth/', client)
    expect(me.encoding).toBeUndefined()
    expect(me.body.fname).toBe('Ada')
  })

  it('carry one ETag both ways and answer 304 to it', async () => {
    const answers: [string, string][][] = []
    for (const [path, who] of reads()) {
      const a = await get(path, { Cookie: who.cookie })
      const b = await get(`${path}?via=router`, { Cookie: who.cookie })
      const tag = header(a, 'etag')
      expect(tag).toMatch(/^W\/"[\w-]{27}"$/)
      expect(header(b, 'etag')).toBe(tag)
      for (const asked of [path, `${path}?via=router`]) {
        const again = await get(asked, { Cookie: who.cookie, 'If-None-Match': `"x", ${tag}` })
        expect([asked, again.status, again.body.length]).toEqual([asked, 304, 0])
        expect(again.how).toBe(asked === path ? 'signed-in' : undefined)
        expect(header(again, 'etag')).toBe(tag)
        expect(header(again, 'content-type')).toBeUndefined()
        expect(header(again, 'cache-control')).toBe('no-store')
        answers.push(stable(again))
      }
      expect(answers[0]).toEqual(answers[1])
      answers.length = 0
    }
  })

  it('show a change at once: nothing is kept between requests', async () => {
    const before = JSON.parse(decode(await get('/api/auth/', { Cookie: client.cookie })))
    const saved = await client.put('/api/users/me', { ...before, fname: 'Adelaide' })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const after = await get('/api/auth/', { Cookie: client.cookie })
    expect(after.how).toBe('signed-in')
    expect(JSON.parse(decode(after)).fname).toBe('Adelaide')
  })
})

describe('what the server leaves to React Router', () => {
  it('no live session: no cookie, a forged or ended one, and a deactivated account get the route’s 401', async () => {
    const nobody = await get('/api/auth/')
    expect([nobody.status, nobody.how]).toEqual([401, undefined])
    expect(JSON.parse(decode(nobody))).toEqual({ message: 'Trouble getting current user' })

    const forged = client.cookie.replace(/(__session=[^.;]+)\.[^;]+/, '$1.AAAA')
    const tampered = await get('/api/pets/user', { Cookie: forged })
    expect([tampered.status, tampered.how]).toEqual([401, undefined])

    const leaving = new Client(base)
    const user = await createUser({ role: 'client' })
    await leaving.login(user.email)
    const cookie = leaving.cookie
    expect((await get('/api/auth/', { Cookie: cookie })).how).toBe('signed-in')
    expect((await leaving.post('/api/auth/logout')).status).toBe(200)
    const ended = await get('/api/auth/', { Cookie: cookie })
    expect([ended.status, ended.how]).toEqual([401, undefined])

    const staffed = new Client(base)
    const gone = await createUser({ role: 'client' })
    await staffed.login(gone.email)
    const { getDb } = await import('../../app/infra/db.server')
    await (await getDb())('users').where({ id: gone.id }).update({ active: false })
    const deactivated = await get('/api/bookings/user', { Cookie: staffed.cookie })
    expect([deactivated.status, deactivated.how]).toEqual([401, undefined])
  })

  it('refusals: a client asking for the day’s bookings, a date the calendar refuses', async () => {
    const forbidden = await get(`/api/bookings/date/${DAY}`, { Cookie: client.cookie })
    expect([forbidden.status, forbidden.how]).toEqual([403, undefined])
    const badDate = await get('/api/bookings/date/2031-02-30', { Cookie: employee.cookie })
    expect([badDate.status, badDate.how]).toEqual([400, undefined])
    expect(JSON.parse(decode(badDate)).errors.date).toBeTruthy()
  })

  it('an API token’s call, HEAD, and other spellings of the path', async () => {
    const made = await client.post('/api/tokens', { name: 'Poller' })
    expect(made.status).toBe(201)
    const token = await get('/api/pets/user', {
      Authorization: `Bearer ${made.body.token}`,
      Cookie: client.cookie,
    })
    expect([token.status, token.how]).toEqual([200, undefined])
    const listed = await client.get('/api/tokens')
    expect(listed.body.tokens[0].last_used_at).not.toBeNull()

    const head = await get('/api/auth/', { Cookie: client.cookie }, 'HEAD')
    expect([head.status, head.how, head.body.length]).toEqual([200, undefined, 0])

    for (const path of ['/api/Auth', '/api/%61uth', `/api/bookings/date/${DAY}/`]) {
      const who = path.includes('date') ? employee : client
      const other = await get(path, { Cookie: who.cookie })
      expect([path, other.how]).toEqual([path, path.endsWith('/') ? 'signed-in' : undefined])
    }
    const empty = await get('/api/bookings/date/', { Cookie: employee.cookie })
    expect(empty.how).toBeUndefined()
    expect(empty.status).toBeGreaterThanOrEqual(400)
  })
})
