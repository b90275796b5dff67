import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { changed } from '../../app/models/cache-versions.server'
import { createPet, createService, createUser, loggedIn } from '../support/factories'
import { formOf, image } from '../support/forms'
import { clientFor, startServer, type Client } from '../support/http'

// Vaccination records over real HTTP: the owner and staff keep them (JSON
// and the pet page's forms), only staff verify; the front desk refuses to
// check in a pet whose required vaccine is missing or runs out before its
// pick-up date (one expiring on the pick-up day covers the stay); a booking
// tells its client what is missing (vaccinations_missing, the page, the
// mail), and with the hotel's setting on is refused for it. New York time;
// the clock is pinned to 2026-11-23 10:00.

const at = (wall: string) => setNow(new Date(`${wall.replace(' ', 'T')}-05:00`))

beforeAll(async () => {
  await startServer()
})
beforeEach(() => at('2026-11-23 10:00:00'))
afterEach(async () => {
  setNow(undefined)
  const db = await getDb()
  await db('hotel_settings').update({ vaccinations_required_to_book: false })
  await changed(db, ['settings'])
})

type Owner = { c: Client; user: { id: number; email: string }; pet: { id: number } }

/** A client with a dog that has no vaccination records. */
async function unvaccinatedDog(name = 'Rex'): Promise<Owner> {
  const user = await createUser({ fname: `${name}'s owner` })
  const pet = await createPet({ owner: user, name, type: 'dog', vaccinated: false })
  return { user, pet, c: await clientFor(user) }
}

let service: { id: number }
async function book(o: Owner, dropOff: string, pickUp: string) {
  service ??= await createService()
  return o.c.post('/api/bookings', {
    client_id: o.user.id,
    pet_id: o.pet.id,
    booking_type: 'boarding_care',
    drop_off_date: dropOff,
    pick_up_date: pickUp,
    services: [service.id],
  })
}

const record = (vaccine: string, expires_on: string, given_on = '2026-01-10') => ({
  vaccine,
  given_on,
  expires_on,
})

async function vaccinate(o: Owner, expiries: Record<string, string>) {
  for (const [vaccine, expires] of Object.entries(expiries)) {
    const res = await o.c.post(`/api/pets/${o.pet.id}/vaccinations`, record(vaccine, expires))
    expect(res.status).toBe(201)
  }
}

