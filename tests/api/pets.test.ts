import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { image, PET_FIELDS, petForm } from '../support/forms'
import { Client, startServer } from '../support/http'
import { statementsDuring } from '../support/statements'
import { createPet, createUser, loggedIn } from '../support/factories'
import { getDb } from '../../app/infra/db.server'
import { setNow } from '../../app/infra/clock.server'

// The pets calls of the JSON API over real HTTP: shapes, the form's messages, the
// permission matrix, and photos (decoded, stripped, resized, stored, deleted).

let base: string
beforeAll(async () => {
  base = await startServer()
})

const photosDir = () => path.join(process.env.DATA_DIR!, 'photos')
const storedFiles = () => (fs.existsSync(photosDir()) ? fs.readdirSync(photosDir()).sort() : [])
const keyOf = (url: string) => url.replace(/^\/photos\//, '')
const fileOf = (url: string) => path.join(photosDir(), keyOf(url))

/** A real JPEG with EXIF (camera, GPS) and a rotate-90° orientation flag. */
async function cameraJpeg(width = 1200, height = 800, color = '#c9843f') {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PetCam', Model: 'Snap 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '44/1 28/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '73/1 12/1 0/1',
      },
    })
    .toBuffer()
}

const FIELDS = PET_FIELDS
const png = (width?: number, height?: number, color?: string) => image(width, height, { color })

