import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../app/infra/db.server'
import { startCluster, type Cluster } from '../../scripts/lib/cluster'
import { createPet, createService, createUser } from '../support/factories'
import { Client } from '../support/http'

// Two app servers behind nginx on one PostgreSQL database, photos on a local
// S3 (s3rver): what one server does, the other sees. Runs only on PostgreSQL
// (the embedded database belongs to one process); vitest.config.ts leaves
// this file out otherwise and `npm test` says so.

const FIXED_NOW = '2026-11-23T15:00:00Z'
let cluster: Cluster
let a: string
let b: string
let manager: { email: string }
let serviceId: number

beforeAll(async () => {
  // Made before the servers start, so both read them from the database.
  manager = await createUser({ role: 'manager' })
  serviceId = (await createService({ service: 'Cluster Bath', priceCents: 2000 })).id
  cluster = await startCluster({
    databaseUrl: process.env.DATABASE_URL!,
    env: {
      NODE_ENV: 'test',
      FIXED_NOW,
      DEMO_MODE: 'false',
      RATE_LIMIT_LOGINS_PER_IP: '10000',
    },
    quiet: true,
  })
  ;[a, b] = cluster.servers.map((s) => s.url)
}, 120_000)

afterAll(async () => {
  await cluster?.stop()
})

describe('two servers behind nginx', () => {
  it('share sessions: a login on one server works on the other, and nginx uses both', async () => {
    const user = await createUser()
    const onA = new Client(a)
    await onA.login(user.email)
    const onB = new Client(b)
    onB.cookie = onA.cookie
    const me = await onB.get('/api/auth')
    expect(me.status).toBe(200)
    expect(me.body.user ?? me.body).toMatchObject({ id: user.id })

    const viaNginx = new Client(cluster.url)
    await viaNginx.login(user.email)
    const upstreams = new Set<string>()
    for (let i = 0; i < 6; i++) {
      const res = await viaNginx.get('/api/auth')
      expect(res.status).toBe(200)
      upstreams.add(res.headers.get('x-upstream')!)
    }
    expect(upstreams.size).toBe(2)
  })

  it('give the last kennel to exactly one of ten dogs booked at once across both servers', async () => {
    const db = await getDb()
    await db('hotel_settings').where({ id: 1 }).update({ dog_kennels: 1 })
    const racers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const owner = await createUser()
        const pet = await createPet({ owner, type: 'dog', name: `Racer${i}` })
        const c = new Client(i % 2 ? a : b)
        await c.login(owner.email)
        return { c, owner, pet }
      }),
    )
    const results = await Promise.all(
      racers.map(({ c, owner, pet }) =>
        c.post('/api/bookings', {
          client_id: owner.id,
          pet_id: pet.id,
          booking_type: 'boarding_care',
          drop_off_date: '2027-01-10 10:00:00',
          pick_up_date: '2027-01-12 10:00:00',
          services: [serviceId],
        }),
      ),
    )
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)])
    const petIds = racers.map((r) => r.pet.id)
    expect(Number((await db('bookings').whereIn('pet_id', petIds).count({ n: '*' }))[0].n)).toBe(1)
  })

  it('count failed logins together: ten wrong passwords split across both servers lock the account on either', async () => {
    const user = await createUser()
    for (let i = 0; i < 10; i++) {
      const res = await new Client(i % 2 ? a : b).post('/api/auth/login', {
        email: user.email,
        password: 'wrong password',
      })
      expect(res.status, `try ${i + 1}`).toBe(401)
    }
    for (const server of [a, b]) {
      const res = await new Client(server).post('/api/auth/login', {
        email: user.email,
        password: 'wrong password',
      })
      expect(res.status).toBe(429)
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    }
  })

  it('serve a photo uploaded through one server from the other', async () => {
    const owner = await createUser()
    const onA = new Client(a)
    await onA.login(owner.email)
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer()
    const form = new FormData()
    for (const [k, v] of Object.entries({
      name: 'Shared',
      type: 'dog',
      breed: 'Collie',
      age: '4',
      gender: 'female',
      color: 'Blue',
      weight: '20',
      dob: '2022-02-02',
      size: 'a heckin chonker',
      behavior: 'calm',
    }))
      form.append(k, v)
    form.append('preview_image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'p.png')
    const created = await onA.postForm('/api/pets', form)
    expect(created.status).toBe(201)
    const url: string = created.body.preview_image
    const fromA = await fetch(a + url)
    const fromB = await fetch(b + url)
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('content-type')).toBe('image/webp')
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()))
  })

  it('keep the read cache fresh: a service changed on one server shows on the other within a second', async () => {
    const priceOn = async (server: string) => {
      const res = await new Client(server).get('/api/services')
      return res.body.services.find((s: { id: number }) => s.id === serviceId)?.price
    }
    // The visitor's /services page, which each server keeps rendered (server/visitor-pages.ts).
    const pageOn = async (server: string) => (await fetch(`${server}/services`)).text()
    // Server B has the service in its cache, and the page.
    expect(await priceOn(b)).toBe(20)
    expect(await priceOn(b)).toBe(20)
    expect(await pageOn(b)).toContain('$20.00')
    expect(await pageOn(b)).toContain('$20.00')

    const m = new Client(a)
    await m.login(manager.email)
    const put = await m.put(`/api/services/${serviceId}`, {
      service: 'Cluster Bath',
      price: 24.5,
      staff: [],
    })
    expect(put.status).toBe(200)
    const changedAt = performance.now()
    let seen = await priceOn(b)
    while (seen !== 24.5 && performance.now() - changedAt < 1000) seen = await priceOn(b)
    expect(seen).toBe(24.5)
    let page = await pageOn(b)
    while (!page.includes('$24.50') && performance.now() - changedAt < 1000) page = await pageOn(b)
    expect(page).toContain('$24.50')
    expect(page).not.toContain('$20.00')
    expect(performance.now() - changedAt).toBeLessThan(1000)
  })
})
