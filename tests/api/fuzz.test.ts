import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { Client, startServer } from '../support/http'
import { createPet, createReview, createService, createUser } from '../support/factories'

// Property test for every write call of the API: random and malformed bodies
// (random JSON, wrong types, near misses, huge strings, broken JSON text,
// garbage multipart, text posing as a photo) and broken ids in the URL, sent as
// a logged-in client and as a manager, must get a 4xx — never a 5xx — and leave
// the database (and the photo store on disk) exactly as it was.

const RUNS = Number(process.env.FUZZ_RUNS ?? 50)
// Booking rules look at the clock: pin it well before the bookings made below.
const NOW = '2026-03-02T15:00:00.000Z'

type Actor = 'client' | 'manager'
let base: string
const actors = {} as Record<Actor, Client>
const ids = {} as {
  clientId: number
  ownPet: number
  otherPet: number
  ownBooking: number
  otherBooking: number
  service: number
  staffId: number
  ownReview: number
  otherReview: number
}

beforeAll(async () => {
  base = await startServer()
  const client = await createUser()
  const other = await createUser()
  const manager = await createUser({ role: 'manager' })
  const employee = await createUser({ role: 'employee' })
  for (const [actor, user] of [
    ['client', client],
    ['manager', manager],
  ] as const) {
    actors[actor] = new Client(base)
    await actors[actor].login(user.email)
  }
  const ownPet = await createPet({ owner: client })
  const otherPet = await createPet({ owner: other, type: 'cat' })
  const service = await createService({ service: 'Fuzz Bath', priceCents: 2000, staff: [employee] })
  const db = await getDb()
  const booking = (clientId: number, petId: number) => ({
    client_id: clientId,
    pet_id: petId,
    booking_type: 'boarding_care',
    drop_off_at: '2026-03-10 10:00:00',
    pick_up_at: '2026-03-12 10:00:00',
    days: 2,
    daily_price_cents: 5500,
    total_cents: 13000,
  })
  const [ownBooking] = await db('bookings').insert(booking(client.id, ownPet.id)).returning('id')
  const [otherBooking] = await db('bookings').insert(booking(other.id, otherPet.id)).returning('id')
  for (const b of [ownBooking, otherBooking])
    await db('booking_services').insert({
      booking_id: b.id,
      service_id: service.id,
      service_name: 'Fuzz Bath',
      price_cents: 2000,
    })
  const ownReview = await createReview({ author: client, paws: 4 })
  const otherReview = await createReview({ author: other, paws: 2 })
  Object.assign(ids, {
    clientId: client.id,
    ownPet: ownPet.id,
    otherPet: otherPet.id,
    ownBooking: ownBooking.id,
    otherBooking: otherBooking.id,
    service: service.id,
    staffId: employee.id,
    ownReview: ownReview.id,
    otherReview: otherReview.id,
  })
})

// ---------- what "unchanged" means ----------

// Failed logins are meant to be counted (rate limiting), and knex's own
// bookkeeping is not data: every other table must be byte-for-byte the same.
const NOT_DATA = new Set(['knex_migrations', 'knex_migrations_lock', 'login_rate_limits'])

async function databaseFingerprint(): Promise<string> {
  const db = await getDb()
  const res = await db.raw(
    `select tablename from pg_tables where schemaname = current_schema() order by tablename`,
  )
  const tables = ((res.rows ?? res) as { tablename: string }[])
    .map((r) => r.tablename)
    .filter((t) => !NOT_DATA.has(t))
  const parts = tables.map(
    (t) =>
      `(select '${t}:' || count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '-') from "${t}" x)`,
  )
  const out = await db.raw(`select ${parts.join(` || ' ' || `)} as fp`)
  return ((out.rows ?? out) as { fp: string }[])[0].fp
}

/** Every file under DATA_DIR (photos live there by default) with its size. */
function filesFingerprint(): string {
  const root = process.env.DATA_DIR!
  const out: string[] = []
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else out.push(`${path.relative(root, full)}:${fs.statSync(full).size}`)
    }
  }
  walk(root)
  return out.sort().join('\n')
}