describe('/api/pets/{id}/vaccinations', () => {
  it('lets the owner add, list, change and delete records; a change makes it unverified', async () => {
    const rex = await unvaccinatedDog()
    expect((await rex.c.get(`/api/pets/${rex.pet.id}/vaccinations`)).body).toEqual({
      vaccinations: [],
    })
    const added = await rex.c.post(`/api/pets/${rex.pet.id}/vaccinations`, {
      vaccine: '  Rabies ',
      given_on: '2026-01-10',
      expires_on: '2027-01-10',
    })
    expect(added.status).toBe(201)
    expect(added.body.vaccination).toEqual({
      id: expect.any(Number),
      pet_id: rex.pet.id,
      vaccine: 'Rabies',
      given_on: '2026-01-10',
      expires_on: '2027-01-10',
      verified: false,
      certificate_url: null,
    })
    const id = added.body.vaccination.id
    await rex.c.post(`/api/pets/${rex.pet.id}/vaccinations`, record('DHPP', '2028-03-01'))
    const list = (await rex.c.get(`/api/pets/${rex.pet.id}/vaccinations`)).body.vaccinations
    expect(list.map((v: { vaccine: string }) => v.vaccine)).toEqual(['DHPP', 'Rabies'])

    // Staff verify it; the owner changing it afterwards makes it unverified again.
    const { client: staff } = await loggedIn('employee')
    const verified = await staff.put(`/api/pets/${rex.pet.id}/vaccinations/${id}`, {
      ...record('Rabies', '2027-01-10'),
      verified: true,
    })
    expect(verified.status).toBe(200)
    expect(verified.body.vaccination.verified).toBe(true)
    const kept = await staff.put(
      `/api/pets/${rex.pet.id}/vaccinations/${id}`,
      record('Rabies', '2027-02-10'),
    )
    expect(kept.body.vaccination).toMatchObject({ verified: true, expires_on: '2027-02-10' })
    const changed = await rex.c.put(
      `/api/pets/${rex.pet.id}/vaccinations/${id}`,
      record('Rabies', '2027-03-10'),
    )
    expect(changed.status).toBe(200)
    expect(changed.body.vaccination).toMatchObject({ verified: false, expires_on: '2027-03-10' })

    const deleted = await rex.c.delete(`/api/pets/${rex.pet.id}/vaccinations/${id}`)
    expect(deleted.status).toBe(200)
    expect((await rex.c.delete(`/api/pets/${rex.pet.id}/vaccinations/${id}`)).status).toBe(404)
    expect(
      (await rex.c.get(`/api/pets/${rex.pet.id}/vaccinations`)).body.vaccinations,
    ).toHaveLength(1)
  })

  it('is for the owner and staff only; a client cannot verify', async () => {
    const rex = await unvaccinatedDog()
    await vaccinate(rex, { Rabies: '2027-06-01' })
    const [mine] = (await rex.c.get(`/api/pets/${rex.pet.id}/vaccinations`)).body.vaccinations
    const url = `/api/pets/${rex.pet.id}/vaccinations`
    const db = await getDb()
    const before = await db('vaccinations').where({ pet_id: rex.pet.id }).orderBy('id')

    const anonymous = (await loggedIn('anonymous')).client
    expect((await anonymous.get(url)).status).toBe(401)
    expect((await anonymous.post(url, record('DHPP', '2027-01-01'))).status).toBe(401)
    const other = (await loggedIn('client')).client
    for (const res of [
      await other.get(url),
      await other.post(url, record('DHPP', '2027-01-01')),
      await other.put(`${url}/${mine.id}`, record('Rabies', '2030-01-01')),
      await other.delete(`${url}/${mine.id}`),
    ])
      expect(res.status).toBe(403)
    // Another pet's record, through this pet's address: not found.
    const bella = await unvaccinatedDog('Bella')
    expect((await bella.c.delete(`/api/pets/${bella.pet.id}/vaccinations/${mine.id}`)).status).toBe(
      404,
    )
    const selfVerified = await rex.c.post(url, { ...record('DHPP', '2027-01-01'), verified: true })
    expect(selfVerified.status).toBe(403)
    expect(selfVerified.body.message).toBe('Only staff can mark a vaccination verified')
    expect(await db('vaccinations').where({ pet_id: rex.pet.id }).orderBy('id')).toEqual(before)

    for (const role of ['employee', 'manager', 'owner'] as const) {
      const { client } = await loggedIn(role)
      expect((await client.get(url)).status, role).toBe(200)
    }
    expect((await rex.c.get(`/api/pets/999999/vaccinations`)).status).toBe(404)
    expect((await rex.c.post(`${url}/${mine.id}`, {})).status).toBe(405)
    expect((await rex.c.get(`${url}/${mine.id}`)).status).toBe(405)
  })

  it('refuses bad records with messages and keeps nothing', async () => {
    const rex = await unvaccinatedDog()
    const url = `/api/pets/${rex.pet.id}/vaccinations`
    const cases: [unknown, Record<string, string>][] = [
      [{}, { vaccine: 'Vaccine is required' }],
      [
        record('Rabies', '2027-01-01', '2026-11-24'),
        { given_on: 'Date given cannot be in the future' },
      ],
      [
        record('Rabies', '2026-01-10', '2026-01-10'),
        { expires_on: 'Expiry date must be after the date given' },
      ],
      [record('x'.repeat(61), '2027-01-01'), { vaccine: 'Vaccine must be at most 60 characters' }],
      [record('Rabies', '2027-02-30'), { expires_on: expect.any(String) }],
      [record('Rabies', '99999-01-01'), { expires_on: expect.any(String) }],
      [{ vaccine: ['Rabies'], given_on: 5, expires_on: null }, { vaccine: expect.any(String) }],
    ]
    for (const [body, errors] of cases) {
      const res = await rex.c.post(url, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toBe('Vaccination was not saved')
      expect(res.body.errors).toMatchObject(errors)
    }
    expect((await rex.c.post(url, 'Rabies')).status).toBe(400)
    const db = await getDb()
    expect(await db('vaccinations').where({ pet_id: rex.pet.id })).toEqual([])
  })
})

describe('the front desk and vaccinations', () => {
  it('refuses a check-in while a vaccine is missing, naming each one', async () => {
    const rex = await unvaccinatedDog()
    const booked = await book(rex, '2026-11-23 12:00:00', '2026-11-26 10:00:00')
    expect(booked.status).toBe(201)
    const { client: staff } = await loggedIn('employee')
    const refused = await staff.post(`/api/bookings/${booked.body.booking.id}/check-in`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      'No Rabies vaccination on record; No DHPP vaccination on record; No Bordetella vaccination on record',
    )
    const db = await getDb()
    expect(await db('bookings').where({ id: booked.body.booking.id }).first()).toMatchObject({
      status: 'booked',
      checked_in_at: null,
    })
  })

  // Pick-up is 2026-11-26: a vaccine running out the day before does not cover
  // the stay; one running out that day, or later, does.
  for (const [expires, ok] of [
    ['2026-11-25', false],
    ['2026-11-26', true],
    ['2026-11-27', true],
  ] as const)
    it(`${ok ? 'checks in' : 'refuses'} a dog whose Rabies expires on ${expires} (pick-up 2026-11-26)`, async () => {
      const rex = await unvaccinatedDog()
      await vaccinate(rex, { Rabies: expires, dhpp: '2028-01-01', Bordetella: '2028-01-01' })
      const booked = await book(rex, '2026-11-23 12:00:00', '2026-11-26 10:00:00')
      expect(booked.body.booking.vaccinations_missing).toEqual(ok ? [] : ['Rabies'])
      const { client: staff } = await loggedIn('employee')
      const res = await staff.post(`/api/bookings/${booked.body.booking.id}/check-in`)
      if (ok) expect(res.body.booking.status).toBe('checked_in')
      else {
        expect(res.status).toBe(409)
        expect(res.body.message).toBe('Rabies expires on 2026-11-25, before pick-up')
      }
    })

  it('flags the pet on the day sheet and refuses the tap there too (no JavaScript)', async () => {
    const rex = await unvaccinatedDog('Ziggy')
    const booked = await book(rex, '2026-11-23 12:00:00', '2026-11-25 10:00:00')
    await vaccinate(rex, { Rabies: '2027-01-01' })
    const { client: staff } = await loggedIn('employee')
    const sheet = (await staff.get('/bookingsByDate?date=2026-11-23')).body as string
    expect(sheet).toContain('Missing</span> DHPP, Bordetella')
    const tap = await staff.postForm(
      '/bookingsByDate?date=2026-11-23',
      formOf({ intent: 'check-in', id: String(booked.body.booking.id) }),
    )
    expect(tap.status).toBe(409)
    expect(tap.body).toContain('No DHPP vaccination on record; No Bordetella vaccination on record')
  })
})

describe('a booking and the vaccines it lacks', () => {
  it('is made with the setting off, and says what is missing in JSON, on the page and in the mail', async () => {
    const rex = await unvaccinatedDog()
    await vaccinate(rex, { Rabies: '2027-06-01' })
    const booked = await book(rex, '2026-12-01 10:00:00', '2026-12-03 10:00:00')
    expect(booked.status).toBe(201)
    expect(booked.body.booking.vaccinations_missing).toEqual(['DHPP', 'Bordetella'])
    const read = await rex.c.get(`/api/bookings/${booked.body.booking.id}`)
    expect(read.body.booking?.vaccinations_missing ?? read.body.vaccinations_missing).toEqual([
      'DHPP',
      'Bordetella',
    ])
    const page = (await rex.c.get(`/bookings/pet/${rex.pet.id}`)).body as string
    expect(page).toContain('we need a record of DHPP, Bordetella, valid through pick-up')
    expect(page).toContain(`href="/pets/${rex.pet.id}#vaccinations"`)
    const db = await getDb()
    const mail = await db('mail_outbox')
      .where({ recipient: rex.user.email, kind: 'booking-confirmed' })
      .first()
    expect(mail.text_body).toContain(
      'Before Rex can be checked in we need a record of DHPP, Bordetella, valid through pick-up.',
    )
    // Recorded: the booking lacks nothing.
    await vaccinate(rex, { DHPP: '2027-06-01', Bordetella: '2027-06-01' })
    const after = await rex.c.get('/api/bookings/user')
    expect(after.body.bookings[0].vaccinations_missing).toEqual([])
  })

  it('with the setting on, refuses the booking with the same message and books once recorded', async () => {
    const db = await getDb()
    await db('hotel_settings').update({ vaccinations_required_to_book: true })
    await changed(db, ['settings'])
    const rex = await unvaccinatedDog()
    await vaccinate(rex, { Rabies: '2026-12-02', DHPP: '2028-01-01', Bordetella: '2028-01-01' })
    const refused = await book(rex, '2026-12-01 10:00:00', '2026-12-03 10:00:00')
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('Rabies expires on 2026-12-02, before pick-up')
    expect(await db('bookings').where({ pet_id: rex.pet.id })).toEqual([])
    // Picked up on the day it expires: covered.
    const covered = await book(rex, '2026-12-01 10:00:00', '2026-12-02 10:00:00')
    expect(covered.status).toBe(201)
  })
})

describe('the pet page’s Vaccinations section (no JavaScript)', () => {
  it('adds a record, shows messages for a bad one, and lets staff verify', async () => {
    const rex = await unvaccinatedDog()
    const page = (await rex.c.get(`/pets/${rex.pet.id}`)).body as string
    expect(page).toContain('No vaccinations on record yet.')
    expect(page).toContain('We need Rabies, DHPP, Bordetella to be valid through the last day')
    const bad = await rex.c.postForm(
      `/pets/${rex.pet.id}`,
      formOf({
        intent: 'create',
        vaccine: 'Rabies',
        given_on: '2026-12-01',
        expires_on: '2027-12-01',
      }),
    )
    expect(bad.status).toBe(400)
    expect(bad.body).toContain('Date given cannot be in the future')
    const good = await rex.c.postForm(
      `/pets/${rex.pet.id}`,
      formOf({
        intent: 'create',
        vaccine: 'Rabies',
        given_on: '2026-11-01',
        expires_on: '2027-11-01',
      }),
    )
    expect(good.status).toBe(302)
    const db = await getDb()
    const row = await db('vaccinations').where({ pet_id: rex.pet.id }).first()
    expect(row).toMatchObject({ vaccine: 'Rabies', verified: false })
    const shown = (await rex.c.get(`/pets/${rex.pet.id}`)).body as string
    expect(shown).toContain('Not yet')
    expect(shown).not.toContain('value="verify-vaccination"')
    // The owner's own "verify" post is refused; staff's is taken.
    const forged = await rex.c.postForm(
      `/pets/${rex.pet.id}`,
      formOf({ intent: 'verify-vaccination', id: String(row.id) }),
    )
    expect(forged.status).toBe(403)
    const { client: staff } = await loggedIn('employee')
    expect((await staff.get(`/pets/${rex.pet.id}`)).body).toContain('value="verify-vaccination"')
    const verified = await staff.postForm(
      `/pets/${rex.pet.id}`,
      formOf({ intent: 'verify-vaccination', id: String(row.id) }),
    )
    expect(verified.status).toBe(302)
    expect(await db('vaccinations').where({ id: row.id }).first()).toMatchObject({ verified: true })
    const removed = await rex.c.postForm(
      `/pets/${rex.pet.id}`,
      formOf({ intent: 'delete-vaccination', id: String(row.id) }),
    )
    expect(removed.status).toBe(302)
    expect(await db('vaccinations').where({ pet_id: rex.pet.id })).toEqual([])
  })
})

describe('the certificate photo', () => {
  const photosDir = () => path.join(process.env.DATA_DIR!, 'photos')
  const stored = () => (fs.existsSync(photosDir()) ? fs.readdirSync(photosDir()).sort() : [])
  const recordForm = (fields: Record<string, string>, certificate?: Blob, name = 'cert.png') => {
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.append(k, v)
    if (certificate) form.append('certificate', certificate, name)
    return form
  }
  const png = async (color = '#3a7bd5') =>
    new Blob([new Uint8Array(await image(900, 600, { color }))], { type: 'image/png' })
  const keyOf = async (id: number) =>
    (await (await getDb())('vaccinations').where({ id }).first()).certificate_key as string

  it('is kept privately: its owner and staff see it, nobody else, never at a public address', async () => {
    const rex = await unvaccinatedDog()
    const url = `/api/pets/${rex.pet.id}/vaccinations`
    const added = await rex.c.postForm(url, recordForm(record('Rabies', '2027-06-01'), await png()))
    expect(added.status).toBe(201)
    const { id, certificate_url } = added.body.vaccination
    expect(certificate_url).toBe(`${url}/${id}/certificate`)
    const key = await keyOf(id)
    expect(stored()).toContain(key)

    const mine = await fetch(rex.c.base + certificate_url, { headers: { Cookie: rex.c.cookie } })
    expect(mine.status).toBe(200)
    expect(mine.headers.get('Content-Type')).toBe('image/webp')
    expect(mine.headers.get('Cache-Control')).toBe('private, no-store')
    const meta = await sharp(Buffer.from(await mine.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 900, height: 600 })

    const { client: staff } = await loggedIn('employee')
    expect((await staff.get(certificate_url)).status).toBe(200)
    const { client: other } = await loggedIn('client')
    expect((await other.get(certificate_url)).status).toBe(403)
    expect((await (await loggedIn('anonymous')).client.get(certificate_url)).status).toBe(401)
    // The photo store's public route never serves it, whoever asks.
    expect((await fetch(`${rex.c.base}/photos/${key}`)).status).toBe(404)
    expect(
      (await fetch(`${rex.c.base}/photos/${key}`, { headers: { Cookie: rex.c.cookie } })).status,
    ).toBe(404)
    // A record without one: 404.
    const plain = await rex.c.post(url, record('DHPP', '2027-06-01'))
    expect(plain.body.vaccination.certificate_url).toBeNull()
    expect((await rex.c.get(`${url}/${plain.body.vaccination.id}/certificate`)).status).toBe(404)
  })

  it('refuses a file that is no photo, keeping nothing; a new photo replaces the old', async () => {
    const rex = await unvaccinatedDog()
    const url = `/api/pets/${rex.pet.id}/vaccinations`
    const before = stored()
    const bad = await rex.c.postForm(
      url,
      recordForm(
        record('Rabies', '2027-06-01'),
        new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }),
        'cert.svg',
      ),
    )
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({
      message: 'Vaccination was not saved',
      errors: { certificate: 'The certificate must be a photo (JPEG, PNG, WebP, HEIC or GIF)' },
    })
    const db = await getDb()
    expect(await db('vaccinations').where({ pet_id: rex.pet.id })).toEqual([])
    expect(stored()).toEqual(before)

    const added = await rex.c.postForm(url, recordForm(record('Rabies', '2027-06-01'), await png()))
    const id = added.body.vaccination.id
    const first = await keyOf(id)
    // Without a photo the change keeps it; with one, the old file goes.
    const kept = await rex.c.postForm(
      `${url}/${id}`,
      recordForm(record('Rabies', '2027-07-01')),
      'PUT',
    )
    expect(kept.status).toBe(200)
    expect(await keyOf(id)).toBe(first)
    const replaced = await rex.c.postForm(
      `${url}/${id}`,
      recordForm(record('Rabies', '2027-07-01'), await png('#aa3355')),
      'PUT',
    )
    expect(replaced.status).toBe(200)
    const second = await keyOf(id)
    expect(second).not.toBe(first)
    expect(stored()).toContain(second)
    expect(stored()).not.toContain(first)
    // Deleting the record deletes its photo.
    expect((await rex.c.delete(`${url}/${id}`)).status).toBe(200)
    expect(stored()).not.toContain(second)
  })

  it('goes with its pet, and is added from the pet page without JavaScript', async () => {
    const rex = await unvaccinatedDog()
    const page = await rex.c.postForm(
      `/pets/${rex.pet.id}`,
      recordForm(
        { intent: 'create', vaccine: 'Rabies', given_on: '2026-11-01', expires_on: '2027-11-01' },
        await png(),
      ),
    )
    expect(page.status).toBe(302)
    const db = await getDb()
    const row = await db('vaccinations').where({ pet_id: rex.pet.id }).first()
    expect(stored()).toContain(row.certificate_key)
    const shown = (await rex.c.get(`/pets/${rex.pet.id}`)).body as string
    expect(shown).toContain(`href="/api/pets/${rex.pet.id}/vaccinations/${row.id}/certificate"`)
    expect((await rex.c.delete(`/api/pets/${rex.pet.id}`)).status).toBe(200)
    expect(stored()).not.toContain(row.certificate_key)
  })
})
