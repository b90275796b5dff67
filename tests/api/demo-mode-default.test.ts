import { afterEach, describe, expect, it } from 'vitest'
import { getEnv, resetEnvCache } from '../../app/infra/env.server'
import { Client } from '../support/http'
import { spawnServer, type SpawnedServer } from '../../scripts/lib/spawn-server'

// Demo accounts share a published password and a one-click login. They are a
// default only where nobody else can reach them: the embedded database
// outside production (the newcomer's `npm start`). With DATABASE_URL or in
// production they exist only when DEMO_MODE=true is set, and then the server
// warns loudly on start.

const saved = { ...process.env }
afterEach(() => {
  for (const key of ['DEMO_MODE', 'DATABASE_URL', 'NODE_ENV'])
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  resetEnvCache()
})

function demoModeWith(env: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(env))
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  resetEnvCache()
  return getEnv().DEMO_MODE
}

describe('the default', () => {
  it('is on for the embedded database outside production, off otherwise; DEMO_MODE decides when set', () => {
    const pg = 'postgres://hotel@db.internal/hotel'
    expect(
      demoModeWith({ DEMO_MODE: undefined, DATABASE_URL: undefined, NODE_ENV: 'development' }),
    ).toBe(true)
    expect(demoModeWith({ DEMO_MODE: undefined, DATABASE_URL: pg, NODE_ENV: 'development' })).toBe(
      false,
    )
    expect(
      demoModeWith({ DEMO_MODE: undefined, DATABASE_URL: undefined, NODE_ENV: 'production' }),
    ).toBe(false)
    expect(demoModeWith({ DEMO_MODE: undefined, DATABASE_URL: pg, NODE_ENV: 'production' })).toBe(
      false,
    )
    expect(demoModeWith({ DEMO_MODE: 'true', DATABASE_URL: pg, NODE_ENV: 'production' })).toBe(true)
    expect(
      demoModeWith({ DEMO_MODE: 'false', DATABASE_URL: undefined, NODE_ENV: 'development' }),
    ).toBe(false)
  })
})

async function expectNoDemo(server: SpawnedServer) {
  const c = new Client(server.url)
  const form = new FormData()
  form.set('account', 'owner')
  expect((await c.postForm('/demo-login', form)).status).toBe(404)
  const failed = await c.post('/api/auth/login', {
    email: 'demo-owner@example.com',
    password: 'password',
  })
  expect(failed.status).toBe(401)
  expect((await c.get('/')).body).not.toContain('Log in as Owner')
}

// This file's database: PostgreSQL when the suite runs on it, else none.
const databaseUrl = process.env.DATABASE_URL

describe('a server started without DEMO_MODE', () => {
  it('in production seeds no demo accounts and has no demo login', async () => {
    const server = await spawnServer({ DEMO_MODE: undefined, NODE_ENV: 'production' })
    try {
      await expectNoDemo(server)
    } finally {
      await server.stop()
    }
  }, 60_000)

  it(
    databaseUrl
      ? 'on PostgreSQL (DATABASE_URL) seeds no demo accounts and has no demo login'
      : 'on the embedded database outside production seeds the demo hotel (the newcomer’s npm start)',
    async () => {
      const server = await spawnServer({ DEMO_MODE: undefined, NODE_ENV: 'development' })
      try {
        if (databaseUrl) await expectNoDemo(server)
        else {
          const c = new Client(server.url)
          await c.login('demo-owner@example.com', 'password')
          expect((await c.get('/api/auth')).body.position).toBe('Owner')
        }
      } finally {
        await server.stop()
      }
    },
    60_000,
  )
})

describe('demo accounts in production', () => {
  it('make the server warn loudly on start', async () => {
    const server = await spawnServer({ DEMO_MODE: 'true', NODE_ENV: 'production' })
    try {
      const warning = server.logs.find((l) =>
        String(l.msg).includes('DEMO ACCOUNTS EXIST IN PRODUCTION'),
      )
      expect(warning?.level).toBe(40) // warn
    } finally {
      await server.stop()
    }
  }, 60_000)
})
