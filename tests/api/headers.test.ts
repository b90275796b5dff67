import fs from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { resetEnvCache } from '../../app/infra/env.server'
import { DEMO_PASSWORD, demoEmail } from '../../app/models/demo-seed.server'
import { createApp } from '../../server/app'
import { createLogger } from '../../server/logger'
import { createPet, createUser } from '../support/factories'
import { Client, startServer } from '../support/http'
import { image, petForm } from '../support/forms'

// The headers every answer carries. What depends on the session (pages, /api,
// the redirects of logging in and out, error pages) is never stored by a
// cache (`no-store`); built assets and photos, whose names change with their
// content, are cached for good. Pages get a CSP with a fresh nonce each time,
// a Permissions-Policy, and nosniff; HSTS only when the app is served over
// https. And the logs never quote what a person typed: a database error is
// logged with its code, not with the values it names.

const NOW = '2026-03-02T15:00:00.000Z'
const NO_STORE = 'no-store'
const FOREVER = 'public, max-age=31536000, immutable'

let base: string
const who = {} as { client: Client; manager: Client; petId: number; clientEmail: string }

beforeAll(async () => {
  base = await startServer()
  const client = await createUser()
  const manager = await createUser({ role: 'manager' })
  await createUser({ username: 'demo-client', email: demoEmail('client'), password: DEMO_PASSWORD })
  who.client = new Client(base)
  await who.client.login(client.email)
  who.manager = new Client(base)
  await who.manager.login(manager.email)
  who.petId = (await createPet({ owner: client })).id
  who.clientEmail = client.email
})

const form = (fields: Record<string, string>) => new URLSearchParams(fields)

describe('Cache-Control', () => {
  it('is no-store on every answer that depends on the session', async () => {
    setNow(NOW)
    const visitor = new Client(base)
    const answers: [string, Promise<{ status: number; headers: Headers }>][] = [
      // Pages, logged out and in, and their data requests.
      ['visitor GET /', visitor.get('/')],
      ['visitor GET /login', visitor.get('/login')],
      ['visitor GET /services', visitor.get('/services')],
      ['visitor GET /reviews', visitor.get('/reviews')],
      ['visitor GET /pets (redirect to log in)', visitor.get('/pets')],
      ['visitor GET /nowhere (404 page)', visitor.get('/nowhere')],
      ['client GET /', who.client.get('/')],
      ['client GET /pets', who.client.get('/pets')],
      ['client GET /pets.data', who.client.get('/pets.data')],
      [`client GET /pets/{id}`, who.client.get(`/pets/${who.petId}`)],
      [`client GET /bookings/pet/{id}`, who.client.get(`/bookings/pet/${who.petId}`)],
      ['client GET /login (redirect home)', who.client.get('/login')],
      ['client GET /settings (403 page)', who.client.get('/settings')],
      ['client GET /pets/2000000000 (404 page)', who.client.get('/pets/2000000000')],
      ['manager GET /settings', who.manager.get('/settings')],
      ['manager GET /bookings', who.manager.get('/bookings')],
      // The API.
      ['visitor GET /api/auth (401)', visitor.get('/api/auth')],
      ['client GET /api/auth', who.client.get('/api/auth')],
      ['client GET /api/pets/user', who.client.get('/api/pets/user')],
      ['visitor GET /api/services', visitor.get('/api/services')],
      ['visitor GET /api/nowhere (404)', visitor.get('/api/nowhere')],
      ['visitor GET /photos/<no such key> (404)', visitor.get('/photos/nothing-here')],
    ]
    const seen: Record<string, string | null> = {}
    for (const [name, answer] of answers) seen[name] = (await answer).headers.get('cache-control')

    // Logging in and out: the answers that hand out or take back a session.
    const pageLogin = await new Client(base).request('POST', '/login', {
      body: form({
        email: who.clientEmail,
        password: 'correct-horse-battery',
        redirectTo: '/pets',
      }),
    })
    expect(pageLogin.status).toBe(302)
    seen['POST /login (302)'] = pageLogin.headers.get('cache-control')
    const demo = new Client(base)
    const demoLogin = await demo.request('POST', '/demo-login', {
      body: form({ account: 'client' }),
    })
    expect(demoLogin.status).toBe(302)
    seen['POST /demo-login (302)'] = demoLogin.headers.get('cache-control')
    seen['POST /logout (302)'] = (
      await demo.request('POST', '/logout', { body: form({}) })
    ).headers.get('cache-control')
    const apiLogin = await new Client(base).login(who.clientEmail)
    seen['POST /api/auth/login'] = apiLogin.headers.get('cache-control')
    seen['POST /login (wrong password)'] = (
      await new Client(base).request('POST', '/login', {
        body: form({ email: who.clientEmail, password: 'wrong-password' }),
      })
    ).headers.get('cache-control')

    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((k) => [k, NO_STORE])))
  })

  it('lets built assets and photos be cached for good', async () => {
    setNow(NOW)
    const assets = fs.readdirSync(
      path.resolve(process.env.BUILD_DIR ?? 'build', 'client', 'assets'),
    )
    const js = assets.find((f) => f.endsWith('.js'))!
    const css = assets.find((f) => f.endsWith('.css'))!
    for (const file of [js, css]) {
      const res = await fetch(`${base}/assets/${file}`)
      expect(res.status, file).toBe(200)
      expect(res.headers.get('cache-control'), file).toBe(FOREVER)
      expect(res.headers.get('x-content-type-options'), file).toBe('nosniff')
    }

    const pet = petForm(
      { name: 'Cached' },

      { preview: await image(16, 16, { format: 'jpeg', color: '#c98b4a' }) },
    )
    const created = await who.client.postForm('/api/pets', pet)
    expect(created.status).toBe(201)
    for (const url of [created.body.preview_image, created.body.preview_thumbnail]) {
      expect(url).toMatch(/^\/photos\//)
      const res = await fetch(base + url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('cache-control'), url).toBe(FOREVER)
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff')
    }
  })
})