async function addPet(
  client: Client,
  files: { preview?: Buffer; additional?: Buffer[] } = {},
  overrides = {},
) {
  const res = await client.postForm(
    '/api/pets',
    petForm(overrides, { preview: files.preview ?? (await png()), additional: files.additional }),
  )
  if (res.status !== 201)
    throw new Error(`add pet failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

async function petRow(id: number) {
  const db = await getDb()
  return db('pets').where({ id }).first()
}

const PET_KEYS = [
  'id',
  'name',
  'type',
  'breed',
  'age',
  'gender',
  'color',
  'weight',
  'dob',
  'size',
  'behavior',
  'medication_note',
  'dietary_note',
  'vet_name',
  'vet_phone',
  'emergency_contact_name',
  'emergency_contact_phone',
  'owner_id',
  'preview_image',
  'preview_thumbnail',
  'pet_images',
].sort()

describe('POST /api/pets', () => {
  it('adds a pet with a preview and additional photos and answers 201 with the pet', async () => {
    const { user, client } = await loggedIn()
    const before = storedFiles().length
    const res = await client.postForm(
      '/api/pets',
      petForm({}, { preview: await cameraJpeg(), additional: [await png(), await png(300, 600)] }),
    )
    expect(res.status).toBe(201)
    const pet = res.body
    expect(Object.keys(pet).sort()).toEqual(PET_KEYS)
    expect(pet).toMatchObject({
      name: 'Biscuit',
      type: 'dog',
      breed: 'Beagle',
      age: 3,
      gender: 'male',
      color: 'Tricolor',
      weight: 24.5,
      dob: '2022-05-01',
      size: 'he chomnk',
      behavior: 'playful',
      medication_note: 'Half a pill at breakfast',
      dietary_note: '',
      owner_id: user.id,
    })
    expect(typeof pet.id).toBe('number')
    expect(pet.preview_image).toMatch(/^\/photos\/[a-f0-9]{32}\.webp$/)
    expect(pet.preview_thumbnail).toMatch(/^\/photos\/[a-f0-9]{32}-t\.webp$/)
    expect(pet.pet_images).toHaveLength(2)
    for (const img of pet.pet_images) {
      expect(Object.keys(img).sort()).toEqual(['id', 'thumbnail', 'url'])
      expect(typeof img.id).toBe('number')
    }
    // Three photos, each a main image and a thumbnail.
    expect(storedFiles().length).toBe(before + 6)

    const got = await client.get(`/api/pets/${pet.id}`)
    expect(got.status).toBe(200)
    expect(got.body).toEqual(pet)
  })

  it('strips EXIF and GPS, applies the orientation, resizes and makes a square thumbnail', async () => {
    const { client } = await loggedIn()
    const original = await cameraJpeg(3000, 2000)
    const inMeta = await sharp(original).metadata()
    expect(inMeta.exif).toBeDefined()
    expect(inMeta.orientation).toBe(6)
    const pet = await addPet(client, { preview: original })

    const main = await sharp(fs.readFileSync(fileOf(pet.preview_image))).metadata()
    expect(main.format).toBe('webp')
    expect(main.exif).toBeUndefined()
    expect(main.xmp).toBeUndefined()
    expect(main.orientation).toBeUndefined()
    // 3000x2000 rotated 90° by its EXIF flag, then fitted into 1600px.
    expect([main.width, main.height]).toEqual([1067, 1600])
    const db = await getDb()
    const row = await db('pet_images').where({ pet_id: pet.id, is_preview: true }).first()
    expect([row.width, row.height]).toEqual([1067, 1600])

    const thumb = await sharp(fs.readFileSync(fileOf(pet.preview_thumbnail))).metadata()
    expect([thumb.width, thumb.height]).toEqual([400, 400])
    expect(thumb.exif).toBeUndefined()
  })

  it('serves the photos with their type, long-lived caching and nosniff', async () => {
    const { client } = await loggedIn()
    const pet = await addPet(client)
    const res = await fetch(base + pet.preview_image)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = Buffer.from(await res.arrayBuffer())
    expect((await sharp(bytes).metadata()).format).toBe('webp')
    expect((await fetch(base + pet.preview_thumbnail)).status).toBe(200)
  })

  it('gives every rule’s message, and "is required" for each missing field', async () => {
    const { client } = await loggedIn()
    const bad = await client.postForm(
      '/api/pets',
      petForm(
        { name: 'biscuit', breed: 'beagle', age: '-2', color: 'tricolor', weight: 'heavy' },
        { preview: await png() },
      ),
    )
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Issue adding pet')
    expect(bad.body.errors).toEqual({
      name: 'Name must be capitalized',
      breed: 'Breed must be capitalized',
      age: 'Age must be a positive number',
      color: 'Color must be capitalized',
      weight: 'Weight must be a positive number',
    })
    const zero = await client.postForm(
      '/api/pets',
      petForm({ age: '0', weight: '0' }, { preview: await png() }),
    )
    expect(zero.body.errors).toEqual({
      age: 'Age must be a positive number',
      weight: 'Weight must be a positive number',
    })

    const empty = await client.postForm('/api/pets', new FormData())
    expect(empty.status).toBe(400)
    expect(empty.body.errors).toEqual({
      name: 'Name is required',
      type: 'Type is required',
      breed: 'Breed is required',
      age: 'Age is required',
      gender: 'Gender is required',
      color: 'Color is required',
      weight: 'Weight is required',
      dob: 'DOB is required',
      size: 'Size is required',
      behavior: 'Behavior is required',
      preview_image: 'Preview image is required',
    })
    const blanks = await client.postForm(
      '/api/pets',
      petForm(Object.fromEntries(Object.keys(FIELDS).map((k) => [k, ''])), {
        preview: await png(),
      }),
    )
    expect(blanks.body.errors.name).toBe('Name is required')
    expect(blanks.body.errors.dob).toBe('DOB is required')
    expect(blanks.body.errors).not.toHaveProperty('medication_note')

    const enums = await client.postForm(
      '/api/pets',
      petForm(
        { type: 'hamster', gender: 'other', size: 'huge', behavior: 'grumpy', dob: '2022-02-30' },
        { preview: await png() },
      ),
    )
    expect(enums.body.errors).toEqual({
      type: 'Type must be cat or dog',
      gender: 'Gender must be male or female',
      size: 'Size must be one of the listed sizes',
      behavior: 'Behavior must be calm, playful, aggressive or shy',
      dob: 'DOB must be a valid date (YYYY-MM-DD)',
    })
  })

  it('refuses a date of birth in the future (hotel time)', async () => {
    const { client } = await loggedIn()
    // UTC (and Auckland) are already on 9 March; the hotel is not.
    setNow('2026-03-09T02:00:00Z') // 21:00 on 8 March in New York
    const tomorrow = await client.postForm(
      '/api/pets',
      petForm({ dob: '2026-03-09' }, { preview: await png() }),
    )
    expect(tomorrow.status).toBe(400)
    expect(tomorrow.body.errors).toEqual({ dob: 'DOB cannot be in the future' })
    const today = await client.postForm(
      '/api/pets',
      petForm({ dob: '2026-03-08' }, { preview: await png() }),
    )
    expect(today.status).toBe(201)
  })

  it('treats an untouched file input (filename "") as no file', async () => {
    const { client } = await loggedIn()
    const form = petForm()
    form.append('preview_image', new Blob([], { type: 'application/octet-stream' }), '')
    form.append('additional_images', new Blob([], { type: 'application/octet-stream' }), '')
    const res = await client.postForm('/api/pets', form)
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ preview_image: 'Preview image is required' })
  })

  it('refuses a text file posing as a photo with 400 and keeps nothing', async () => {
    const { client } = await loggedIn()
    const db = await getDb()
    const before = {
      pets: (await db('pets').count<{ n: number }[]>({ n: '*' }))[0].n,
      files: storedFiles().length,
    }
    const text = Buffer.from('Not a picture, just words pretending to be a JPEG.\n'.repeat(50))
    const res = await client.postForm(
      '/api/pets',
      petForm({}, { preview: text, previewType: 'image/jpeg', previewName: 'cat.jpg' }),
    )
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      message: 'Issue adding pet',
      errors: { preview_image: 'Preview image must be an image' },
    })

    const extra = await client.postForm(
      '/api/pets',
      petForm({}, { preview: await png(), additional: [text] }),
    )
    expect(extra.status).toBe(400)
    expect(extra.body.errors).toEqual({ additional_images: 'Additional images must be images' })

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    )
    const svgRes = await client.postForm(
      '/api/pets',
      petForm({}, { preview: svg, previewType: 'image/svg+xml' }),
    )
    expect(svgRes.status).toBe(400)
    expect(svgRes.body.errors).toEqual({ preview_image: 'Preview image must be an image' })

    expect((await db('pets').count<{ n: number }[]>({ n: '*' }))[0].n).toBe(before.pets)
    expect(storedFiles().length).toBe(before.files)
  })

  it('refuses a photo over 10 MB with 413', async () => {
    const { client } = await loggedIn()
    const files = storedFiles().length
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 7)
    const res = await client.postForm('/api/pets', petForm({}, { preview: huge }))
    expect(res.status).toBe(413)
    expect(res.body.message).toBe('Issue adding pet')
    expect(res.body.errors).toEqual({ preview_image: 'Each photo must be 10 MB or smaller' })
    const extra = await client.postForm(
      '/api/pets',
      petForm({}, { preview: await png(), additional: [huge] }),
    )
    expect(extra.status).toBe(413)
    expect(storedFiles().length).toBe(files)
  })

  it('refuses more than 4 additional images with 400', async () => {
    const { client } = await loggedIn()
    const p = await png(100, 100)
    const res = await client.postForm(
      '/api/pets',
      petForm({}, { preview: p, additional: [p, p, p, p, p] }),
    )
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ additional_images: 'You can add up to 4 additional images' })
    const four = await client.postForm(
      '/api/pets',
      petForm({}, { preview: p, additional: [p, p, p, p] }),
    )
    expect(four.status).toBe(201)
    expect(four.body.pet_images).toHaveLength(4)
  })

  it('answers a malformed multipart body, or a JSON body, with 400', async () => {
    const { client } = await loggedIn()
    const malformed = await client.request('POST', '/api/pets', {
      body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nRex\r\n--xy',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe('Issue adding pet')
    const noBoundary = await client.request('POST', '/api/pets', {
      body: 'abc',
      headers: { 'Content-Type': 'multipart/form-data' },
    })
    expect(noBoundary.status).toBe(400)
    const json = await client.post('/api/pets', FIELDS)
    expect(json.status).toBe(400)
  })

  it('caps a chunked upload (no Content-Length) while it streams: 413', async () => {
    const { client } = await loggedIn()
    // node:http, because the server answers before the upload ends and a
    // fetch() client reports that as a failed write instead of the response.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/api/pets`, {
        method: 'POST',
        headers: {
          Cookie: client.cookie,
          'Content-Type': 'multipart/form-data; boundary=b',
          'Transfer-Encoding': 'chunked',
        },
      })
      req.on('response', (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', (error) =>
        (error as NodeJS.ErrnoException).code === 'ECONNRESET' ||
        (error as NodeJS.ErrnoException).code === 'EPIPE'
          ? undefined
          : reject(error),
      )
      req.write(
        '--b\r\nContent-Disposition: form-data; name="preview_image"; filename="x.jpg"\r\n\r\n',
      )
      const chunk = Buffer.alloc(1024 * 1024, 65)
      let sent = 0
      const pump = () => {
        while (sent < 70) {
          sent += 1
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
        req.end()
      }
      pump()
    })
    expect(status).toBe(413)
  })

  it('lets a client add pets only for themselves; staff add for an existing client', async () => {
    const { client } = await loggedIn()
    const other = await createUser()
    const refused = await client.postForm(
      '/api/pets',
      petForm({ owner_id: String(other.id) }, { preview: await png() }),
    )
    expect(refused.status).toBe(403)

    const { client: employee } = await loggedIn('employee')
    const forOther = await employee.postForm(
      '/api/pets',
      petForm({ owner_id: String(other.id) }, { preview: await png() }),
    )
    expect(forOther.status).toBe(201)
    expect(forOther.body.owner_id).toBe(other.id)
    const missingOwner = await employee.postForm(
      '/api/pets',
      petForm({ owner_id: '999999' }, { preview: await png() }),
    )
    expect(missingOwner.status).toBe(400)
    expect(missingOwner.body.errors).toEqual({ owner_id: 'Owner not found' })

    const anon = new Client(base)
    expect((await anon.postForm('/api/pets', petForm({}, { preview: await png() }))).status).toBe(
      401,
    )
  })
})

