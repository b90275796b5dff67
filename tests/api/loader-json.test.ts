import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, seedDemoData } from '../../app/models/demo-seed.server'
import { Client, startServer } from '../support/http'

// The pages whose data grows with the hotel send it as one JSON text
// (app/components/loader-json.ts, decision 060): what the browser receives —
// a navigation's `.data`, decoded as React Router decodes it — is an object
// with that text alone (the value the server rendered from, kept beside it,
// is not sent twice), and the text is the page's data, which the page shows.

let base: string
const as: Record<string, Client> = {}
beforeAll(async () => {
  await seedDemoData()
  base = await startServer()
  for (const who of ['employee', 'manager']) {
    as[who] = new Client(base)
    await as[who].login(`demo-${who}@example.com`, DEMO_PASSWORD)
  }
})

/** A route's loader data as a navigation in the browser receives it. */
async function routeData(client: Client, path: string, routeId: string) {
  const res = await fetch(`${base}${path}`, { headers: { Cookie: client.cookie } })
  expect(res.status, path).toBe(200)
  const { value } = await decodeViaTurboStream(res.body!, globalThis)
  return (value as Record<string, { data: unknown }>)[routeId]!.data
}

const PAGES = [
  { who: 'employee', path: '/bookingsByDate', route: 'routes/bookings-by-date', list: 'sheet' },
  { who: 'manager', path: '/bookings', route: 'routes/bookings', list: 'bookings' },
  { who: 'manager', path: '/users', route: 'routes/users', list: 'groups' },
  { who: 'employee', path: '/pets', route: 'routes/pets', list: 'pets' },
]

describe('the data-heavy pages send their data as one JSON text', () => {
  for (const { who, path, route, list } of PAGES)
    it(`${path} (${who})`, async () => {
      const data = (await routeData(as[who], `${path}.data`, route)) as { json: string }
      expect(Object.keys(data)).toEqual(['json'])
      const value = JSON.parse(data.json) as Record<string, unknown>
      expect(value[list], path).toBeTruthy()
      // The page is rendered from that same data: its names are in it.
      const page = await as[who].get(path)
      // (Names HTML writes as they are: letters, spaces, dots and hyphens.)
      const names = [...data.json.matchAll(/"(?:name|fname)":"([A-Za-z][A-Za-z .-]*)"/g)].map(
        (m) => m[1],
      )
      expect(names.length, path).toBeGreaterThan(0)
      for (const name of names.slice(0, 10)) expect(page.body, `${path}: ${name}`).toContain(name)
    })
})