async function snapshot() {
  return { db: await databaseFingerprint(), files: filesFingerprint() }
}

// ---------- arbitraries ----------

const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'binary-ascii' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'A\u0000b',
    '\ud800',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '💥'.repeat(50),
  ),
)
/** A long text that becomes its characters only when sent, so a failure report stays readable. */
class HugeText {
  constructor(readonly length: number) {}
  toJSON() {
    return 'x'.repeat(this.length)
  }
  [fc.toStringMethod]() {
    return `'x'.repeat(${this.length})`
  }
}
const hugeText = fc.constantFrom(2_001, 70_000, 1_100_000).map((n) => new HugeText(n))
const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e308, -0, 2 ** 31, 2 ** 53 + 1, 0.1 + 0.2, 1.005),
  anyText,
)
/** Any value a JSON field could hold, wrong types first among them. */
const anyValue = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: hugeText },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
)

/**
 * Objects with the call's own field names and random values, one of them
 * ("poison") always from a set that the rules refuse — so the body is never
 * valid by chance, yet every other field may be anything, right or wrong.
 */
function nearMiss(fields: string[], poison: Record<string, unknown[]>) {
  const poisonKey = fc.constantFrom(...Object.keys(poison))
  return fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((f) => [f, anyValue])), { requiredKeys: [] }),
      poisonKey.chain((key) => fc.tuple(fc.constant(key), fc.constantFrom(...poison[key]))),
      fc.boolean(),
    )
    .map(([body, [key, value], drop]) => {
      const out: Record<string, unknown> = { ...body }
      if (drop && value === undefined) delete out[key]
      else out[key] = value
      return out
    })
}

/** A JSON body: random JSON, random objects, near misses. */
function jsonBody(fields: string[], poison: Record<string, unknown[]>) {
  return fc.oneof(
    fc.jsonValue().map((value) => ({ kind: 'json' as const, value })),
    fc
      .dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 6 })
      .map((value) => ({ kind: 'json' as const, value })),
    nearMiss(fields, poison).map((value) => ({ kind: 'json' as const, value })),
    rawBody,
  )
}

/** Text that is not the JSON it claims to be (or no JSON at all), under various content types. */
const rawBody = fc
  .tuple(
    fc.oneof(
      anyText,
      fc.constantFrom(
        '{',
        '{"review": "x", "paws": 3',
        '[1,2',
        'nul',
        '{"a":1}garbage',
        '"text"',
        '42',
        '[]',
        '{"service":"A","price":}',
        'a=1&b=2',
      ),
    ),
    fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=zzz',
      'multipart/form-data',
      undefined,
    ),
  )
  .map(([text, type]) => ({ kind: 'raw' as const, text, type }))

type FilePart = { bytes: Uint8Array; name: string; type: string }
type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; type: string | undefined }
  | { kind: 'form'; parts: [string, string | FilePart][] }
  | { kind: 'none' }

const PET_FIELDS = [
  'name',
  'type',
  'breed',
  'age',
  'gender',
  'color',
  'weight',
  'size',
  'behavior',
  'medication_note',
  'dietary_note',
  'dob',
  'owner_id',
  'preview_image',
  'additional_images',
]
const VALID_PET: Record<string, string> = {
  name: 'Rex',
  type: 'dog',
  breed: 'Beagle',
  age: '3',
  gender: 'male',
  color: 'Brown',
  weight: '20',
  size: 'he chomnk',
  behavior: 'calm',
  medication_note: '',
  dietary_note: '',
  dob: '2020-01-01',
}

const fakeFile = fc
  .tuple(
    fc.uint8Array({ maxLength: 2048 }),
    fc.constantFrom('photo.jpg', 'photo.png', 'notes.txt', '', 'x'.repeat(300)),
    fc.constantFrom('image/jpeg', 'image/png', 'text/plain', 'application/octet-stream', ''),
  )
  .map(([bytes, name, type]) => ({ bytes, name, type }))

