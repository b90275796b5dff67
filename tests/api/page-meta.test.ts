import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, seedDemoData } from '../../app/models/demo-seed.server'
import { Client, startServer } from '../support/http'

// Every page says what it is in its <head>: a title, and a description of its
// own (what search engines and link previews show), whoever asks for it.

let base: string
let manager: Client
let petId: number
beforeAll(async () => {
  await seedDemoData()
  base = await startServer()
  manager = new Client(base)
  await manager.login('demo-manager@example.com', DEMO_PASSWORD)
  petId = (await manager.get('/api/pets')).body.Pets[0].id
})

function head(html: string) {
  const descriptions = [...html.matchAll(/<meta name="description" content="([^"]*)"/g)]
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    descriptions: descriptions.map((m) => m[1]),
  }
}

const PUBLIC_PAGES = ['/', '/services', '/reviews', '/login', '/signup']
const STAFF_PAGES = () => [
  '/pets',
  '/pets/new',
  `/pets/${petId}`,
  `/pets/${petId}/edit`,
  '/bookings',
  `/bookings/pet/${petId}`,
  '/bookingsByDate',
  '/users',
  '/settings',
  '/account',
  '/account/delete',
]

describe('<meta name="description">', () => {
  it('every public page has one description of its own', async () => {
    const seen = new Map<string, string>()
    for (const page of PUBLIC_PAGES) {
      const res = await new Client(base).get(page)
      expect(res.status, page).toBe(200)
      const { title, descriptions } = head(res.body)
      expect(title, page).toBeTruthy()
      expect(descriptions, page).toHaveLength(1)
      expect(descriptions[0].length, `${page}: "${descriptions[0]}"`).toBeGreaterThanOrEqual(40)
      expect(seen.get(descriptions[0]), `${page} repeats a description`).toBeUndefined()
      seen.set(descriptions[0], page)
    }
  })

  it('every page behind a login has one too', async () => {
    for (const page of STAFF_PAGES()) {
      const res = await manager.get(page)
      expect(res.status, page).toBe(200)
      const { title, descriptions } = head(res.body)
      expect(title, page).toBeTruthy()
      expect(descriptions, page).toHaveLength(1)
      expect(descriptions[0].length, `${page}: "${descriptions[0]}"`).toBeGreaterThanOrEqual(30)
    }
  })
})
