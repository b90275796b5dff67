import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { speciesWithoutServices } from '../../app/domain/service'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { createPet, createService, createUser, loggedIn } from '../support/factories'
import { formOf } from '../support/forms'
import { Client, clientFor, startServer } from '../support/http'

// Services per species: a service is for dogs, cats or both (both when a
// client doesn't say, so the original clients keep working); the booking
// page offers a pet only the services for its species and the server
// refuses the others, as JSON and as a form; /services shows who each
// service is for and its description. The hotel's clock is pinned.

const NOW = '2031-03-02T17:00:00Z'

let base: string
beforeAll(async () => {
  base = await startServer()
})
beforeEach(() => setNow(NOW))
afterEach(() => setNow(undefined))

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

describe('species and description on the JSON API', () => {
  it('takes species and a description, defaults to both, and keeps them when an update leaves them out', async () => {
    const { client: manager } = await loggedIn('manager')
    const name = `Cat Enrichment Hour ${unique()}`
    const created = await manager.post('/api/services', {
      service: name,
      price: 15,
      staff: [],
      species: 'cat',
      description: '  Feather wands, tunnels and a sunny window.  ',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      service: name,
      species: 'cat',
      description: 'Feather wands, tunnels and a sunny window.',
    })
    // An update from a client that knows nothing of species keeps both fields.
    const kept = await manager.put(`/api/services/${created.body.id}`, {
      service: name,
      price: 16,
      staff: [],
    })
    expect(kept.body).toMatchObject({ price: 16, species: 'cat', description: expect.any(String) })
    expect(kept.body.description).not.toBe('')
    const changed = await manager.put(`/api/services/${created.body.id}`, {
      service: name,
      price: 16,
      staff: [],
      species: 'both',
      description: '',
    })
    expect(changed.body).toMatchObject({ species: 'both', description: '' })

    const plain = await manager.post('/api/services', {
      service: `Plain ${unique()}`,
      price: 5,
      staff: [],
    })
    expect(plain.body).toMatchObject({ species: 'both', description: '' })
  })

  it('refuses an unknown species and a long description with messages, changing nothing', async () => {
    const { client: manager } = await loggedIn('manager')
    const db = await getDb()
    const before = await db('services').count('* as n').first()
    for (const species of ['hamster', 'Dog', 7, true, [], {}])
      expect(
        (
          await manager.post('/api/services', {
            service: `Odd ${unique()}`,
            price: 5,
            species,
          })
        ).body.errors,
        JSON.stringify(species),
      ).toEqual({ species: 'Species must be dog, cat or both' })
    const long = await manager.post('/api/services', {
      service: `Long ${unique()}`,
      price: 5,
      description: 'x'.repeat(301),
    })
    expect(long.status).toBe(400)
    expect(long.body.errors).toEqual({ description: 'Description must be at most 300 characters' })
    const nul = await manager.post('/api/services', {
      service: `Nul ${unique()}`,
      price: 5,
      description: 'a\u0000b',
    })
    expect(nul.body.errors).toEqual({
      description: 'Description must be text without null characters',
    })
    expect(await db('services').count('* as n').first()).toEqual(before)
  })
})

