import type { Server } from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Writable } from 'node:stream'
import v8 from 'node:v8'
import vm from 'node:vm'
import type { ServerBuild } from 'react-router'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { createApp, createLogger } from '../../server/app'
import { createUser } from '../support/factories'
import { setTestEnv } from '../support/env'
import { PET_FIELDS } from '../support/forms'
import { Client, startExtraServer, startServer, TEST_PASSWORD } from '../support/http'

// What an attacker tried against the hardened server, and what must hold:
//
//  - a form of one field repeated many times is read in time proportional to
//    its size: one small post must not block the event loop for everyone;
//  - a field name nested thousands of levels deep is a 400, not a 500;
//  - after logging in, a visitor only ever goes to a page of this site,
//    whatever redirectTo says ("/.//evil.example" included);
//  - a visitor without a session cannot make the server hold a photo form's
//    55 MB in memory per connection;
//  - one guesser cannot keep a person out of their account indefinitely;
//  - a Host header or request target the URL parser refuses is a 4xx, and
//    the path React Router routes is the path the request named;
//  - the log keeps error level for errors: a client that goes away
//    mid-upload, a URL no route matches or an unknown method is not one; and
//    no query string reaches it, not even inside an error object.

let base: string
beforeAll(async () => {
  base = await startServer()
})

const MB = 1024 * 1024
const SECOND = 1000

/** One raw HTTP/1.1 exchange (for what fetch will not send): the status and the body. */
function rawExchange(request: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request))
    let text = ''
    socket.on('data', (chunk) => (text += String(chunk)))
    socket.on('close', () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }),
    )
    socket.on('error', reject)
  })
}