describe('GET /api/pets and /api/pets/user', () => {
  it('lists all pets for staff and own pets per user, by id, as {"Pets": [...]}', async () => {
    const a = await loggedIn()
    const b = await loggedIn()
    // With a preview and two more photos: the lists read a pet's photos with
    // the pet (one query) and must show what GET /api/pets/{id} shows.
    const a1 = await addPet(a.client, { additional: [await png(), await png()] })
    expect(a1.pet_images).toHaveLength(2)
    const b1 = await addPet(b.client, {}, { name: 'Mochi', type: 'cat' })
    const a2 = await createPet({ owner: a.user, name: 'Pepper' })

    const { result: mine, statements } = await statementsDuring(() =>
      a.client.get('/api/pets/user'),
    )
    expect(mine.status).toBe(200)
    // The session's lookup, then the pets with their photos: two round trips, not three.
    expect(statements).toHaveLength(2)
    expect(Object.keys(mine.body)).toEqual(['Pets'])
    expect(mine.body.Pets.map((p: { id: number }) => p.id)).toEqual([a1.id, a2.id])
    expect(mine.body.Pets[0]).toEqual(a1)
    // A pet without photos (seeded) has no preview and no images.
    expect(mine.body.Pets[1]).toMatchObject({
      preview_image: null,
      preview_thumbnail: null,
      pet_images: [],
      dietary_note: '',
      medication_note: '',
    })
    expect((await a.client.get('/api/pets/user/')).status).toBe(200)

    for (const role of ['employee', 'manager', 'owner'] as const) {
      const staff = await loggedIn(role)
      const all = await staff.client.get('/api/pets/')
      expect(all.status).toBe(200)
      const ids = all.body.Pets.map((p: { id: number }) => p.id)
      expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y))
      expect(ids).toEqual(expect.arrayContaining([a1.id, a2.id, b1.id]))
      const byId = (list: { id: number }[]) => new Map(list.map((p) => [p.id, p]))
      const paged = byId((await staff.client.get('/api/pets?limit=200')).body.Pets)
      for (const pet of [a1, b1]) {
        expect(byId(all.body.Pets).get(pet.id)).toEqual(pet)
        expect(paged.get(pet.id)).toEqual(pet)
        expect((await staff.client.get(`/api/pets/${pet.id}`)).body).toEqual(pet)
      }
    }
    expect((await a.client.get('/api/pets')).status).toBe(403)
    const anon = new Client(base)
    expect((await anon.get('/api/pets')).status).toBe(401)
    expect((await anon.get('/api/pets/user')).status).toBe(401)
  })
})