/** Multipart bodies for the pet calls: random parts, near misses, text files posing as photos. */
function petFormBody(mode: 'add' | 'edit') {
  const randomParts = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...PET_FIELDS), fc.string({ maxLength: 10 })),
      fc.oneof(anyText as fc.Arbitrary<string | FilePart>, fakeFile),
    ),
    { maxLength: 12 },
  )
  // Every field right but one refused value (or a text file as the preview).
  const poisoned = fc
    .tuple(
      fc.constantFrom<[string, string][]>(
        [['type', 'lizard']],
        [['size', 'tiny']],
        [['age', '-3']],
        [['dob', '2999-01-01']],
        [['name', 'rex']],
        [['name', 'Rex\u0000']],
        [['dietary_note', 'Kibble\u0000']],
        [['breed', 'B'.repeat(5000)]],
        [['owner_id', '99999999']],
      ),
      fakeFile,
      fc.boolean(),
    )
    .map(([overrides, file, withFile]) => {
      const parts: [string, string | FilePart][] = Object.entries({
        ...VALID_PET,
        ...Object.fromEntries(overrides),
      })
      // On add the preview is required: it is always a file that is no image.
      if (mode === 'add' || withFile)
        parts.push(['preview_image', { ...file, name: file.name || 'fake.jpg' }])
      return parts
    })
  const textAsPhoto = fakeFile.map((file) => {
    const parts: [string, string | FilePart][] = Object.entries(VALID_PET)
    parts.push([
      'preview_image',
      {
        ...file,
        name: file.name || 'fake.jpg',
        bytes: file.bytes.length ? file.bytes : new Uint8Array([1, 2, 3]),
      },
    ])
    return parts
  })
  return fc
    .oneof(randomParts, poisoned, textAsPhoto)
    .map((parts): Body => ({ kind: 'form', parts }))
}

/** Ids that name nothing (or cannot be ids at all), already URL-encoded. */
const badId = fc.oneof(
  fc.constantFrom(
    'abc',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x10',
    '99999999999999999999',
    '2147483648',
    'null',
    '%00',
    '%20',
    '%E0%A4%A',
    '..%2F',
    '[]',
    '{}',
    ' 1',
  ),
  fc.integer({ min: 50_000_000, max: 2_147_483_647 }).map(String),
  // Digits alone ('1', '007') could name a real row: those are not bad ids.
  fc
    .string({ minLength: 1, maxLength: 30 })
    .filter((v) => !/^\d+$/.test(v))
    .map(encodeURIComponent),
)

// ---------- sending ----------

async function send(actor: Actor, method: string, url: string, body: Body) {
  const c = actors[actor]
  if (body.kind === 'json') return c.request(method, url, { json: body.value })
  if (body.kind === 'none') return c.request(method, url)
  if (body.kind === 'raw')
    return c.request(method, url, {
      body: body.text,
      headers: body.type ? { 'Content-Type': body.type } : {},
    })
  const form = new FormData()
  for (const [name, value] of body.parts) {
    if (typeof value === 'string') form.append(name, value)
    else form.append(name, new Blob([Buffer.from(value.bytes)], { type: value.type }), value.name)
  }
  return c.request(method, url, { form })
}

const actor = fc.constantFrom<Actor>('client', 'manager')

/** The property: a 4xx, and nothing changed. */
async function expectRefused(who: Actor, method: string, url: string, body: Body) {
  const before = await snapshot()
  const res = await send(who, method, url, body)
  const after = await snapshot()
  const shown = JSON.stringify(body).slice(0, 300)
  expect({
    who,
    method,
    url,
    body: shown,
    status: res.status >= 400 && res.status < 500 ? '4xx' : res.status,
  }).toEqual({
    who,
    method,
    url,
    body: shown,
    status: '4xx',
  })
  expect(after.db, `${who} ${method} ${url} changed the database`).toBe(before.db)
  expect(after.files, `${who} ${method} ${url} changed the files`).toBe(before.files)
}