describe('forms made of one field repeated many times', () => {
  it(
    'a 120 KB form of 60,000 empty fields posted to /login by a visitor is answered at once',
    { timeout: 180_000 },
    async () => {
      const c = new Client(base)
      // Refused for its field count before any field is looked at (the quadratic
      // parse that once took minutes never runs); no timing: the reason is checked.
      const value = await c.request('POST', '/login', {
        body: 'x&'.repeat(60_000),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      expect(value.status).toBe(400)
      expect(String(value.body)).toContain('The form has too many fields (at most 1000)')
    },
  )

  it(
    'an 80 KB form of 40,000 repeated fields posted to POST /api/pets is answered at once',
    { timeout: 180_000 },
    async () => {
      const user = await createUser()
      const c = new Client(base)
      await c.login(user.email)
      const form = new URLSearchParams(PET_FIELDS)
      const body = `${form}&${'x&'.repeat(40_000)}`
      const value = await c.request('POST', '/api/pets', {
        body,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      expect(value.status).toBeGreaterThanOrEqual(400)
      expect(value.status).toBeLessThan(500)
    },
  )
})

describe('field names nested very deep', () => {
  it('POST /login with a field named a.b.b… (10,000 levels) or a[0][0]… is a 4xx, not a 500', async () => {
    const c = new Client(base)
    for (const name of [`a${'.b'.repeat(10_000)}`, `a${'[0]'.repeat(10_000)}`]) {
      const res = await c.request('POST', '/login', {
        body: `email=a%40example.com&password=x&${name}=1`,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      expect(res.status, name.slice(0, 8)).toBeGreaterThanOrEqual(400)
      expect(res.status, name.slice(0, 8)).toBeLessThan(500)
    }
  })
})

describe('redirectTo after logging in', () => {
  const OFF_SITE = ['/.//evil.example/phish', '/%2e//evil.example', '/a/..//evil.example']

  /** Where a Location header sends a browser, as an origin. */
  const landsOn = (location: string | null) => new URL(location ?? '', base).origin

  it('POST /demo-login never sends the new session off the site', async () => {
    // The demo client, as the demo seed makes it (demo mode is on in tests).
    await createUser({
      email: 'demo-client@example.com',
      username: 'demo-client',
      password: 'password',
    })
    for (const redirectTo of OFF_SITE) {
      const res = await new Client(base).request('POST', '/demo-login', {
        body: new URLSearchParams({ account: 'client', redirectTo }),
      })
      expect(res.status, redirectTo).toBe(302)
      expect(landsOn(res.headers.get('location')), redirectTo).toBe(base)
    }
  })

  it('POST /login (the page form) never sends the new session off the site', async () => {
    const user = await createUser()
    for (const redirectTo of OFF_SITE) {
      const res = await new Client(base).request('POST', '/login', {
        body: new URLSearchParams({ email: user.email, password: TEST_PASSWORD, redirectTo }),
      })
      expect(res.status, redirectTo).toBe(302)
      expect(landsOn(res.headers.get('location')), redirectTo).toBe(base)
    }
  })

  it('GET /login?redirectTo=… sends someone already logged in only to a page of the site', async () => {
    const user = await createUser()
    const c = new Client(base)
    await c.login(user.email)
    for (const redirectTo of OFF_SITE) {
      const res = await c.get(`/login?${new URLSearchParams({ redirectTo })}`)
      expect(res.status, redirectTo).toBe(302)
      expect(landsOn(res.headers.get('location')), redirectTo).toBe(base)
    }
  })
})

describe('a photo form from a visitor without a session', () => {
  /** The bytes held in Buffers and ArrayBuffers by this process (the server runs in it), after a full GC. */
  function heldBytes(): number {
    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as () => void
    gc()
    return process.memoryUsage().arrayBuffers
  }

  /**
   * Starts a POST of `size` bytes and sends all but its last 10 bytes; resolves
   * once those are handed to the kernel. `finish()` sends the rest and gives the status.
   */
  async function almostSend(url: string, size: number) {
    const { hostname, port } = new URL(base)
    const socket = net.connect(Number(port), hostname)
    await new Promise((resolve) => socket.once('connect', resolve))
    let text = ''
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
    socket.on('data', (chunk) => (text += String(chunk)))
    socket.on('error', () => {})
    const write = (chunk: Buffer | string) =>
      new Promise<void>((resolve, reject) =>
        socket.write(chunk, (error) => (error ? reject(error) : resolve())),
      )
    await write(
      `POST ${url} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
        `Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${size}\r\n\r\n`,
    )
    const chunk = Buffer.alloc(MB, 0x61)
    let sent = 0
    while (sent < size - 10) {
      const n = Math.min(chunk.length, size - 10 - sent)
      await write(chunk.subarray(0, n))
      sent += n
    }
    return {
      async finish() {
        await write(Buffer.alloc(10, 0x61)).catch(() => {})
        socket.end()
        await closed
        return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)
      },
    }
  }

  it('is not held in memory: four 40 MB uploads to POST /api/pets hold far less than 160 MB', async () => {
    const before = heldBytes()
    const uploads = await Promise.all(
      Array.from({ length: 4 }, () => almostSend('/api/pets', 40 * MB)),
    )
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve))
    const held = heldBytes() - before
    const statuses = await Promise.all(uploads.map((u) => u.finish()))
    expect(statuses).toEqual([401, 401, 401, 401])
    // What the kernel's socket buffers keep is not ours; the server holds at
    // most a small part of each body (a visitor can never add a pet).
    expect(Math.round(held / MB)).toBeLessThan(40)
  })
})

describe('one guesser against one account', () => {
  /** The cookies one browser keeps, by name. */
  class Browser {
    cookies = new Map<string, string>()
    constructor(
      private base: string,
      private address: string,
    ) {}
    async post(url: string, json: unknown) {
      const res = await fetch(this.base + url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': this.address,
          Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        body: JSON.stringify(json),
        redirect: 'manual',
      })
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';')
        const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]
        if (!value || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name)
        else this.cookies.set(name, value)
      }
      await res.text()
      return res.status
    }
  }

  it(
    'cannot keep its owner out for two hours by failing once each time a wait ends',
    { timeout: 180_000 },
    async () => {
      const start = Date.parse('2033-03-01T09:00:00.000Z')
      const at = (ms: number) => setNow(new Date(start + ms))
      at(0)
      setTestEnv({ TRUST_PROXY: '1' })
      const server = await startExtraServer()
      onTestFinished(server.close)
      const victim = await createUser()
      const owner = new Browser(server.base, '198.51.100.7')
      const guesser = new Browser(server.base, '203.0.113.66')

      // The owner has used this browser before; they log out.
      expect(
        await owner.post('/api/auth/login', { email: victim.email, password: TEST_PASSWORD }),
      ).toBe(200)
      expect(await owner.post('/api/auth/logout', {})).toBe(200)

      // The guesser fails 10 times, then tries again every 10 s: it is the first
      // to try whenever a wait ends, so it starts every next wait itself.
      at(SECOND)
      for (let i = 0; i < 10; i++)
        expect(
          await guesser.post('/api/auth/login', { email: victim.email, password: `guess${i}` }),
        ).toBe(401)
      const ownerTries: number[] = []
      for (let t = 10; t <= 2 * 3600; t += 5) {
        at(t * SECOND)
        if (t % 10 === 0)
          await guesser.post('/api/auth/login', { email: victim.email, password: `guess-${t}` })
        // The owner, with the right password, from their own address, every 5 minutes.
        else if (t % 300 === 155)
          ownerTries.push(
            await owner.post('/api/auth/login', { email: victim.email, password: TEST_PASSWORD }),
          )
      }
      expect(ownerTries).toContain(200)
    },
  )
})

describe('the Host header and the request target', () => {
  it('a Host the URL parser refuses is a 400 on every route, not a 500', async () => {
    for (const host of ['a b', '[::1', '%', 'a:99999', '<>'])
      for (const url of ['/', '/api/auth', '/pets']) {
        const res = await rawExchange(
          `GET ${url} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        )
        expect(res.status, `${host} ${url}`).toBeGreaterThanOrEqual(400)
        expect(res.status, `${host} ${url}`).toBeLessThan(500)
      }
  })

  it('an absolute-form request target (what proxies send) is answered, not a 500', async () => {
    const res = await rawExchange(
      `GET ${base}/api/auth HTTP/1.1\r\nHost: ${new URL(base).host}\r\nConnection: close\r\n\r\n`,
    )
    // /api/auth without a session: 401, or 400 for a target the server will not take.
    expect([400, 401]).toContain(res.status)
  })

  it('TRACE (a method fetch refuses to build a Request for) is a 4xx, not a 500', async () => {
    const res = await rawExchange(
      `TRACE /api/auth HTTP/1.1\r\nHost: ${new URL(base).host}\r\nConnection: close\r\n\r\n`,
    )
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
  })

  it('a Host ending in ? or # does not move React Router to another path than the one asked', async () => {
    for (const host of ['127.0.0.1?', '127.0.0.1#']) {
      const res = await rawExchange(
        `GET /api/auth HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      )
      // /api/auth answers 401 to a visitor; the landing page (200) is another route.
      expect([400, 401], host).toContain(res.status)
    }
  })
})

describe('the log', () => {
  type Entry = { level: number; msg?: string; req?: { path?: string } }

  async function loadBuild(): Promise<ServerBuild> {
    const file = path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js')
    return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as ServerBuild
  }

  /** The real app with its real logger (at info), writing to a list this test reads. */
  async function loggedApp() {
    setTestEnv({ LOG_LEVEL: 'info' })
    const entries: Entry[] = []
    const lines: string[] = []
    const waiting: { path: string; resolve: () => void }[] = []
    const logger = createLogger(
      new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) {
            const entry = JSON.parse(line) as Entry
            lines.push(line)
            entries.push(entry)
            // pino-http's line for a request is the last one written about it.
            if (/^request (completed|errored|aborted)/.test(entry.msg ?? ''))
              for (const w of waiting.filter((w) => w.path === entry.req?.path)) w.resolve()
          }
          done()
        },
      }),
    )
    const app = createApp({ build: await loadBuild(), logger })
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s))
    })
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const { port } = server.address() as net.AddressInfo
    return {
      port,
      entries,
      lines,
      /** Resolves once the request to `path` has been logged (and what it logged before). */
      logged(path: string) {
        return new Promise<void>((resolve) =>
          waiting.push({
            path,
            resolve: async () => {
              for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r))
              resolve()
            },
          }),
        )
      },
      raw(request: string) {
        return new Promise<number>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.write(request))
          let text = ''
          socket.on('data', (chunk) => (text += String(chunk)))
          socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)))
          socket.on('error', reject)
        })
      },
    }
  }

  const errorsIn = (entries: Entry[]) =>
    entries.filter((e) => e.level >= 50).map((e) => `${e.req?.path}: ${e.msg}`)

  it('a client that goes away in the middle of an upload is not an error', async () => {
    const app = await loggedApp()
    const done = app.logged('/api/pets')
    const socket = net.connect(app.port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.on('error', () => {})
    socket.write(
      `POST /api/pets HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\n` +
        `Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${5 * MB}\r\n\r\n`,
    )
    await new Promise((resolve) => socket.write(Buffer.alloc(MB, 0x61), resolve))
    socket.destroy()
    await done
    expect(errorsIn(app.entries)).toEqual([])
  })

  it('a URL no route matches (404) and a method no route serves (405) are not errors', async () => {
    const app = await loggedApp()
    const probes = [
      ['GET', '/wp-admin/setup-config.php', 404],
      ['GET', '/wp-login.php.data', 404],
      ['PROPFIND', '/api/auth', 405],
    ] as const
    for (const [method, url, status] of probes) {
      const done = app.logged(url)
      const res = await fetch(`http://127.0.0.1:${app.port}${url}`, { method })
      await res.text()
      expect(res.status, url).toBe(status)
      await done
    }
    expect(errorsIn(app.entries)).toEqual([])
  })

  it('a query string never reaches the log, not even inside an error', async () => {
    const app = await loggedApp()
    const done = app.logged('/api/auth')
    await app.raw(
      'GET /api/auth?email=ada.lovelace%40example.com&token=s3cr3t-t0ken HTTP/1.1\r\n' +
        'Host: a b\r\nConnection: close\r\n\r\n',
    )
    await done
    expect(app.lines.filter((l) => /ada\.lovelace|s3cr3t-t0ken/.test(l))).toEqual([])
  })
})