describe('security headers of pages', () => {
  it('sends a CSP whose script nonce is new for every answer and is the one in the page', async () => {
    const nonces: string[] = []
    for (const url of ['/', '/', '/login']) {
      const res = await fetch(base + url)
      const csp = res.headers.get('content-security-policy') ?? ''
      const nonce = /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1]
      expect(nonce, `${url}: ${csp}`).toBeDefined()
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
      const html = await res.text()
      // Every script of the page carries the nonce, and only that one.
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
      expect(scripts.length).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
      nonces.push(nonce!)
    }
    expect(new Set(nonces).size).toBe(nonces.length)
  })

  it('sends Permissions-Policy and nosniff, and no HSTS over plain http', async () => {
    for (const url of ['/', '/login', '/api/services']) {
      const res = await fetch(base + url)
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff')
      expect(res.headers.get('strict-transport-security'), url).toBeNull()
      if (url.startsWith('/api')) continue
      const policy = res.headers.get('permissions-policy') ?? ''
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()'])
        expect(policy, url).toContain(feature)
    }
  })

  it('sends HSTS when the app is served over https (PUBLIC_ORIGIN)', async () => {
    const saved = process.env.PUBLIC_ORIGIN
    process.env.PUBLIC_ORIGIN = 'https://hotel.example'
    resetEnvCache()
    let server: Server | undefined
    try {
      const build = (await import(
        /* @vite-ignore */ pathToFileURL(
          path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js'),
        ).href
      )) as ServerBuild
      const app = createApp({ build })
      server = await new Promise<Server>((resolve) => {
        const s = app.listen(0, '127.0.0.1', () => resolve(s))
      })
      const httpsBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      for (const url of ['/', '/api/services']) {
        const res = await fetch(httpsBase + url)
        await res.arrayBuffer()
        expect(res.status, url).toBe(200)
        expect(res.headers.get('strict-transport-security') ?? 'none', url).toMatch(
          /max-age=\d{7,}/,
        )
      }
    } finally {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
      if (saved === undefined) delete process.env.PUBLIC_ORIGIN
      else process.env.PUBLIC_ORIGIN = saved
      resetEnvCache()
    }
    // The app of this file, made before, still says nothing of HSTS.
    const res = await fetch(base + '/')
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })
})

describe('logs', () => {
  it('carry no SQL parameters: a database error is logged by its code, not the email it names', async () => {
    const lines: string[] = []
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const logger = createLogger(destination)
    logger.level = 'info'

    const db = await getDb()
    const taken = await createUser({ email: 'Private.Person@example.com' })
    const row = await db('users').where({ id: taken.id }).first()
    const { id: _id, ...copy } = row
    let caught: unknown
    try {
      await db('users').insert({ ...copy, username: `${row.username}_2` })
    } catch (error) {
      caught = error
    }
    expect((caught as { code?: string })?.code).toBe('23505')
    // PostgreSQL itself names the value in the error's detail…
    expect(JSON.stringify(caught, Object.getOwnPropertyNames(caught)).toLowerCase()).toContain(
      'private.person@example.com',
    )

    logger.error({ err: caught }, 'could not add the user')
    await new Promise<void>((resolve) => setImmediate(resolve))
    const log = lines.join('')
    // … the log line does not.
    expect(log).toContain('could not add the user')
    expect(log).toContain('23505')
    expect(log.toLowerCase()).not.toContain('private.person')
  })
})