describe('GET /api/pets/{id}', () => {
  it('answers the owner and staff; another client 403; missing 404; logged out 401', async () => {
    const owner = await loggedIn()
    const pet = await addPet(owner.client)
    expect((await owner.client.get(`/api/pets/${pet.id}`)).body).toEqual(pet)
    for (const role of ['employee', 'manager', 'owner'] as const) {
      const staff = await loggedIn(role)
      const res = await staff.client.get(`/api/pets/${pet.id}/`)
      expect(res.status).toBe(200)
      expect(res.body).toEqual(pet)
    }
    const other = await loggedIn()
    expect((await other.client.get(`/api/pets/${pet.id}`)).status).toBe(403)
    const missing = await owner.client.get('/api/pets/999999')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Pet not found')
    expect((await owner.client.get('/api/pets/abc')).status).toBe(404)
    expect((await owner.client.get('/api/pets/99999999999999')).status).toBe(404)
    expect((await new Client(base).get(`/api/pets/${pet.id}`)).status).toBe(401)
  })
})

describe('PUT /api/pets/{id}', () => {
  it('updates the fields and keeps the photos when none are sent', async () => {
    const { client } = await loggedIn()
    const pet = await addPet(client, { additional: [await png()] })
    const res = await client.postForm(
      `/api/pets/${pet.id}`,
      petForm({
        name: 'Biscuit Jr',
        age: '4.5',
        weight: '26',
        dietary_note: 'Grain free',
        medication_note: '',
      }),
      'PUT',
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      ...pet,
      name: 'Biscuit Jr',
      age: 4.5,
      weight: 26,
      dietary_note: 'Grain free',
      medication_note: '',
    })
  })

  it('keeps a vet and an emergency contact; a client that does not send them keeps them', async () => {
    const { client } = await loggedIn()
    const pet = await addPet(client)
    expect(pet).toMatchObject({
      vet_name: '',
      vet_phone: '',
      emergency_contact_name: '',
      emergency_contact_phone: '',
    })
    const set = await client.postForm(
      `/api/pets/${pet.id}`,
      petForm({
        vet_name: '  Dr. Ada Byron ',
        vet_phone: '(212) 555-0199',
        emergency_contact_name: 'Sam Rivera',
        emergency_contact_phone: '+1 212 555 0142',
      }),
      'PUT',
    )
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({
      vet_name: 'Dr. Ada Byron',
      vet_phone: '2125550199',
      emergency_contact_name: 'Sam Rivera',
      emergency_contact_phone: '2125550142',
    })
    // The original client's form has no such fields: the contacts stay.
    const again = await client.postForm(`/api/pets/${pet.id}`, petForm({ age: '5' }), 'PUT')
    expect(again.body).toEqual({ ...set.body, age: 5 })
    // Blank clears one.
    const cleared = await client.postForm(
      `/api/pets/${pet.id}`,
      petForm({ emergency_contact_name: '', emergency_contact_phone: ' ' }),
      'PUT',
    )
    expect(cleared.body).toMatchObject({
      vet_name: 'Dr. Ada Byron',
      emergency_contact_name: '',
      emergency_contact_phone: '',
    })
    for (const [fields, errors] of [
      [{ vet_phone: '555-0199' }, { vet_phone: 'Vet phone must be 10 digits long' }],
      [
        { emergency_contact_phone: 'call me' },
        { emergency_contact_phone: 'Emergency contact phone must be 10 digits long' },
      ],
      [{ vet_name: 'V'.repeat(101) }, { vet_name: 'Vet name must be at most 100 characters' }],
      [{ vet_name: 'Dr.\u0000' }, { vet_name: 'Vet name must not contain a null character' }],
    ] as const) {
      const bad = await client.postForm(`/api/pets/${pet.id}`, petForm(fields), 'PUT')
      expect(bad.status, JSON.stringify(fields)).toBe(400)
      expect(bad.body.errors).toEqual(errors)
    }
    expect((await client.get(`/api/pets/${pet.id}`)).body).toEqual(cleared.body)
  })

  it('replaces the preview and deletes the old files', async () => {
    const { client } = await loggedIn()
    const pet = await addPet(client)
    expect(fs.existsSync(fileOf(pet.preview_image))).toBe(true)
    const res = await client.postForm(
      `/api/pets/${pet.id}`,
      petForm({}, { preview: await png(640, 480, '#ff0000') }),
      'PUT',
    )
    expect(res.status).toBe(200)
    expect(res.body.preview_image).not.toBe(pet.preview_image)
    expect(fs.existsSync(fileOf(res.body.preview_image))).toBe(true)
    expect(fs.existsSync(fileOf(pet.preview_image))).toBe(false)
    expect(fs.existsSync(fileOf(pet.preview_thumbnail))).toBe(false)
    expect((await fetch(base + pet.preview_image)).status).toBe(404)
    const db = await getDb()
    const previews = await db('pet_images').where({ pet_id: pet.id, is_preview: true })
    expect(previews).toHaveLength(1)
    expect(previews[0]).toMatchObject({ width: 640, height: 480 })
  })

  it('adds additional photos up to 4 in all, and ignores text additional_images parts', async () => {
    const { client } = await loggedIn()
    const p = await png(120, 120)
    const pet = await addPet(client, { additional: [p, p] })
    const form = petForm({}, { additional: [p] })
    // A client echoing the URLs of photos it keeps: ignored, not refused.
    for (const img of pet.pet_images) form.append('additional_images', img.url)
    const res = await client.postForm(`/api/pets/${pet.id}`, form, 'PUT')
    expect(res.status).toBe(200)
    expect(res.body.pet_images).toHaveLength(3)
    expect(res.body.pet_images.slice(0, 2)).toEqual(pet.pet_images)

    const files = storedFiles().length
    const tooMany = await client.postForm(
      `/api/pets/${pet.id}`,
      petForm({}, { additional: [p, p] }),
      'PUT',
    )
    expect(tooMany.status).toBe(400)
    expect(tooMany.body).toEqual({
      message: 'Issue updating pet',
      errors: { additional_images: 'You can add up to 4 additional images' },
    })
    expect(storedFiles().length).toBe(files)
    const one = await client.postForm(
      `/api/pets/${pet.id}`,
      petForm({}, { additional: [p] }),
      'PUT',
    )
    expect(one.body.pet_images).toHaveLength(4)
  })

  it('validates like add (preview optional) and changes nothing on bad input', async () => {
    const { client } = await loggedIn()
    const pet = await addPet(client)
    const before = await petRow(pet.id)
    const res = await client.postForm(
      `/api/pets/${pet.id}`,
      petForm({ name: 'rex', weight: '-1' }),
      'PUT',
    )
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      message: 'Issue updating pet',
      errors: { name: 'Name must be capitalized', weight: 'Weight must be a positive number' },
    })
    const text = Buffer.from('hello')
    const notImage = await client.postForm(
      `/api/pets/${pet.id}`,
      petForm({ name: 'Rex' }, { preview: text }),
      'PUT',
    )
    expect(notImage.status).toBe(400)
    expect(notImage.body.errors).toEqual({ preview_image: 'Preview image must be an image' })
    const huge = await client.postForm(
      `/api/pets/${pet.id}`,
      petForm({ name: 'Rex' }, { preview: Buffer.alloc(11 * 1024 * 1024) }),
      'PUT',
    )
    expect(huge.status).toBe(413)
    const malformed = await client.request('PUT', `/api/pets/${pet.id}`, {
      body: '--b\r\nbroken',
      headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
    })
    expect(malformed.status).toBe(400)
    expect(await petRow(pet.id)).toEqual(before)
    expect((await client.get(`/api/pets/${pet.id}`)).body).toEqual(pet)
  })

  it('lets only staff move a pet to another owner', async () => {
    const owner = await loggedIn()
    const pet = await addPet(owner.client)
    const someoneElse = await createUser()
    const refused = await owner.client.postForm(
      `/api/pets/${pet.id}`,
      petForm({ owner_id: String(someoneElse.id) }),
      'PUT',
    )
    expect(refused.status).toBe(403)
    expect((await petRow(pet.id)).owner_id).toBe(owner.user.id)
    const same = await owner.client.postForm(
      `/api/pets/${pet.id}`,
      petForm({ owner_id: String(owner.user.id) }),
      'PUT',
    )
    expect(same.status).toBe(200)
    const manager = await loggedIn('manager')
    const moved = await manager.client.postForm(
      `/api/pets/${pet.id}`,
      petForm({ owner_id: String(someoneElse.id) }),
      'PUT',
    )
    expect(moved.status).toBe(200)
    expect(moved.body.owner_id).toBe(someoneElse.id)
  })
})