function check<T extends unknown[]>(property: fc.IAsyncPropertyWithHooks<T>) {
  return fc.assert(property, { numRuns: RUNS })
}

// ---------- the calls ----------

const SIGNUP_FIELDS = [
  'username',
  'email',
  'password',
  'fname',
  'lname',
  'phone_num',
  'address',
  'city',
  'state',
  'zip',
]
const BOOKING_FIELDS = [
  'id',
  'client_id',
  'pet_id',
  'booking_type',
  'drop_off_date',
  'pick_up_date',
  'services',
]
const badBookingType = ['', 'hotel', 'DAY_CARE', 1, null, [], undefined]

describe('fuzz: every write call answers bad input with a 4xx and changes nothing', () => {
  const TIMEOUT = 120_000

  it('POST /api/auth/signup and /api/auth/login', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const signupPoison = {
      zip: ['abc', '1234', 1234, null, undefined, '123456'],
      fname: ['lower', '', 'A\u0000b', 5],
    }
    await check(
      fc.asyncProperty(actor, jsonBody(SIGNUP_FIELDS, signupPoison), async (who, body) => {
        await expectRefused(who, 'POST', '/api/auth/signup', body)
      }),
    )
    // Everything right but one text field holding U+0000, which PostgreSQL cannot store.
    for (const field of ['fname', 'lname', 'city', 'state', 'address']) {
      const valid = {
        username: `nul_${field}`,
        email: `nul.${field}@example.com`,
        password: 'a-long-password',
        fname: 'Nova',
        lname: 'Client',
        phone_num: '5559876543',
        address: '7 Harbor Road',
        city: 'Portland',
        state: 'Maine',
        zip: '04101',
      } as Record<string, string>
      valid[field] = `${valid[field]}\u0000x`
      await expectRefused('client', 'POST', '/api/auth/signup', { kind: 'json', value: valid })
    }
    await check(
      fc.asyncProperty(
        actor,
        jsonBody(['email', 'password'], { password: ['', null, 5, [], undefined] }),
        async (who, body) => {
          await expectRefused(who, 'POST', '/api/auth/login', body)
        },
      ),
    )
  })

  it('POST /api/pets and PUT /api/pets/{id}', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const petJson = jsonBody(PET_FIELDS, { type: ['lizard', 1, null, undefined] })
    await check(
      fc.asyncProperty(actor, fc.oneof(petFormBody('add'), petJson), async (who, body) => {
        await expectRefused(who, 'POST', '/api/pets', body)
      }),
    )
    const target = fc.oneof(
      fc.constant(String(ids.ownPet)),
      fc.constant(String(ids.otherPet)),
      badId,
    )
    await check(
      fc.asyncProperty(
        actor,
        target,
        fc.oneof(petFormBody('edit'), petJson),
        async (who, id, body) => {
          await expectRefused(who, 'PUT', `/api/pets/${id}`, body)
        },
      ),
    )
    // Everything right, a real photo even, but one text holding U+0000, which
    // PostgreSQL cannot store: refused, with no photo left behind on disk.
    const photo = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#c98b4a' },
    })
      .jpeg()
      .toBuffer()
    for (const [field, value] of [
      ['name', 'Rex\u0000'],
      ['breed', 'Bea\u0000gle'],
      ['dietary_note', 'Kibble\u0000'],
      ['medication_note', '\u0000'],
    ]) {
      const parts: [string, string | FilePart][] = Object.entries({ ...VALID_PET, [field]: value })
      await expectRefused('client', 'PUT', `/api/pets/${ids.ownPet}`, { kind: 'form', parts })
      parts.push([
        'preview_image',
        { bytes: new Uint8Array(photo), name: 'photo.jpg', type: 'image/jpeg' },
      ])
      await expectRefused('client', 'POST', '/api/pets', { kind: 'form', parts })
    }
  })

  it(
    'DELETE /api/pets/{id} and DELETE /api/pets/{petId}/images/{imageId}',
    { timeout: TIMEOUT },
    async () => {
      setNow(NOW)
      await check(
        fc.asyncProperty(
          actor,
          badId,
          fc.oneof(fc.constant<Body>({ kind: 'none' }), rawBody),
          async (who, id, body) => {
            await expectRefused(who, 'DELETE', `/api/pets/${id}`, body)
          },
        ),
      )
      const petId = fc.oneof(
        fc.constant(String(ids.ownPet)),
        fc.constant(String(ids.otherPet)),
        badId,
      )
      await check(
        fc.asyncProperty(actor, petId, badId, async (who, pet, image) => {
          await expectRefused(who, 'DELETE', `/api/pets/${pet}/images/${image}`, { kind: 'none' })
        }),
      )
    },
  )

  it('POST /api/bookings, PUT and DELETE /api/bookings/{id}', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const poison = {
      booking_type: badBookingType,
      services: [[], 'x', [0], [99999999], null, undefined],
    }
    await check(
      fc.asyncProperty(actor, jsonBody(BOOKING_FIELDS, poison), async (who, body) => {
        await expectRefused(who, 'POST', '/api/bookings', body)
      }),
    )
    const target = fc.oneof(
      fc.constant(String(ids.ownBooking)),
      fc.constant(String(ids.otherBooking)),
      badId,
    )
    await check(
      fc.asyncProperty(actor, target, jsonBody(BOOKING_FIELDS, poison), async (who, id, body) => {
        await expectRefused(who, 'PUT', `/api/bookings/${id}`, body)
      }),
    )
    await check(
      fc.asyncProperty(actor, badId, async (who, id) => {
        await expectRefused(who, 'DELETE', `/api/bookings/${id}`, { kind: 'none' })
      }),
    )
  })

  it('POST /api/services, PUT and DELETE /api/services/{id}', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const poison = {
      price: ['', null, 0, -5, 1.001, 'abc', '1e3', true, [], {}, undefined],
      service: ['', '  ', null, 7, 'x'.repeat(101), 'Fuzz\u0000'],
    }
    await check(
      fc.asyncProperty(
        actor,
        jsonBody(['service', 'price', 'staff'], poison),
        async (who, body) => {
          await expectRefused(who, 'POST', '/api/services', body)
        },
      ),
    )
    const target = fc.oneof(fc.constant(String(ids.service)), badId)
    await check(
      fc.asyncProperty(
        actor,
        target,
        jsonBody(['id', 'service', 'price', 'staff'], poison),
        async (who, id, body) => {
          await expectRefused(who, 'PUT', `/api/services/${id}`, body)
        },
      ),
    )
    await check(
      fc.asyncProperty(actor, badId, async (who, id) => {
        await expectRefused(who, 'DELETE', `/api/services/${id}`, { kind: 'none' })
      }),
    )
  })

  it('POST /api/reviews, PUT and DELETE /api/reviews/{id}', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const poison = {
      paws: [0, 6, -1, 2.5, '', 'five', null, [], {}, true, undefined],
      review: ['', ' ', null, 3, 'y'.repeat(2001), 'ok\u0000'],
    }
    await check(
      fc.asyncProperty(
        actor,
        jsonBody(['review', 'paws', 'client_id'], poison),
        async (who, body) => {
          await expectRefused(who, 'POST', '/api/reviews', body)
        },
      ),
    )
    const target = fc.oneof(
      fc.constant(String(ids.ownReview)),
      fc.constant(String(ids.otherReview)),
      badId,
    )
    await check(
      fc.asyncProperty(
        actor,
        target,
        jsonBody(['review', 'paws'], poison),
        async (who, id, body) => {
          await expectRefused(who, 'PUT', `/api/reviews/${id}`, body)
        },
      ),
    )
    await check(
      fc.asyncProperty(actor, badId, async (who, id) => {
        await expectRefused(who, 'DELETE', `/api/reviews/${id}`, { kind: 'none' })
      }),
    )
  })
})
