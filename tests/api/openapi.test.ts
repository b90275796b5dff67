import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import routes from '../../app/routes'
import { openApiDocument } from '../../app/http/openapi/document'
import { setNow } from '../../app/infra/clock.server'
import { DOCUMENT_FILE, openApiFiles, TYPES_FILE } from '../../scripts/openapi'
import { createPet, createService, createUser, loggedIn } from '../support/factories'
import { clientFor, startServer } from '../support/http'

// The OpenAPI document itself: it names exactly the calls app/routes.ts has
// under /api, the committed copies (docs/openapi.json and the example's
// types) are what `npm run openapi` would write now, it is served at
// /api/openapi.json and rendered at /api/docs without JavaScript, and the
// typed client example made from it runs against a real server. (Every
// answer of every API test is checked against it: tests/support/openapi-contract.ts.)

const { document, text } = openApiDocument()

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] }
function apiRoutePaths(entries: RouteEntry[]): string[] {
  return entries.flatMap((r) => [
    ...(r.path?.startsWith('api/') && r.file.includes('routes/api/') ? [`/${r.path}`] : []),
    ...apiRoutePaths(r.children ?? []),
  ])
}

let base: string
beforeAll(async () => {
  base = await startServer()
})

describe('the OpenAPI document', () => {
  it('names every call under /api that app/routes.ts has, and no other', () => {
    const fromRoutes = apiRoutePaths(routes as RouteEntry[])
      .filter((p) => p !== '/api/*')
      .map((p) => p.replace(/:(\w+)/g, '{$1}'))
      .sort()
    expect(Object.keys(document.paths).sort()).toEqual(fromRoutes)
    // Each call is described and says who may make it.
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, op] of Object.entries(methods)) {
        expect(op.summary, `${method} ${path}`).not.toBe('')
        expect(op['x-roles'].length, `${method} ${path}`).toBeGreaterThan(0)
        expect(op.responses['4XX'], `${method} ${path}`).toBeDefined()
      }
    expect(document.openapi).toBe('3.1.0')
  })

  it('is committed as `npm run openapi` writes it (docs/openapi.json and the example’s types)', async () => {
    const files = await openApiFiles()
    for (const file of [DOCUMENT_FILE, TYPES_FILE])
      expect(
        fs.readFileSync(file, 'utf8') === files[file],
        `${file} is stale: run npm run openapi and commit it`,
      ).toBe(true)
  })

  it('is served at /api/openapi.json, to anyone, with an ETag', async () => {
    const { client } = await loggedIn('anonymous')
    const res = await client.get('/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(res.body).toEqual(JSON.parse(text))
    const again = await client.get('/api/openapi.json', {
      'If-None-Match': res.headers.get('ETag')!,
    })
    expect(again.status).toBe(304)
  })

  it('is rendered at /api/docs without JavaScript: every call, who may make it, and every shape', async () => {
    const res = await fetch(`${base}/api/docs`)
    expect(res.status).toBe(200)
    const html = await res.text()
    for (const [path, methods] of Object.entries(document.paths))
      for (const method of Object.keys(methods))
        expect(html, `${method} ${path}`).toContain(
          `>${method.toUpperCase()}</span> <code>${path}</code>`,
        )
    for (const name of Object.keys(document.components.schemas))
      expect(html).toContain(`id="schema-${name}"`)
    expect(html).toContain('Who may call: The Owner and Managers.')
  })
})

describe('the typed client example (examples/typed-client.ts)', () => {
  it('logs in with a read-only staff token and lists the day’s arrivals', async () => {
    setNow('2031-08-01T14:00:00Z')
    const staff = await createUser({ role: 'employee', fname: 'Ines', lname: 'Frontdesk' })
    const made = await (
      await clientFor(staff)
    ).post('/api/tokens', {
      name: 'Arrivals script',
      read_only: true,
    })
    expect(made.status).toBe(201)
    const owner = await createUser()
    const pet = await createPet({ owner, name: 'Clementine', type: 'dog' })
    const service = await createService({ service: 'Long walk' })
    const booked = await (
      await clientFor(owner)
    ).post('/api/bookings', {
      client_id: owner.id,
      pet_id: pet.id,
      booking_type: 'boarding_care',
      drop_off_date: '2031-08-05 09:00:00',
      pick_up_date: '2031-08-07 10:00:00',
      services: [service.id],
    })
    expect(booked.status).toBe(201)
    setNow(undefined)

    const { stdout } = await promisify(execFile)(
      'npx',
      ['tsx', 'examples/typed-client.ts', '2031-08-05'],
      { env: { ...process.env, API_BASE: base, API_TOKEN: made.body.token } },
    )
    expect(stdout).toContain('Arrivals on 2031-08-05 (as Ines Frontdesk): 1')
    expect(stdout).toContain('09:00  Clementine (dog) — boarding, 3 days; Long walk [booked]')

    const refused = await promisify(execFile)('npx', ['tsx', 'examples/typed-client.ts'], {
      env: { ...process.env, API_BASE: base, API_TOKEN: 'pht_not-a-token' },
    }).catch((e: { code: number; stderr: string }) => e)
    expect(refused).toMatchObject({ code: 1 })
    expect((refused as { stderr: string }).stderr).toContain(
      'Not logged in: Invalid or revoked API token',
    )
  }, 60_000)
})
