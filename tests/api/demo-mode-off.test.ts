import { beforeAll, describe, expect, it } from 'vitest'
import { seedDemoData } from '../../app/models/demo-seed.server'
import { Client, startServer } from '../support/http'
import { formOf } from '../support/forms'

// DEMO_MODE=false (production): no demo login, no Demo menu — even if demo
// accounts happen to exist in the database. Set before the app first reads its
// environment, so this file's server runs with demo mode off.
process.env.DEMO_MODE = 'false'

let base: string
beforeAll(async () => {
  await seedDemoData()
  base = await startServer()
})

const form = formOf

describe('demo mode off', () => {
  it('answers 404 to /demo-login and shows no demo menu', async () => {
    const c = new Client(base)
    expect((await c.postForm('/demo-login', form({ account: 'owner' }))).status).toBe(404)
    expect((await c.get('/api/auth')).status).toBe(401)
    const landing = await c.get('/')
    expect(landing.status).toBe(200)
    expect(landing.body).not.toContain('Log in as Owner')
    const login = await c.get('/login')
    expect(login.body).not.toContain('demo account')
  })
})
