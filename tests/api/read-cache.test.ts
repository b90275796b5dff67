import { describe, expect, it } from 'vitest'
import { getDb } from '../../app/infra/db.server'
import { setNow } from '../../app/infra/clock.server'
import {
  applyVersions,
  cached,
  clearReadCache,
  dropTopics,
} from '../../app/infra/read-cache.server'
import { readVersions } from '../../app/models/cache-versions.server'
import { getHotelSettings, updateHotelSettings } from '../../app/models/hotel-settings.server'
import { choosePetOfTheMonth, getPetOfTheMonth } from '../../app/models/pet-of-the-month.server'
import { listTopReviews } from '../../app/models/review.server'
import { listServices, updateService } from '../../app/models/service.server'
import { recordStay } from '../../app/models/booking/record-stay.server'
import { createBooking } from '../../app/models/booking/write.server'
import { updatePet } from '../../app/models/pet/write.server'
import {
  SETUP_ACTOR,
  createPet,
  createReview,
  createService,
  createUser,
} from '../support/factories'

// The read cache keeps services, settings, top reviews and the Pet of the
// Month in memory. These tests prove its two promises: a write through the
// models is visible at once on this server, and a write by another server
// (simulated: rows and version changed behind this process's back) is seen
// as soon as the versions are polled — and not a moment before, which is
// what shows the cache is really in use.

/** What another app server does: change rows and bump the topic's version, in one transaction. */
async function writeElsewhere(
  topic: string,
  write: (db: Awaited<ReturnType<typeof getDb>>) => Promise<unknown>,
) {
  const db = await getDb()
  await db.transaction(async (trx) => {
    await write(trx as never)
    await trx.raw(
      `INSERT INTO cache_versions (name, version) VALUES (?, 1)
       ON CONFLICT (name) DO UPDATE SET version = cache_versions.version + 1`,
      [topic],
    )
  })
}

const poll = async () => applyVersions(await readVersions())

