import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_FAILURE_MESSAGE } from '../../app/http/api.server'
import { getDb } from '../../app/infra/db.server'
import { loggedIn } from '../support/factories'
import { Client, startServer } from '../support/http'
import { startLoggedServer } from '../support/logged-server'

// A call of the JSON API that fails on our side — here the database has lost
// a table under the running server, as after a botched deploy — still gets
// the contract's JSON error body, 500 {"message": …} with nothing of what went
// wrong, and the log gets the error with its stack. Left to React Router it
// would be a plain-text "Unexpected Server Error" no JSON client can read.
// Whichever way the call is answered: by a route through React Router, or by
// the server itself (a signed-in read, a public list).

let logged: Awaited<ReturnType<typeof startLoggedServer>>
beforeAll(async () => {
  await startServer()
  logged = await startLoggedServer()
})
afterAll(() => logged.close())

/** Runs `calls` while `table` is missing, then puts it back. */
async function withoutTable(table: string, calls: () => Promise<void>) {
  const db = await getDb()
  await db.raw('ALTER TABLE ?? RENAME TO ??', [table, `${table}_gone`])
  try {
    await calls()
  } finally {
    await db.raw('ALTER TABLE ?? RENAME TO ??', [`${table}_gone`, table])
  }
}

describe('an /api call that fails on our side', () => {
  it('answers 500 in JSON with a plain message, and logs what went wrong', async () => {
    const { client: manager } = await loggedIn('manager')
    const c = new Client(logged.base)
    c.cookie = manager.cookie
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/pets/1'], // a route, through React Router
      ['GET', '/api/pets/user'], // answered by the server itself
      ['GET', '/api/pets/user?via=router'], // the same read, through its route
      ['GET', '/api/pets'],
      ['PUT', '/api/pets/1', { name: 'Rex' }],
    ]
    await withoutTable('pets', async () => {
      for (const [method, url, json] of calls) {
        const before = logged.loggedErrors().length
        const res = await c.request(method, url, { json })
        expect(res.status, `${method} ${url}`).toBe(500)
        expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
        expect(res.body).toEqual({ message: SERVER_FAILURE_MESSAGE })
        const errors = logged.loggedErrors().slice(before)
        expect(errors.map((e) => e.msg)).toContain('unhandled error')
        expect(errors.map((e) => e.err?.message).join('\n')).toMatch(
          /relation "pets" does not exist/,
        )
      }
    })
    // Once the table is back, the same calls are answered again.
    expect((await c.get('/api/pets/user')).status).toBe(200)
  })

  it('is the same for the public lists and for logging out', async () => {
    const c = new Client(logged.base)
    await withoutTable('services', async () => {
      for (const url of ['/api/services', '/api/services?fields=all']) {
        const res = await c.get(url)
        expect(res.status, url).toBe(500)
        expect(res.body).toEqual({ message: SERVER_FAILURE_MESSAGE })
      }
    })
    const { client } = await loggedIn('client')
    const d = new Client(logged.base)
    d.cookie = client.cookie
    await withoutTable('sessions', async () => {
      const res = await d.get('/api/auth/logout')
      expect(res.status).toBe(500)
      expect(res.body).toEqual({ message: SERVER_FAILURE_MESSAGE })
    })
  })
})