describe('booking a pet only for the services of its species', () => {
  async function hotel() {
    const client = await createUser()
    const dog = await createPet({ owner: client, type: 'dog', name: 'Rex' })
    const cat = await createPet({ owner: client, type: 'cat', name: 'Tom' })
    const forCats = await createService({ service: `Cat Enrichment Hour ${unique()}` })
    const forDogs = await createService({ service: `Long Walk ${unique()}` })
    const forBoth = await createService({ service: `Brushing ${unique()}` })
    const db = await getDb()
    await db('services').where({ id: forCats.id }).update({ species: 'cat' })
    await db('services').where({ id: forDogs.id }).update({ species: 'dog' })
    return { client, dog, cat, forCats, forDogs, forBoth, c: await clientFor(client) }
  }
  const stay = (clientId: number, petId: number, services: number[]) => ({
    client_id: clientId,
    pet_id: petId,
    booking_type: 'day_care',
    drop_off_date: '2031-03-10 09:00:00',
    pick_up_date: '2031-03-10 17:00:00',
    services,
  })

  it('refuses a dog a service for cats with a message naming it, and books the right ones', async () => {
    const h = await hotel()
    const db = await getDb()
    const refused = await h.c.post(
      '/api/bookings',
      stay(h.client.id, h.dog.id, [h.forBoth.id, h.forCats.id]),
    )
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      message: 'Create Booking Failed',
      errors: { services: `${h.forCats.service} is not offered for dogs` },
    })
    expect(await db('bookings').where({ pet_id: h.dog.id })).toEqual([])

    const dogStay = await h.c.post(
      '/api/bookings',
      stay(h.client.id, h.dog.id, [h.forDogs.id, h.forBoth.id]),
    )
    expect(dogStay.status).toBe(201)
    const catStay = await h.c.post('/api/bookings', stay(h.client.id, h.cat.id, [h.forCats.id]))
    expect(catStay.status).toBe(201)
    // And an update is held to the same rule.
    const update = await h.c.put(`/api/bookings/${catStay.body.booking.id}`, {
      ...stay(h.client.id, h.cat.id, [h.forDogs.id]),
    })
    expect(update.status).toBe(400)
    expect(update.body.errors).toEqual({
      services: `${h.forDogs.service} is not offered for cats`,
    })
  })

  it('offers each pet only its services on the booking page, and refuses the others there too', async () => {
    const h = await hotel()
    const dogPage = (await h.c.get(`/bookings/pet/${h.dog.id}`)).body as string
    expect(dogPage).toContain(h.forDogs.service)
    expect(dogPage).toContain(h.forBoth.service)
    expect(dogPage).not.toContain(h.forCats.service)
    const catPage = (await h.c.get(`/bookings/pet/${h.cat.id}`)).body as string
    expect(catPage).toContain(h.forCats.service)
    expect(catPage).not.toContain(h.forDogs.service)

    // A form posted with a service the page never offered (an old tab, a crafted post).
    const fields = {
      booking_type: 'day_care',
      drop_off_date: '2031-03-10',
      drop_off_time: '09:00',
      pick_up_date: '2031-03-10',
      pick_up_time: '17:00',
    }
    for (const intent of ['create', 'quote']) {
      const res = await h.c.postForm(
        `/bookings/pet/${h.dog.id}`,
        formOf({ intent, ...fields, services: String(h.forCats.id) }),
      )
      expect(res.status, intent).toBe(400)
      expect(res.body).toContain('is not offered for dogs')
    }
    const db = await getDb()
    expect(await db('bookings').where({ pet_id: h.dog.id })).toEqual([])
  })
})

describe('the /services page', () => {
  it('says who each service is for and shows its description', async () => {
    const name = `Catnip Garden ${unique()}`
    const s = await createService({ service: name })
    const db = await getDb()
    await db('services')
      .where({ id: s.id })
      .update({ species: 'cat', description: 'Fresh catnip in a quiet corner.' })
    const page = (await new Client(base).get('/services')).body as string
    const card = page.slice(page.indexOf(name), page.indexOf(name) + 2000)
    expect(card).toContain('Cats only')
    expect(card).toContain('Fresh catnip in a quiet corner.')
  })

  it('creates a service for one species with a description from the form, and clears the description', async () => {
    const { client: manager } = await loggedIn('manager')
    const name = `Form Made ${unique()}`
    const created = await manager.postForm(
      '/services',
      formOf({
        intent: 'create',
        service: name,
        price: '9.50',
        species: 'dog',
        description: 'A run in the yard.',
      }),
    )
    expect(created.status).toBe(302)
    const id = Number(/created=(\d+)/.exec(created.headers.get('location') ?? '')?.[1])
    expect((await manager.get(`/api/services/${id}`)).body).toMatchObject({
      species: 'dog',
      description: 'A run in the yard.',
    })
    const cleared = await manager.postForm(
      '/services',
      formOf({
        intent: 'update',
        id: String(id),
        service: name,
        price: '9.50',
        species: 'both',
        description: '',
      }),
    )
    expect(cleared.status).toBe(302)
    expect((await manager.get(`/api/services/${id}`)).body).toMatchObject({
      species: 'both',
      description: '',
    })
  })
})

describe('speciesWithoutServices', () => {
  it('names the species no service is for (a warning on /services)', () => {
    expect(speciesWithoutServices([])).toEqual(['dog', 'cat'])
    expect(speciesWithoutServices([{ species: 'both' }])).toEqual([])
    expect(speciesWithoutServices([{ species: 'dog' }])).toEqual(['cat'])
    expect(speciesWithoutServices([{ species: 'cat' }, { species: 'cat' }])).toEqual(['dog'])
    expect(speciesWithoutServices([{ species: 'cat' }, { species: 'dog' }])).toEqual([])
  })
})