describe('read cache', () => {
  it('loads once for callers that ask together, and hands out a frozen value', async () => {
    clearReadCache()
    let loads = 0
    const load = async () => {
      loads += 1
      return { list: [{ n: 1 }] }
    }
    const [a, b] = await Promise.all([cached('services', 'k', load), cached('services', 'k', load)])
    expect(loads).toBe(1)
    expect(a).toBe(b)
    expect(Object.isFrozen(a.list[0])).toBe(true)
    expect(() => {
      ;(a.list as { n: number }[]).push({ n: 2 })
    }).toThrow(TypeError)
  })

  it('does not keep a value whose topic was dropped while it loaded', async () => {
    clearReadCache()
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let loads = 0
    const slow = async () => {
      loads += 1
      await gate
      return loads
    }
    const first = cached('reviews', 'k', slow)
    dropTopics(['reviews'])
    release()
    expect(await first).toBe(1)
    expect(await cached('reviews', 'k', slow)).toBe(2)
  })

  it('forgets a failed load, so the next caller tries again', async () => {
    clearReadCache()
    await expect(
      cached('settings', 'k', async () => {
        throw new Error('database away')
      }),
    ).rejects.toThrow('database away')
    expect(await cached('settings', 'k', async () => 'fine')).toBe('fine')
  })

  it('services: a write through the model shows at once; another server’s write after the poll', async () => {
    await poll()
    const s = await createService({ service: 'Cache Walk', priceCents: 1000 })
    expect((await listServices()).find((x) => x.id === s.id)?.priceCents).toBe(1000)
    await updateService({
      actor: SETUP_ACTOR,
      id: s.id,
      input: { service: 'Cache Walk', price: 1200, staff: [] },
    })
    expect((await listServices()).find((x) => x.id === s.id)?.priceCents).toBe(1200)

    await writeElsewhere('services', (db) =>
      db('services').where({ id: s.id }).update({ price_cents: 1500 }),
    )
    // Not yet polled: this server still serves its copy (the cache is in use).
    expect((await listServices()).find((x) => x.id === s.id)?.priceCents).toBe(1200)
    expect(await poll()).toEqual(['services'])
    expect((await listServices()).find((x) => x.id === s.id)?.priceCents).toBe(1500)
  })

  it('settings: cached for pages, read afresh inside a transaction', async () => {
    await poll()
    const before = await getHotelSettings()
    await writeElsewhere('settings', (db) =>
      db('hotel_settings')
        .where({ id: 1 })
        .update({ dog_kennels: before.dog_kennels + 7 }),
    )
    expect((await getHotelSettings()).dog_kennels).toBe(before.dog_kennels)
    const db = await getDb()
    const fresh = await db.transaction((trx) => getHotelSettings({ trx }))
    expect(fresh.dog_kennels).toBe(before.dog_kennels + 7)
    await poll()
    expect((await getHotelSettings()).dog_kennels).toBe(before.dog_kennels + 7)
    await updateHotelSettings({
      actor: SETUP_ACTOR,
      input: {
        dog_kennels: 3,
        cat_condos: fresh.cat_condos,
        day_care_places: fresh.day_care_places,
        day_care_daily_price: fresh.day_care_daily_price_cents,
        boarding_daily_price: fresh.boarding_daily_price_cents,
      },
    })
    expect((await getHotelSettings()).dog_kennels).toBe(3)
  })

  it('top reviews: a new review shows at once; a callers’ limit takes the first few', async () => {
    await poll()
    const author = await createUser({ role: 'client' })
    const review = await createReview({ author, paws: 5, review: 'Cached and fresh' })
    const top = await listTopReviews({ limit: 3 })
    expect(top.length).toBeLessThanOrEqual(3)
    expect(top[0].id).toBe(review.id)
    await writeElsewhere('reviews', (db) => db('reviews').where({ id: review.id }).delete())
    expect((await listTopReviews({ limit: 3 }))[0].id).toBe(review.id)
    await poll()
    expect((await listTopReviews({ limit: 3 })).map((r) => r.id)).not.toContain(review.id)
  })

  it('Pet of the Month: a choice and a rename each show at once', async () => {
    setNow('2026-11-20T15:00:00Z')
    await poll()
    const owner = await createUser({ role: 'client' })
    const pet = await createPet({ owner, name: 'Biscuit' })
    expect((await getPetOfTheMonth())?.pet.id).not.toBe(pet.id)
    await choosePetOfTheMonth({ actor: SETUP_ACTOR, petId: pet.id, note: 'Best boy' })
    expect(await getPetOfTheMonth()).toMatchObject({ source: 'chosen', pet: { name: 'Biscuit' } })
    await updatePet({
      actor: SETUP_ACTOR,
      id: pet.id,
      fields: {
        name: 'Sir Biscuit',
        type: 'dog',
        breed: 'Beagle',
        age: 3,
        gender: 'male',
        color: 'Tricolor',
        weight: 24,
        dob: '2022-05-01',
        size: 'he chomnk',
        behavior: 'playful',
        medication_note: '',
        dietary_note: '',
      },
    })
    expect((await getPetOfTheMonth())?.pet.name).toBe('Sir Biscuit')
  })

  it('Pet of the Month: a booking that starts this month or later leaves it; a stay last month changes it', async () => {
    setNow('2030-06-20T15:00:00Z')
    await poll()
    const owner = await createUser({ role: 'client' })
    const pet = await createPet({ owner, name: 'Future', type: 'dog' })
    const walk = await createService()
    expect(await getPetOfTheMonth()).toBeNull()
    const before = await readVersions()
    await createBooking({
      actor: SETUP_ACTOR,
      input: {
        client_id: owner.id,
        pet_id: pet.id,
        booking_type: 'boarding_care',
        drop_off_date: '2030-07-01 09:00:00',
        pick_up_date: '2030-07-03 17:00:00',
        services: [walk.id],
      },
    })
    // Last month's counts cannot change: the cached Pet of the Month stays.
    expect(await getPetOfTheMonth()).toBeNull()
    expect((await readVersions()).get('pet-of-the-month')).toBe(before.get('pet-of-the-month'))

    // A stay recorded in May makes this pet June's most booked.
    await recordStay({
      petId: pet.id,
      bookingType: 'boarding_care',
      dropOff: '2030-05-01 09:00:00',
      pickUp: '2030-05-31 17:00:00',
      serviceIds: [walk.id],
    })
    expect(await getPetOfTheMonth()).toMatchObject({ source: 'most_booked', pet: { id: pet.id } })
  })
})