describe('DELETE /api/pets/{petId}/images/{imageId}', () => {
  it('deletes an additional photo and its files; the preview only by replacing it', async () => {
    const { client } = await loggedIn()
    const pet = await addPet(client, { additional: [await png(), await png()] })
    const [first, second] = pet.pet_images
    const res = await client.delete(`/api/pets/${pet.id}/images/${first.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Image deleted' })
    expect(fs.existsSync(fileOf(first.url))).toBe(false)
    expect(fs.existsSync(fileOf(first.thumbnail))).toBe(false)
    expect((await client.get(`/api/pets/${pet.id}`)).body.pet_images).toEqual([second])

    const db = await getDb()
    const preview = await db('pet_images').where({ pet_id: pet.id, is_preview: true }).first()
    const refused = await client.delete(`/api/pets/${pet.id}/images/${preview.id}`)
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({
      preview_image: 'The preview image cannot be deleted, only replaced',
    })
    expect(fs.existsSync(fileOf(pet.preview_image))).toBe(true)

    expect((await client.delete(`/api/pets/${pet.id}/images/${first.id}`)).status).toBe(404)
    const otherPet = await addPet(client, { additional: [await png()] })
    // An image of another pet is not this pet's image.
    expect(
      (await client.delete(`/api/pets/${pet.id}/images/${otherPet.pet_images[0].id}`)).status,
    ).toBe(404)
    expect((await client.delete(`/api/pets/999999/images/${second.id}`)).status).toBe(404)
    expect((await client.delete(`/api/pets/${pet.id}/images/xyz`)).status).toBe(404)
  })
})

describe('DELETE /api/pets/{id}', () => {
  it('deletes the pet, its photo files and its bookings', async () => {
    const { user, client } = await loggedIn()
    const pet = await addPet(client, { additional: [await png()] })
    const files = [
      pet.preview_image,
      pet.preview_thumbnail,
      pet.pet_images[0].url,
      pet.pet_images[0].thumbnail,
    ]
    for (const f of files) expect(fs.existsSync(fileOf(f))).toBe(true)
    setNow('2026-03-08T15:00:00Z') // 10:00 in New York
    const db = await getDb()
    await insertBooking({
      clientId: user.id,
      petId: pet.id,
      dropOff: '2026-03-20 09:00:00',
      pickUp: '2026-03-22 10:00:00',
    })

    const res = await client.delete(`/api/pets/${pet.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Pet deleted' })
    for (const f of files) expect(fs.existsSync(fileOf(f))).toBe(false)
    expect(await db('pet_images').where({ pet_id: pet.id })).toEqual([])
    expect(await db('bookings').where({ pet_id: pet.id })).toEqual([])
    expect((await client.get(`/api/pets/${pet.id}`)).status).toBe(404)
    expect((await client.delete(`/api/pets/${pet.id}`)).status).toBe(404)
  })

  it('refuses with 409 while the pet is staying at the hotel (hotel wall clock)', async () => {
    const { user, client } = await loggedIn()
    const pet = await addPet(client)
    await insertBooking({
      clientId: user.id,
      petId: pet.id,
      dropOff: '2026-03-08 09:00:00',
      pickUp: '2026-03-10 10:00:00',
    })
    // 08:30 in New York (13:30 UTC): not yet dropped off.
    setNow('2026-03-08T13:30:00Z')
    const other = await addPet(client)
    await insertBooking({
      clientId: user.id,
      petId: other.id,
      dropOff: '2026-03-07 09:00:00',
      pickUp: '2026-03-08 08:00:00',
    })
    // Dropped off at 09:00 New York time = 14:00 UTC.
    setNow('2026-03-08T14:00:00Z')
    const staying = await client.delete(`/api/pets/${pet.id}`)
    expect(staying.status).toBe(409)
    expect(staying.body.message).toBe('Issue deleting pet')
    expect(await petRow(pet.id)).toBeTruthy()
    expect(fs.existsSync(fileOf(pet.preview_image))).toBe(true)
    // The other pet was picked up at 08:00: it can go.
    expect((await client.delete(`/api/pets/${other.id}`)).status).toBe(200)
    // After pick-up (10:00 on the 10th, New York) the pet can be deleted.
    setNow('2026-03-10T14:00:00Z')
    expect((await client.delete(`/api/pets/${pet.id}`)).status).toBe(200)
  })

  it('reads "now" on the hotel clock, not UTC or the machine zone', async () => {
    const { user, client } = await loggedIn()
    const pet = await addPet(client)
    await insertBooking({
      clientId: user.id,
      petId: pet.id,
      dropOff: '2026-07-01 09:00:00',
      pickUp: '2026-07-01 17:00:00',
    })
    // 16:00 in New York (EDT): staying. In UTC it is 20:00 and in Auckland
    // 08:00 the next day — both after the pick-up.
    setNow('2026-07-01T20:00:00Z')
    expect((await client.delete(`/api/pets/${pet.id}`)).status).toBe(409)
    // 08:59 in New York: not yet dropped off (UTC says 12:59, inside the stay).
    setNow('2026-07-01T12:59:00Z')
    expect((await client.delete(`/api/pets/${pet.id}`)).status).toBe(200)
  })
})

describe('the permission matrix', () => {
  it('lets logged out 401, another client 403 (pet unchanged), the owner and every staff role in', async () => {
    const owner = await loggedIn()
    const anon = new Client(base)
    const other = await loggedIn()
    const p = await png(80, 80)

    const fresh = async () => addPet(owner.client, { additional: [p] })
    const pet = await fresh()
    const snapshot = { row: await petRow(pet.id), files: storedFiles() }

    // Logged out: 401 everywhere, nothing changes.
    expect((await anon.get(`/api/pets/${pet.id}`)).status).toBe(401)
    expect(
      (await anon.postForm(`/api/pets/${pet.id}`, petForm({ name: 'Hacked' }), 'PUT')).status,
    ).toBe(401)
    expect((await anon.delete(`/api/pets/${pet.id}`)).status).toBe(401)
    expect((await anon.delete(`/api/pets/${pet.id}/images/${pet.pet_images[0].id}`)).status).toBe(
      401,
    )

    // Another client: 403 everywhere, nothing changes (their upload is not even stored).
    expect((await other.client.get(`/api/pets/${pet.id}`)).status).toBe(403)
    expect(
      (
        await other.client.postForm(
          `/api/pets/${pet.id}`,
          petForm({ name: 'Hacked' }, { preview: p }),
          'PUT',
        )
      ).status,
    ).toBe(403)
    expect((await other.client.delete(`/api/pets/${pet.id}`)).status).toBe(403)
    expect(
      (await other.client.delete(`/api/pets/${pet.id}/images/${pet.pet_images[0].id}`)).status,
    ).toBe(403)
    expect(await petRow(pet.id)).toEqual(snapshot.row)
    expect(storedFiles()).toEqual(snapshot.files)
    expect((await owner.client.get(`/api/pets/${pet.id}`)).body).toEqual(pet)

    // The owner and every staff role may read, update, delete a photo and delete the pet.
    const actors = [
      owner,
      await loggedIn('employee'),
      await loggedIn('manager'),
      await loggedIn('owner'),
    ]
    for (const actor of actors) {
      const target = await fresh()
      expect((await actor.client.get(`/api/pets/${target.id}`)).status).toBe(200)
      const put = await actor.client.postForm(
        `/api/pets/${target.id}`,
        petForm({ name: 'Renamed' }),
        'PUT',
      )
      expect(put.status).toBe(200)
      expect(put.body.name).toBe('Renamed')
      expect(put.body.owner_id).toBe(owner.user.id)
      expect(
        (await actor.client.delete(`/api/pets/${target.id}/images/${target.pet_images[0].id}`))
          .status,
      ).toBe(200)
      expect((await actor.client.delete(`/api/pets/${target.id}`)).status).toBe(200)
    }
  })

  it('answers unsupported methods with 405', async () => {
    const { client } = await loggedIn()
    expect((await client.request('PATCH', '/api/pets')).status).toBe(405)
    expect((await client.post('/api/pets/user')).status).toBe(405)
    expect((await client.post('/api/pets/1')).status).toBe(405)
    expect((await client.get('/api/pets/1/images/1')).status).toBe(405)
  })
})

describe('GET /photos/:key', () => {
  it('answers 404 for unknown keys and anything that is not a photo key', async () => {
    for (const url of [
      '/photos/0123456789abcdef0123456789abcdef.webp',
      '/photos/..%2F..%2Fpackage.json',
      '/photos/%2e%2e%2fpgdata',
      '/photos/passwd',
      '/photos/0123456789ABCDEF0123456789ABCDEF.webp',
      '/photos/0123456789abcdef0123456789abcdef.webp.tmp',
    ]) {
      const res = await fetch(base + url)
      expect(res.status, url).toBe(404)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      await res.arrayBuffer()
    }
  })
})

async function insertBooking({
  clientId,
  petId,
  dropOff,
  pickUp,
}: {
  clientId: number
  petId: number
  dropOff: string
  pickUp: string
}) {
  const db = await getDb()
  const sameDay = dropOff.slice(0, 10) === pickUp.slice(0, 10)
  await db('bookings').insert({
    client_id: clientId,
    pet_id: petId,
    booking_type: sameDay ? 'day_care' : 'boarding_care',
    drop_off_at: dropOff,
    pick_up_at: pickUp,
    days: 1,
    daily_price_cents: 5500,
    total_cents: 5500,
  })
}
