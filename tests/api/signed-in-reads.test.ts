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
// bookings, the day's bookings for staff, a page of every booking or pet for
// those who may list them) is answered by the server itself for a plain GET
// with a session cookie (app/http/signed-in-reads.server.ts), and by React
// Router's resource route otherwise (here: the same path with one more
// query parameter). Both ways must give the same status, headers and bytes, run the
// same statements, and everything the server cannot answer alike (no live
// session, a refusal, an API token, HEAD, another spelling of the path) must
// be left to the route. The request log says which way answered.

let base: string
let close: () => Promise<void>
let loggedRequest: (path: string) => Promise<Record<string, any>>
let client: Client
let employee: Client
let manager: Client
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
  manager = new Client(base)
  await manager.login((await createUser({ role: 'manager' })).email)
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
    ['/api/bookings?page=1', manager],
    ['/api/bookings/?page=2&limit=1', manager],
    ['/api/pets?limit=3&page=2', employee],
    ['/api/pets/?page=%201', manager],
  ] as const

/** The same request, which the server leaves to React Router (one more parameter). */
const viaRouter = (path: string) => `${path}${path.includes('?') ? '&' : '?'}via=router`

/** The headers that must agree both ways (a page's links name the URL asked for, less the extra parameter). */
const sameHeaders = (r: Raw) =>
  stable(r).map(([name, value]): [string, string] => [
    name,
    name === 'link' ? value.replaceAll('&via=router', '') : value,
  ])

describe('signed-in reads answered by the server', () => {
  it('answer as React Router does, with every encoding, and run the same statements', async () => {
    for (const [path, who] of reads())
      for (const encoding of [undefined, 'br', 'gzip']) {
        const headers: Record<string, string> = { Cookie: who.cookie }
        if (encoding) headers['Accept-Encoding'] = encoding
        // Once first, so the read cache (the hotel's settings) is as full for both.
        await get(viaRouter(path), headers)
        const direct = await statementsDuring(() => get(path, headers))
        const routed = await statementsDuring(() => get(viaRouter(path), headers))
        const [a, b] = [direct.result, routed.result]
        expect([path, a.status, a.how, b.how]).toEqual([path, 200, 'signed-in', undefined])
        expect([a.status, a.statusText]).toEqual([b.status, b.statusText])
        expect(sameHeaders(a)).toEqual(sameHeaders(b))
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
    // A page: its items, and the links to the others made from the URL asked for.
    const page = await get('/api/pets/?limit=3&page=2', { Cookie: employee.cookie })
    expect(JSON.parse(decode(page)).Pets).toHaveLength(3)
    expect(header(page, 'link')).toBe(
      [
        `<${base}/api/pets/?limit=3&page=1>; rel="first"`,
        `<${base}/api/pets/?limit=3&page=1>; rel="prev"`,
        `<${base}/api/pets/?limit=3&page=3>; rel="next"`,
      ].join(', '),
    )
    const last = await get('/api/bookings?page=2&limit=1', { Cookie: manager.cookie })
    expect(JSON.parse(decode(last)).bookings).toHaveLength(1)
    expect(header(last, 'link')).not.toContain('rel="next"')
  })

  it('carry one ETag both ways and answer 304 to it', async () => {
    const answers: [string, string][][] = []
    for (const [path, who] of reads()) {
      const a = await get(path, { Cookie: who.cookie })
      const b = await get(viaRouter(path), { Cookie: who.cookie })
      const tag = header(a, 'etag')
      expect(tag).toMatch(/^W\/"[\w-]{27}"$/)
      expect(header(b, 'etag')).toBe(tag)
      for (const asked of [path, viaRouter(path)]) {
        const again = await get(asked, { Cookie: who.cookie, 'If-None-Match': `"x", ${tag}` })
        expect([asked, again.status, again.body.length]).toEqual([asked, 304, 0])
        expect(again.how).toBe(asked === path ? 'signed-in' : undefined)
        expect(header(again, 'etag')).toBe(tag)
        expect(header(again, 'content-type')).toBeUndefined()
        expect(header(again, 'cache-control')).toBe('no-store')
        answers.push(sameHeaders(again))
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

  it('a page’s refusals, the whole lists, and a page asked for with anything more', async () => {
    const cases: [string, Client, number][] = [
      // A client may list neither; a page its route refuses (400).
      ['/api/bookings?page=1', client, 403],
      ['/api/pets?page=1', client, 403],
      ['/api/bookings?page=0', manager, 400],
      ['/api/pets?limit=201', employee, 400],
      ['/api/pets?page=', employee, 400],
      // The whole lists are streamed by their route.
      ['/api/bookings', manager, 200],
      ['/api/pets/', employee, 200],
      ['/api/pets?', employee, 200],
      // Another parameter, another spelling of the path, another list.
      ['/api/pets?page=1&q=x', employee, 200],
      ['/api/Pets?page=1', employee, 200],
      ['/api/%70ets?page=1', employee, 200],
      ['/api/pets//?page=1', employee, 200],
    ]
    for (const [path, who, status] of cases) {
      const answer = await get(path, { Cookie: who.cookie })
      expect([path, answer.status, answer.how]).toEqual([path, status, undefined])
    }
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
