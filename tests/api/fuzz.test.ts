import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { Writable } from 'node:stream'
import fc from 'fast-check'
import sharp from 'sharp'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { DEMO_PASSWORD, demoEmail } from '../../app/models/demo-seed.server'
import { createLogger } from '../../server/app'
import { Client, startExtraServer, startServer } from '../support/http'
import { rawRequest as rawGet, stableHeaders } from '../support/raw-http'
import { SIGNUP_FIELDS as VALID_SIGNUP } from '../support/forms'
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
  ownEntry: number
  otherEntry: number
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
  // A stay of each on the waitlist, still waiting (no place is held for either).
  const entry = (clientId: number, petId: number) => ({
    client_id: clientId,
    pet_id: petId,
    booking_type: 'boarding_care',
    drop_off_at: '2026-03-20 10:00:00',
    pick_up_at: '2026-03-22 10:00:00',
    service_ids: `{${service.id}}`,
    created_at: '2026-03-01 12:00:00',
  })
  const [ownEntry] = await db('waitlist_entries')
    .insert(entry(client.id, ownPet.id))
    .returning('id')
  const [otherEntry] = await db('waitlist_entries')
    .insert(entry(other.id, otherPet.id))
    .returning('id')
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
    ownEntry: ownEntry.id,
    otherEntry: otherEntry.id,
  })
})

// ---------- what "unchanged" means ----------

// Failed logins are meant to be counted (rate limiting), and knex's own
// bookkeeping is not data: every other table must be byte-for-byte the same.
const NOT_DATA = new Set(['knex_migrations', 'knex_migrations_lock', 'rate_limits'])

async function databaseFingerprint(alsoNotData: string[] = []): Promise<string> {
  const db = await getDb()
  const res = await db.raw(
    `select tablename from pg_tables where schemaname = current_schema() order by tablename`,
  )
  const tables = ((res.rows ?? res) as { tablename: string }[])
    .map((r) => r.tablename)
    .filter((t) => !NOT_DATA.has(t) && !alsoNotData.includes(t))
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

async function snapshot(alsoNotData: string[] = []) {
  return { db: await databaseFingerprint(alsoNotData), files: filesFingerprint() }
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
  toString() {
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
  'vet_name',
  'vet_phone',
  'emergency_contact_name',
  'emergency_contact_phone',
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
        [['vet_phone', '555-01']],
        [['vet_name', 'V'.repeat(101)]],
        [['emergency_contact_phone', '+44 20 7946 0958']],
        [['emergency_contact_name', 'Sam\u0000']],
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

function check<T extends unknown[]>(
  property: fc.IAsyncPropertyWithHooks<T>,
  { examples = [] }: { examples?: T[] } = {},
) {
  return fc.assert(property, { numRuns: RUNS, examples })
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
const PROFILE_FIELDS = SIGNUP_FIELDS.filter((f) => f !== 'email' && f !== 'password')
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
      // Phone numbers are read as people write them; none of these is 10 digits.
      phone_num: [
        '+1',
        '(((',
        '555-123-456',
        '+44 20 7946 0958',
        '5'.repeat(100_000),
        '555\u0000123\u00004567',
        '\u0665\u0665\u0665\u0661\u0662\u0663\u0664\u0665\u0666\u0667',
        5551234567,
        '+1 (555) 123-45678',
      ],
    }
    await check(
      fc.asyncProperty(actor, jsonBody(SIGNUP_FIELDS, signupPoison), async (who, body) => {
        await expectRefused(who, 'POST', '/api/auth/signup', body)
      }),
    )
    // Everything right but one text field holding U+0000, which PostgreSQL cannot store.
    for (const field of ['fname', 'lname', 'city', 'state', 'address']) {
      const valid: Record<string, string> = {
        ...VALID_SIGNUP,
        username: `nul_${field}`,
        email: `nul.${field}@example.com`,
      }
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

  it(
    'PUT /api/bookings/{id} on a stay under way (the manager may change it)',
    { timeout: TIMEOUT },
    async () => {
      // The stays run 10–12 March: on the 11th they are under way.
      setNow('2026-03-11T15:00:00.000Z')
      const poison = {
        booking_type: ['day_care', ...badBookingType],
        drop_off_date: ['2026-03-09 10:00:00', '2026-03-10 11:00:00', '', null, '2026-03-10'],
        pick_up_date: [
          '2026-03-11 09:00:00',
          '2026-03-10 12:00:00',
          '2026-03-12 10:30:00',
          '2026-03-12 19:00:00',
          '2027-03-12 10:00:00',
          '9999-12-31 10:00:00',
          '2026-02-30 10:00:00',
        ],
        services: [[], 'x', [0], [99999999], null],
      }
      const target = fc.constantFrom(String(ids.ownBooking), String(ids.otherBooking))
      await check(
        fc.asyncProperty(actor, target, nearMiss(BOOKING_FIELDS, poison), async (who, id, body) => {
          await expectRefused(who, 'PUT', `/api/bookings/${id}`, { kind: 'json', value: body })
        }),
      )
      setNow(NOW)
    },
  )

  it('POST /api/services, PUT and DELETE /api/services/{id}', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const poison = {
      price: ['', null, 0, -5, 1.001, 'abc', '1e3', true, [], {}, undefined],
      service: ['', '  ', null, 7, 'x'.repeat(101), 'Fuzz\u0000'],
      species: ['hamster', 'Dog', 'both ', 1, true, [], {}],
      description: ['x'.repeat(301), 'a\u0000b', 7, [], {}, new HugeText(70_000)],
    }
    await check(
      fc.asyncProperty(
        actor,
        jsonBody(['service', 'price', 'staff', 'species', 'description'], poison),
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
        jsonBody(['id', 'service', 'price', 'staff', 'species', 'description'], poison),
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

  it('POST /api/users/clients', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    await check(
      fc.asyncProperty(
        actor,
        jsonBody(['fname', 'lname', 'email', 'phone_num', 'address', 'city', 'state', 'zip'], {
          email: ['', 'not-an-email', 'a@', `${'x'.repeat(250)}@example.com`, 'a\u0000@b.co', 7],
          phone_num: ['555', 'call me', '', null, 5551234567, '+44 20 7946 0958'],
          zip: ['123', 'ABCDE', '', 12345, null],
          fname: ['lower', '', 'A\u0000b', 5, 'A'.repeat(101)],
          address: ['', null, [], 'x'.repeat(201)],
        }),
        async (who, body) => {
          await expectRefused(who, 'POST', '/api/users/clients', body)
        },
      ),
    )
  })

  it(
    'POST /api/users/invitations, PUT /api/users/{id}/position and /active',
    { timeout: TIMEOUT },
    async () => {
      setNow(NOW)
      await check(
        fc.asyncProperty(
          actor,
          jsonBody(['fname', 'lname', 'email', 'position'], {
            position: ['Owner', 'manager', '', ' ', null, 1, [], {}, 'Employee\u0000', undefined],
            email: ['', 'not-an-email', 'a@', `${'x'.repeat(250)}@example.com`, 'a\u0000@b.co', 7],
            fname: ['lower', '', 'A\u0000b', 5, 'A'.repeat(101)],
          }),
          async (who, body) => {
            await expectRefused(who, 'POST', '/api/users/invitations', body)
          },
        ),
      )
      const target = fc.oneof(fc.constant(String(ids.staffId)), badId)
      await check(
        fc.asyncProperty(
          actor,
          target,
          jsonBody(['position'], {
            position: ['Owner', 'employee', '', null, 0, true, [], {}, undefined],
          }),
          async (who, id, body) => {
            await expectRefused(who, 'PUT', `/api/users/${id}/position`, body)
          },
        ),
      )
      await check(
        fc.asyncProperty(
          actor,
          target,
          jsonBody(['active'], {
            active: ['false', 'true', 0, 1, null, '', 'no', [], {}, undefined],
          }),
          async (who, id, body) => {
            await expectRefused(who, 'PUT', `/api/users/${id}/active`, body)
          },
        ),
      )
    },
  )

  it('PUT /api/users/me and /api/users/me/password', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    await check(
      fc.asyncProperty(
        actor,
        jsonBody(PROFILE_FIELDS, {
          username: ['x', '', 'has space', 'a\u0000b', 'y'.repeat(41), 5, null, []],
          fname: ['lower', '', 'A\u0000b', 5, 'A'.repeat(101), new HugeText(70_000)],
          phone_num: ['12', '555-CALL-NOW', '+44 20 7946 0958', '', 5551234567, '\u0000'],
          zip: ['1234', 'abcde', '', 12345, '0540\u0000'],
          address: ['main street', '', '12 main street', 7],
        }),
        async (who, body) => {
          await expectRefused(who, 'PUT', '/api/users/me', body)
        },
      ),
    )
    await check(
      fc.asyncProperty(
        actor,
        jsonBody(['current_password', 'password', 'confirm_password'], {
          current_password: ['wrong-password', '', null, 5, [], 'pass\u0000', new HugeText(2_001)],
          password: ['short', '', null, 'pass\u0000word', 12345678, new HugeText(70_000)],
          confirm_password: [null, 8, [], ''],
        }),
        async (who, body) => {
          await expectRefused(who, 'PUT', '/api/users/me/password', body)
        },
      ),
    )
  })

  it('PUT /api/settings', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    await check(
      fc.asyncProperty(
        actor,
        jsonBody(
          [
            'dog_kennels',
            'cat_condos',
            'day_care_places',
            'day_care_daily_price',
            'boarding_daily_price',
          ],
          {
            dog_kennels: [-1, 1.5, 10_001, '1e308', 'NaN', null, true, [], '\u0000'],
            cat_condos: ['abc', ' ', '0x10', {}, 2 ** 31],
            day_care_daily_price: [0, -5, 1.001, 'free', '$', 1e308, '99999999999999999999.99'],
            boarding_daily_price: ['', null, 'Infinity', '55.00\u0000', new HugeText(70_000)],
          },
        ),
        async (who, body) => {
          await expectRefused(who, 'PUT', '/api/settings', body)
        },
      ),
    )
  })

  it(
    'POST /api/pets/{id}/vaccinations, PUT and DELETE …/{vaccinationId}',
    { timeout: TIMEOUT },
    async () => {
      setNow(NOW)
      const fields = ['vaccine', 'given_on', 'expires_on', 'verified']
      const poison = {
        vaccine: ['', ' ', null, 5, [], {}, 'x'.repeat(61), 'Rabies\u0000', new HugeText(70_000)],
        given_on: ['2026-13-01', '2026-02-30', '9999-12-31', '2099-01-01', '', 'today', 20260101],
        expires_on: ['1999-01-01', '0000-00-00', '2026-01-01T00:00', '+275760-09-13', null, true],
        verified: ['yes', 2, [], {}, 'null'],
      }
      const pet = fc.oneof(
        fc.constant(String(ids.ownPet)),
        fc.constant(String(ids.otherPet)),
        badId,
      )
      await check(
        fc.asyncProperty(actor, pet, jsonBody(fields, poison), async (who, id, body) => {
          await expectRefused(who, 'POST', `/api/pets/${id}/vaccinations`, body)
        }),
      )
      // Valid fields with a file that is no photo (random bytes, any name and type): refused.
      const withFakeCertificate = fakeFile.map((file) => ({
        kind: 'form' as const,
        parts: [
          ['vaccine', 'Rabies'],
          ['given_on', '2026-01-10'],
          ['expires_on', '2027-01-10'],
          [
            'certificate',
            {
              ...file,
              name: file.name || 'cert.jpg',
              bytes: file.bytes.length ? file.bytes : new Uint8Array([0xff, 0xd8, 0xff]),
            },
          ],
        ] as [string, string | FilePart][],
      }))
      await check(
        fc.asyncProperty(actor, pet, withFakeCertificate, async (who, id, body) => {
          await expectRefused(who, 'POST', `/api/pets/${id}/vaccinations`, body)
        }),
      )
      // No record exists: every change of one is refused, whatever it carries.
      await check(
        fc.asyncProperty(
          actor,
          pet,
          badId,
          jsonBody(fields, poison),
          async (who, id, record, body) => {
            await expectRefused(who, 'PUT', `/api/pets/${id}/vaccinations/${record}`, body)
            await expectRefused(who, 'DELETE', `/api/pets/${id}/vaccinations/${record}`, {
              kind: 'none',
            })
          },
        ),
      )
    },
  )

  it('POST /api/bookings/{id}/check-in and /check-out', { timeout: TIMEOUT }, async () => {
    // The clock is a week before the stays: no check-in is open yet, none is checked in.
    setNow(NOW)
    const target = fc.oneof(
      fc.constant(String(ids.ownBooking)),
      fc.constant(String(ids.otherBooking)),
      badId,
    )
    await check(
      fc.asyncProperty(
        actor,
        target,
        fc.constantFrom('check-in', 'check-out'),
        fc.oneof(jsonBody(['status', 'at'], { status: ['checked_in', 1, null] }), rawBody),
        async (who, id, step, body) => {
          await expectRefused(who, 'POST', `/api/bookings/${id}/${step}`, body)
        },
      ),
    )
  })

  it(
    'POST /api/bookings/{id}/updates and GET …/updates/{updateId}/photo',
    { timeout: TIMEOUT },
    async () => {
      // A week before the stays: none is checked in, so no update may be posted.
      setNow(NOW)
      const target = fc.oneof(
        fc.constant(String(ids.ownBooking)),
        fc.constant(String(ids.otherBooking)),
        badId,
      )
      const poison = {
        note: [null, 5, [], {}, 'x'.repeat(1001), new HugeText(70_000)],
        ate_well: ['yes', 2, [], {}, 'null', null],
        played: ['no', -1, {}],
        medication_given: ['maybe', 1.5, []],
      }
      await check(
        fc.asyncProperty(
          actor,
          target,
          fc.oneof(jsonBody(['note', 'ate_well', 'played', 'medication_given'], poison), rawBody),
          async (who, id, body) => {
            await expectRefused(who, 'POST', `/api/bookings/${id}/updates`, body)
          },
        ),
      )
      // A note with a file that is no photo (random bytes, any name and type): refused, nothing kept.
      const withFakePhoto = fakeFile.map((file) => ({
        kind: 'form' as const,
        parts: [
          ['note', 'Played in the yard'],
          [
            'photo',
            {
              ...file,
              name: file.name || 'yard.jpg',
              bytes: file.bytes.length ? file.bytes : new Uint8Array([0xff, 0xd8, 0xff]),
            },
          ],
        ] as [string, string | FilePart][],
      }))
      await check(
        fc.asyncProperty(actor, target, withFakePhoto, async (who, id, body) => {
          await expectRefused(who, 'POST', `/api/bookings/${id}/updates`, body)
        }),
      )
      await check(
        fc.asyncProperty(actor, target, badId, async (who, id, update) => {
          await expectRefused(who, 'GET', `/api/bookings/${id}/updates/${update}/photo`, {
            kind: 'none',
          })
        }),
      )
    },
  )

  it('POST /api/bookings/{id}/adjustments', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const target = fc.oneof(
      fc.constant(String(ids.ownBooking)),
      fc.constant(String(ids.otherBooking)),
      badId,
    )
    const poison = {
      amount: [0, '0', '-0.00', 'ten', '1.234', '--5', 1e21, -1e9, NaN, [], {}, null, true, '1e3'],
      reason: ['', ' ', null, 3, [], 'z'.repeat(201), new HugeText(70_000)],
    }
    await check(
      fc.asyncProperty(
        actor,
        target,
        jsonBody(['amount', 'reason'], poison),
        async (who, id, body) => {
          await expectRefused(who, 'POST', `/api/bookings/${id}/adjustments`, body)
        },
      ),
    )
  })

  it(
    'POST /api/waitlist, DELETE /api/waitlist/{id}, POST /api/waitlist/{id}/take',
    { timeout: TIMEOUT },
    async () => {
      setNow(NOW)
      // No night is full here: even a well-formed stay is refused (a place is free: book it).
      const poison = {
        booking_type: badBookingType,
        services: [[], 'x', [0], [99999999], null, undefined],
      }
      await check(
        fc.asyncProperty(actor, jsonBody(BOOKING_FIELDS, poison), async (who, body) => {
          await expectRefused(who, 'POST', '/api/waitlist', body)
        }),
      )
      // Leaving: someone else's stay (a client may not) or no stay at all.
      const leaving = actor.chain((who) =>
        fc.tuple(
          fc.constant(who),
          who === 'client' ? fc.oneof(fc.constant(String(ids.otherEntry)), badId) : badId,
        ),
      )
      await check(
        fc.asyncProperty(leaving, async ([who, id]) => {
          await expectRefused(who, 'DELETE', `/api/waitlist/${id}`, { kind: 'none' })
        }),
      )
      // Taking: both stays still wait, so nobody may take either.
      const target = fc.oneof(
        fc.constant(String(ids.ownEntry)),
        fc.constant(String(ids.otherEntry)),
        badId,
      )
      await check(
        fc.asyncProperty(
          actor,
          target,
          fc.oneof(
            jsonBody(['id'], { id: [null, 'x', -1, []] }),
            fc.constant({ kind: 'none' } as const),
          ),
          async (who, id, body) => {
            await expectRefused(who, 'POST', `/api/waitlist/${id}/take`, body)
          },
        ),
      )
    },
  )

  it(
    'POST /api/tokens, DELETE /api/tokens/{id}, and a Bearer header of any shape',
    { timeout: TIMEOUT },
    async () => {
      setNow(NOW)
      await check(
        fc.asyncProperty(
          actor,
          jsonBody(['name', 'read_only'], {
            name: ['', ' ', 'x'.repeat(61), 'a\u0000b', 3, null, [], new HugeText(70_000)],
            read_only: ['maybe', 2, null, [], {}],
          }),
          async (who, body) => {
            await expectRefused(who, 'POST', '/api/tokens', body)
          },
        ),
      )
      await check(
        fc.asyncProperty(actor, badId, async (who, id) => {
          await expectRefused(who, 'DELETE', `/api/tokens/${id}`, { kind: 'none' })
        }),
      )
      // Whatever an Authorization header says, a write with it is refused (401) and changes nothing.
      const header = fc.oneof(
        fc.string({ maxLength: 300 }).filter((h) => /^[\x20-\x7e]*$/.test(h)),
        fc.constantFrom(
          'Bearer',
          'Bearer ',
          'Bearer pht_',
          `Bearer pht_${'A'.repeat(43)}`,
          'bearer x y',
        ),
      )
      await check(
        fc.asyncProperty(actor, header, async (who, authorization) => {
          const before = await snapshot()
          const res = await actors[who].request('POST', '/api/tokens', {
            json: { name: 'Through a header' },
            headers: { Authorization: authorization },
          })
          expect([401, 400]).toContain(res.status)
          expect(await snapshot()).toEqual(before)
        }),
      )
    },
  )

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

// ---------- the page actions ----------

// The same property for the pages' form posts, sent the way a browser without
// JavaScript sends them (urlencoded or multipart, to the page's own URL, with
// no Origin or a same-origin one): random fields, near misses, far dates,
// other people's ids, NUL characters, repeated fields, huge values, broken
// multipart, JSON and text bodies, empty and chunked bodies, for every intent
// and unknown ones, as a visitor, a client and a manager. No answer may be a
// 5xx. A refused post (any answer but a redirect) changes nothing. A redirect
// may be a post that worked — only when the case says it may (`mayWrite`):
// near misses, and deletes of rows the actor may not delete, never do.

type PageActor = Actor | 'visitor'
type FormValue = string | HugeText
type Field = [string, FormValue]
type PageBody =
  | { kind: 'urlencoded'; fields: Field[] }
  | { kind: 'multipart'; parts: [string, FormValue | FilePart][] }
  | { kind: 'raw'; text: string; type: string | undefined }
  | { kind: 'none' }
type PageCase = {
  who: PageActor
  url: string
  body: PageBody
  chunked: boolean
  sameOrigin: boolean
  /** A redirect may mean the post worked and changed rows. */
  mayWrite?: boolean
  /** Logins and signups count attempts (rate limits): not a change. */
  attempts?: boolean
  /** A cookie of the visitor's own (a forged one, say). */
  cookie?: string
}

const page = {} as {
  otherId: number
  otherEmail: string
  managerEmail: string
  ownImage: number
  otherImage: number
}
/** An id no row has. */
const GONE = '2000000000'

/** One request on its own connection, with exactly these bytes (chunked when asked). */
function rawRequest(
  method: string,
  url: string,
  headers: Record<string, string>,
  bytes: Buffer | null,
  chunked: boolean,
): Promise<{ status: number; text: string }> {
  const target = new URL(base + url)
  return new Promise((resolve, reject) => {
    let answered = false
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        agent: false,
        headers: {
          ...headers,
          ...(bytes === null
            ? {}
            : chunked
              ? { 'Transfer-Encoding': 'chunked' }
              : { 'Content-Length': String(bytes.length) }),
        },
      },
      (res) => {
        answered = true
        const chunks: Buffer[] = []
        const done = () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() })
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', done)
        res.on('error', done)
      },
    )
    // A server that answered (413, say) and closed while the body was still going is fine.
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    if (bytes !== null) {
      if (chunked) {
        // Three chunks, as a streaming browser might send them.
        const size = Math.max(Math.ceil(bytes.length / 3), 1)
        for (let i = 0; i < bytes.length; i += size) req.write(bytes.subarray(i, i + size))
      } else req.write(bytes)
    }
    req.end()
  })
}

async function encodePageBody(body: PageBody): Promise<{ bytes: Buffer | null; type?: string }> {
  if (body.kind === 'none') return { bytes: null }
  if (body.kind === 'raw') return { bytes: Buffer.from(body.text), type: body.type }
  if (body.kind === 'urlencoded') {
    const params = new URLSearchParams()
    for (const [name, value] of body.fields) params.append(name, String(value))
    return { bytes: Buffer.from(params.toString()), type: 'application/x-www-form-urlencoded' }
  }
  const form = new FormData()
  for (const [name, value] of body.parts) {
    if (typeof value === 'string' || value instanceof HugeText) form.append(name, String(value))
    else form.append(name, new Blob([Buffer.from(value.bytes)], { type: value.type }), value.name)
  }
  const encoded = new Response(form)
  return {
    bytes: Buffer.from(await encoded.arrayBuffer()),
    type: encoded.headers.get('Content-Type') ?? undefined,
  }
}

async function sendPage(c: PageCase) {
  const { bytes, type } = await encodePageBody(c.body)
  const headers: Record<string, string> = {}
  const cookie = c.who === 'visitor' ? c.cookie : actors[c.who].cookie
  if (cookie) headers.Cookie = cookie
  if (type) headers['Content-Type'] = type
  if (c.sameOrigin) {
    headers.Origin = base
    headers['Sec-Fetch-Site'] = 'same-origin'
  }
  return rawRequest('POST', c.url, headers, bytes, c.chunked && bytes !== null)
}

function describeCase(c: PageCase) {
  const shown = JSON.stringify(c, (_k, v) => (v instanceof HugeText ? `<${v.length} × x>` : v))
  return shown.length > 600 ? `${shown.slice(0, 600)}…` : shown
}

// The state after one post is the state before the next (nothing else runs
// meanwhile), so each post costs one fingerprint, not two.
let lastSeen: { key: string; state: Awaited<ReturnType<typeof snapshot>> } | undefined

/** The property for one page post. */
async function expectPageSafe(c: PageCase) {
  const ignore = c.attempts ? ['rate_limits'] : []
  const key = ignore.join()
  const before = lastSeen?.key === key ? lastSeen.state : await snapshot(ignore)
  lastSeen = undefined
  const res = await sendPage(c)
  const after = await snapshot(ignore)
  lastSeen = { key, state: after }
  const shown = describeCase(c)
  expect(res.status, `answered ${res.status}: ${shown}`).toBeLessThan(500)
  if (c.mayWrite && res.status >= 300 && res.status < 400) return
  expect(after.db, `${res.status} changed the database: ${shown}`).toBe(before.db)
  expect(after.files, `${res.status} changed the files: ${shown}`).toBe(before.files)
}

function checkPages(cases: fc.Arbitrary<PageCase>) {
  lastSeen = undefined
  return fc.assert(fc.asyncProperty(cases, expectPageSafe), { numRuns: RUNS })
}

// ---- page arbitraries ----

const farDate = fc.constantFrom(
  '9999-12-31',
  '0001-01-01',
  '0000-00-00',
  '2026-02-30',
  '2026-13-01',
  '+275760-09-13',
  '2026-03-10T10:00:00Z',
  '10/03/2026',
)
const oddText = fc.constantFrom(
  '-1',
  '0',
  '1.5',
  '1e308',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{}',
  '[object Object]',
  '25:00',
  '10:30',
  '99999999999999999999',
  '2147483648',
)
/** Ids as a form sends them: our rows and other people's, rows that are gone, non-ids. */
const idText = () =>
  fc.constantFrom(
    String(ids.ownPet),
    String(ids.otherPet),
    String(ids.ownBooking),
    String(ids.otherBooking),
    String(ids.ownReview),
    String(ids.otherReview),
    String(ids.service),
    String(page.ownImage),
    String(page.otherImage),
    String(ids.clientId),
    String(page.otherId),
    GONE,
    '0',
    '-5',
    ' 1',
    '0x10',
    '1e3',
  )
const formValue = (): fc.Arbitrary<FormValue> =>
  fc.oneof(
    { weight: 4, arbitrary: anyText },
    { weight: 1, arbitrary: hugeText },
    { weight: 2, arbitrary: farDate },
    { weight: 2, arbitrary: oddText },
    { weight: 2, arbitrary: idText() },
    { weight: 1, arbitrary: anyText.map((t) => `/${t}`) },
  )

/** Where to go after logging in: paths with any characters, other sites, anything. */
const redirectTo = (): fc.Arbitrary<FormValue> =>
  fc.oneof(
    formValue(),
    fc.constantFrom(
      '/services?x=1#y',
      '/💥',
      '/\u2028',
      '/\u007f',
      '/x\ud800',
      '/a b',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
    ),
    fc.string({ unit: 'binary' }).map((t) => `/${t}`),
  )

/** Random fields: the form's own names (repeated at will) and others, any values. */
function randomFields(names: string[]): fc.Arbitrary<Field[]> {
  return fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 10 })), formValue()),
    { maxLength: 14 },
  )
}

/**
 * A form right in every field but one, which holds a refused value — and may
 * come twice (a repeated field is never one valid value). `fixed` fields
 * (intent, ids) come first and are never poisoned.
 */
function nearMissFields(
  fixed: Field[],
  valid: Field[],
  poison: Record<string, FormValue[]>,
): fc.Arbitrary<Field[]> {
  return fc
    .tuple(
      fc
        .constantFrom(...Object.keys(poison))
        .chain((key) => fc.tuple(fc.constant(key), fc.constantFrom(...poison[key]))),
      fc.boolean(),
    )
    .map(([[key, value], repeat]) => {
      const fields: Field[] = [...fixed, ...valid.filter(([k]) => k !== key), [key, value]]
      if (repeat) fields.push([key, value])
      return fields
    })
}

/** Bodies that are no form of the page's kind: broken multipart, JSON, text, odd types. */
const rawPageBody: fc.Arbitrary<PageBody> = fc
  .tuple(
    fc.oneof(
      anyText,
      fc.constantFrom(
        '',
        '--zzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete\r\n',
        '--zzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nnope\r\n--zzz--\r\n',
        '--zzz\r\nContent-Disposition: form-data; name="f"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u0000\u0001',
        '--zzz--',
        '--other\r\n\r\n--other--',
        '{"intent":"delete","id":1}',
        '{"email":"a@example.com","password":"x"}',
        '[1,2',
        'intent=delete&id=%FF%FE',
        'intent=%00&id=%',
        '%%%=%%%&&&==',
        'a=1&a=2&a=3',
      ),
    ),
    fc.constantFrom(
      'application/json',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=utf-16',
      'multipart/form-data; boundary=zzz',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary="unterminated',
      'multipart/mixed; boundary=zzz',
      'application/octet-stream',
      'text/html',
      undefined,
    ),
  )
  .map(([text, type]) => ({ kind: 'raw' as const, text, type }))

/** Fields as a body: urlencoded (mostly) or multipart. */
function formBody(fields: fc.Arbitrary<Field[]>): fc.Arbitrary<PageBody> {
  return fc.oneof(
    { weight: 3, arbitrary: fields.map((f): PageBody => ({ kind: 'urlencoded', fields: f })) },
    { weight: 1, arbitrary: fields.map((f): PageBody => ({ kind: 'multipart', parts: f })) },
  )
}
/** No form at all: raw bodies of other kinds, or no body. */
const notAForm = fc.oneof(
  { weight: 3, arbitrary: rawPageBody },
  { weight: 1, arbitrary: fc.constant<PageBody>({ kind: 'none' }) },
)

type Draft = Omit<PageCase, 'chunked' | 'sameOrigin'>
/** How the post travels: chunked or not, with a same-origin Origin or none. */
function sent(drafts: fc.Arbitrary<Draft>): fc.Arbitrary<PageCase> {
  return fc
    .tuple(drafts, fc.boolean(), fc.boolean())
    .map(([d, chunked, sameOrigin]) => ({ ...d, chunked, sameOrigin }))
}

const anyActor = fc.constantFrom<PageActor>('visitor', 'client', 'manager')
/** Managers get past the guards of the admin pages; the others are refused at the door. */
const adminActor = fc.constantFrom<PageActor>('visitor', 'client', 'manager', 'manager', 'manager')
/** Unknown intents: near misses of the real ones, other pages' intents, anything. */
const unknownIntent = fc.oneof(
  fc.constantFrom('', 'DELETE', 'create ', 'delete-image', 'clear', 'choose', 'quote', 'edit'),
  fc.string({ maxLength: 12 }),
)
const intentOf = (...known: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: unknownIntent },
  )

/**
 * Posts of a list page's form (reviews, services): a create, update or
 * delete, the id it names, and fields near a valid form — or no form at all.
 */
function listPagePosts({
  actors,
  url,
  idFor,
  fields,
  poison,
}: {
  actors: fc.Arbitrary<PageActor>
  url: string
  idFor: (who: PageActor, intent: string) => fc.Arbitrary<FormValue>
  fields: Field[]
  poison: Record<string, FormValue[]>
}) {
  return sent(
    actors.chain((who) =>
      intentOf('create', 'update', 'delete').chain((intent) =>
        idFor(who, intent).chain((id) =>
          fc
            .oneof(
              formBody(
                nearMissFields(
                  [
                    ['intent', intent],
                    ['id', id],
                  ],
                  fields,
                  poison,
                ),
              ),
              notAForm,
            )
            .map((body) => ({ who, url, body })),
        ),
      ),
    ),
  )
}

describe('fuzz: every page action answers bad input without a 5xx and changes nothing', () => {
  const TIMEOUT = 120_000

  beforeAll(async () => {
    const db = await getDb()
    const other = await db('pets').where({ id: ids.otherPet }).first('owner_id')
    const [otherUser, manager] = await Promise.all([
      db('users').where({ id: other.owner_id }).first('email'),
      db('users')
        .where({ position: 'Manager' })
        .whereNot('username', 'like', 'demo-%')
        .first('email'),
    ])
    // Photo rows (their files need not exist: each removal below is refused before any file is touched).
    const image = (petId: number) => ({
      pet_id: petId,
      is_preview: false,
      storage_key: `fuzz-${petId}.jpg`,
      thumb_key: `fuzz-${petId}-thumb.jpg`,
      width: 8,
      height: 8,
    })
    const [ownImage] = await db('pet_images').insert(image(ids.ownPet)).returning('id')
    const [otherImage] = await db('pet_images').insert(image(ids.otherPet)).returning('id')
    // The demo client, for demo logins (and logins) that work.
    await createUser({
      username: 'demo-client',
      email: demoEmail('client'),
      password: DEMO_PASSWORD,
    })
    Object.assign(page, {
      otherId: other.owner_id,
      otherEmail: otherUser.email,
      managerEmail: manager.email,
      ownImage: ownImage.id,
      otherImage: otherImage.id,
    })
  })

  // Near misses that random search finds only now and then, sent one by one:
  // every form right but for one text holding U+0000 (which PostgreSQL cannot
  // store), a number the schema does not take ("0x10" is no whole number), or
  // a field sent twice (a <select> of the re-rendered form must not get a list).
  it('POST every page form right but for one field', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const photo = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#c98b4a' },
    })
      .jpeg()
      .toBuffer()
    const jpeg: FilePart = { bytes: new Uint8Array(photo), name: 'photo.jpg', type: 'image/jpeg' }
    const cases: Omit<PageCase, 'chunked' | 'sameOrigin'>[] = []
    const urlencoded = (fields: Field[]): PageBody => ({ kind: 'urlencoded', fields })
    const withField = (fields: Field[], key: string, value: FormValue) =>
      fields.map(([k, v]): Field => [k, k === key ? value : v])
    const twice = (fields: Field[], key: string) => [...fields, fields.find(([k]) => k === key)!]

    const potm: Field[] = [
      ['intent', 'choose'],
      ['pet_id', String(ids.otherPet)],
      ['note', 'A very good dog'],
    ]
    for (const body of [
      withField(potm, 'note', 'A very\u0000good dog'),
      withField(potm, 'pet_id', `0x${ids.otherPet.toString(16)}`),
      twice(potm, 'pet_id'),
    ])
      cases.push({ who: 'manager', url: '/?index', body: urlencoded(body) })

    const settings: Field[] = [
      ['dog_kennels', '20'],
      ['cat_condos', '10'],
      ['day_care_places', '15'],
      ['day_care_daily_price', '35.00'],
      ['boarding_daily_price', '55.00'],
    ]
    for (const value of ['0x10', '1e3', '0b11', '20\u0000'])
      cases.push({
        who: 'manager',
        url: '/settings',
        body: urlencoded(withField(settings, 'dog_kennels', value)),
      })

    const review: Field[] = [
      ['intent', 'create'],
      ['review', 'Lovely stay'],
      ['paws', '4'],
    ]
    for (const body of [
      withField(review, 'review', 'Lovely\u0000stay'),
      withField(review, 'paws', '0x4'),
      withField([...review, ['id', String(ids.ownReview)]], 'intent', 'update').map(
        ([k, v]): Field => [k, k === 'review' ? 'Lovely\u0000stay' : v],
      ),
      twice(review, 'paws'),
    ])
      cases.push({ who: 'client', url: '/reviews', body: urlencoded(body) })

    const service: Field[] = [
      ['intent', 'create'],
      ['service', 'Fuzz Nails'],
      ['price', '12.50'],
      ['staff', String(ids.staffId)],
    ]
    for (const body of [
      withField(service, 'service', 'Fuzz\u0000Nails'),
      twice(service, 'service'),
    ])
      cases.push({ who: 'manager', url: '/services', body: urlencoded(body) })

    const signup: Field[] = [
      ['username', 'nul_page'],
      ['email', 'nul.page@example.com'],
      ['password', 'a-long-password'],
      ['confirm_password', 'a-long-password'],
      ['fname', 'Nova'],
      ['lname', 'Client'],
      ['phone_num', '5559876543'],
      ['address', '7 Harbor Road'],
      ['city', 'Portland'],
      ['state', 'Maine'],
      ['zip', '04101'],
    ]
    for (const field of ['fname', 'lname', 'city', 'state', 'address'])
      cases.push({
        who: 'visitor',
        url: '/signup',
        body: urlencoded(
          signup.map(([k, v]): Field => [
            k,
            k === field ? `${String(v).slice(0, 2)}\u0000${String(v).slice(2)}` : v,
          ]),
        ),
        attempts: true,
      })

    const booking: Field[] = [
      ['intent', 'quote'],
      ['booking_type', 'boarding_care'],
      ['drop_off_date', '2026-03-20'],
      ['drop_off_time', '10:00'],
      ['pick_up_date', '2026-03-22'],
      ['pick_up_time', '10:00'],
      ['services', String(ids.service)],
    ]
    for (const body of [
      twice(booking, 'drop_off_time'),
      twice(withField(booking, 'intent', 'create'), 'pick_up_time'),
      withField(booking, 'drop_off_date', '9999-12-31'),
      withField(booking, 'drop_off_date', '0001-01-01'),
    ])
      cases.push({ who: 'client', url: `/bookings/pet/${ids.ownPet}`, body: urlencoded(body) })

    const pet = Object.entries(VALID_PET) as Field[]
    for (const [field, value] of [
      ['name', 'Rex\u0000'],
      ['breed', 'Bea\u0000gle'],
      ['color', 'Bro\u0000wn'],
      ['dietary_note', 'Kibble\u0000'],
      ['medication_note', '\u0000'],
    ]) {
      const parts: [string, FormValue | FilePart][] = [...withField(pet, field, value)]
      cases.push({
        who: 'client',
        url: `/pets/${ids.ownPet}/edit`,
        body: { kind: 'multipart', parts },
      })
      cases.push({
        who: 'client',
        url: '/pets/new',
        body: { kind: 'multipart', parts: [...parts, ['preview_image', jpeg]] },
      })
    }
    for (const field of ['size', 'behavior', 'type'])
      cases.push({
        who: 'client',
        url: '/pets/new',
        body: { kind: 'multipart', parts: [...twice(pet, field), ['preview_image', jpeg]] },
      })

    // A login that works goes to redirectTo when it is a path of ours, whatever its characters.
    for (const to of ['/💥', '/\u2028', '/\u007f', '/x\ud800']) {
      cases.push({
        who: 'visitor',
        url: '/demo-login',
        body: urlencoded([
          ['account', 'client'],
          ['redirectTo', to],
        ]),
        mayWrite: true,
      })
      cases.push({
        who: 'visitor',
        url: '/login',
        body: urlencoded([
          ['email', demoEmail('client')],
          ['password', DEMO_PASSWORD],
          ['redirectTo', to],
        ]),
        mayWrite: true,
        attempts: true,
      })
    }

    cases.push({
      who: 'visitor',
      url: '/signup',
      body: urlencoded([
        ...withField(withField(signup, 'email', 'redirect.page@example.com'), 'username', 'redir'),
        ['redirectTo', '/💥'],
      ]),
      mayWrite: true,
      attempts: true,
    })

    // Every case runs; the failures (and what each one logged) are reported together.
    const logged = vi.mocked(console.error).mock.calls
    const failures: string[] = []
    for (const c of cases) {
      const seen = logged.length
      try {
        await expectPageSafe({ ...c, chunked: false, sameOrigin: true })
      } catch (error) {
        failures.push(String((error as Error).message).split('\n')[0])
      }
      if (logged.length > seen)
        failures.push(
          `logged "${String(logged[seen][0]).slice(0, 80)}": ${describeCase(c as PageCase)}`,
        )
    }
    expect(failures).toEqual([])
  })

  it('POST /login and /signup', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    // Wrong passwords for real accounts and random fields (never a session), and the
    // right password with any redirectTo (a session, and a redirect to a path of ours).
    const emails = fc.constantFrom(page.otherEmail, page.managerEmail, 'nobody@example.com')
    const wrongLogin = fc
      .tuple(emails, formValue(), redirectTo())
      .map(([email, password, to]): Field[] => [
        ['email', email],
        ['password', password],
        ['redirectTo', to],
      ])
    const rightLogin = redirectTo().map((to): Field[] => [
      ['email', demoEmail('client')],
      ['password', DEMO_PASSWORD],
      ['redirectTo', to],
    ])
    const signup: Field[] = [
      ['username', 'fuzzer_page'],
      ['email', 'fuzzer.page@example.com'],
      ['password', 'a-long-password'],
      ['confirm_password', 'a-long-password'],
      ['fname', 'Nova'],
      ['lname', 'Client'],
      ['phone_num', '5559876543'],
      ['address', '7 Harbor Road'],
      ['city', 'Portland'],
      ['state', 'Maine'],
      ['zip', '04101'],
    ]
    const signupPoison: Record<string, FormValue[]> = {
      // Someone else's email (any case): a conflict, no second account.
      email: [
        page.otherEmail,
        page.otherEmail.toUpperCase(),
        'not-an-email',
        'a\u0000@example.com',
      ],
      zip: ['abc', '1234', '123456', '\u0000\u0000\u0000\u0000\u0000'],
      fname: ['lower', '', 'A\u0000b', new HugeText(70_000)],
      city: ['Port\u0000land'],
      address: ['7 Harbor\u0000Road', '7 harbor road'],
      phone_num: ['555987654\u0000'],
      username: ['x', 'fuzzer page', 'fuzz\u0000er'],
    }
    await checkPages(
      sent(
        fc.oneof(
          fc
            .oneof(
              formBody(fc.oneof(randomFields(['email', 'password', 'redirectTo']), wrongLogin)).map(
                (body) => ({ body }),
              ),
              formBody(rightLogin).map((body) => ({ body, mayWrite: true })),
              notAForm.map((body) => ({ body })),
            )
            .map((d) => ({ ...d, who: 'visitor' as const, url: '/login', attempts: true })),
          fc
            .oneof(
              formBody(nearMissFields([], signup, signupPoison)).map((body) => ({ body })),
              formBody(randomFields(signup.map(([k]) => k))).map((body) => ({
                body,
                mayWrite: true,
              })),
              notAForm.map((body) => ({ body })),
            )
            .map((d) => ({ ...d, who: 'visitor' as const, url: '/signup', attempts: true })),
        ),
      ),
    )
  })

  it('/forgot-password and /reset-password, page and API', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    // No body here names a live reset link, and no address is a real one: every
    // request is refused (or, for a well-formed unknown address, answered without
    // a change), and no password, token or mail is written.
    const emailPoison = {
      email: [
        '',
        null,
        5,
        [],
        'not-an-email',
        'a\u0000@example.com',
        new HugeText(2_001),
        undefined,
      ],
    }
    await check(
      fc.asyncProperty(actor, jsonBody(['email'], emailPoison), async (who, body) => {
        await expectRefused(who, 'POST', '/api/auth/forgot-password', body)
      }),
    )
    const resetPoison = {
      token: ['', null, 7, [], 'x'.repeat(43), 'A\u0000b', new HugeText(70_000), undefined],
      password: ['short', '', null, 'pass\u0000word'],
      confirm_password: ['something-else', null, 8],
    }
    await check(
      fc.asyncProperty(
        actor,
        jsonBody(['token', 'password', 'confirm_password'], resetPoison),
        async (who, body) => {
          await expectRefused(who, 'POST', '/api/auth/reset-password', body)
        },
      ),
    )
    const reset: Field[] = [
      ['token', 'x'.repeat(43)],
      ['password', 'a-long-password'],
      ['confirm_password', 'a-long-password'],
    ]
    await checkPages(
      sent(
        fc.oneof(
          fc
            .oneof(
              formBody(randomFields(['email'])).map((body) => ({ body })),
              formBody(
                nearMissFields([], [['email', 'x@example.com']], {
                  email: ['not-an-email', 'a\u0000@example.com', new HugeText(70_000)],
                }),
              ).map((body) => ({ body })),
              notAForm.map((body) => ({ body })),
            )
            .map((d) => ({
              ...d,
              who: 'visitor' as const,
              url: '/forgot-password',
              attempts: true,
            })),
          fc
            .oneof(
              formBody(randomFields(['token', 'password', 'confirm_password'])).map((body) => ({
                body,
              })),
              formBody(
                nearMissFields([], reset, {
                  token: ['', 'A\u0000b', new HugeText(70_000)],
                  password: ['short', 'pass\u0000word'],
                }),
              ).map((body) => ({ body })),
              notAForm.map((body) => ({ body })),
            )
            .map((d) => ({
              ...d,
              who: 'visitor' as const,
              url: `/reset-password?token=${'x'.repeat(43)}`,
            })),
        ),
      ),
    )
  })

  it('POST /account, /account/email and /account/delete', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    // The password forms never get the right current password, and no token
    // names a live link: each post is refused and changes nothing. The
    // reminders and sessions intents may write (a checkbox; ending sessions
    // that are not there).
    const profile: Field[] = [
      ['username', 'fuzz_person'],
      ['fname', 'Fuzz'],
      ['lname', 'Person'],
      ['phone_num', '5551234567'],
      ['address', '1 Main Street'],
      ['city', 'Burlington'],
      ['state', 'Vermont'],
      ['zip', '05401'],
    ]
    const profilePoison: Record<string, FormValue[]> = {
      username: ['', 'x', 'has space', 'a\u0000b', new HugeText(70_000)],
      fname: ['lower', '', 'A\u0000b'],
      phone_num: ['12', 'call me', '\u0000'],
      zip: ['1234', 'abcde'],
      address: ['main street', ''],
    }
    const wrongPassword: FormValue[] = ['', 'wrong-password', 'x\u0000', new HugeText(70_000)]
    const email: Field[] = [
      ['email', 'fuzz-new@example.com'],
      ['current_password', 'wrong-password'],
    ]
    const password: Field[] = [
      ['current_password', 'wrong-password'],
      ['password', 'a-long-password'],
      ['confirm_password', 'a-long-password'],
    ]
    const accountPost = anyActor.chain((who) =>
      fc.oneof(
        formBody(nearMissFields([['intent', 'profile']], profile, profilePoison)).map((body) => ({
          who,
          body,
        })),
        formBody(
          nearMissFields([['intent', 'email']], email, {
            email: ['', 'not-an-email', 'a\u0000@b.co', new HugeText(70_000)],
            current_password: wrongPassword,
          }),
        ).map((body) => ({ who, body })),
        formBody(
          nearMissFields([['intent', 'password']], password, {
            current_password: wrongPassword,
            password: ['short', 'pass\u0000word'],
          }),
        ).map((body) => ({ who, body })),
        formBody(
          nearMissFields([['intent', 'reminders']], [['booking_reminders', 'on']], {
            booking_reminders: ['', 'off', 'yes', '\u0000', new HugeText(70_000)],
          }),
        ).map((body) => ({ who, body, mayWrite: true })),
        formBody(randomFields(['intent', 'booking_reminders'])).map((body) => ({
          who,
          body,
          mayWrite: true,
        })),
        // A token with a bad name is refused; a revoke names no token of the actor's.
        formBody(
          nearMissFields([['intent', 'create-token']], [['name', '']], {
            name: ['', ' ', 'x'.repeat(61), 'a\u0000b', new HugeText(70_000)],
            read_only: ['maybe', '\u0000', 'ON'],
          }),
        ).map((body) => ({ who, body })),
        formBody(
          fc.constantFrom<Field[]>(
            [['intent', 'revoke-token']],
            [
              ['intent', 'revoke-token'],
              ['id', GONE],
            ],
            [
              ['intent', 'revoke-token'],
              ['id', 'abc'],
            ],
          ),
        ).map((body) => ({ who, body })),
        unknownIntent.map((intent) => ({
          who,
          body: { kind: 'urlencoded', fields: [['intent', intent]] } as PageBody,
        })),
        notAForm.map((body) => ({ who, body })),
      ),
    )
    const token = fc.constantFrom('', 'x'.repeat(43), 'A\u0000b', new HugeText(70_000))
    await checkPages(
      sent(
        fc.oneof(
          accountPost.map((d) => ({ ...d, url: '/account' })),
          fc
            .tuple(anyActor, token, fc.oneof(formBody(randomFields(['token'])), notAForm))
            .map(([who, t, body]) => ({
              who,
              url: `/account/email?token=${encodeURIComponent(String(t).slice(0, 300))}`,
              body,
            })),
          fc
            .tuple(
              anyActor,
              fc.oneof(
                formBody(
                  nearMissFields([], [['current_password', 'wrong-password']], {
                    current_password: wrongPassword,
                  }),
                ),
                notAForm,
              ),
            )
            .map(([who, body]) => ({ who, url: '/account/delete', body })),
        ),
      ),
    )
  })

  it('POST /bookingsByDate (the front desk)', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const bookingId = fc.constantFrom(
      String(ids.ownBooking),
      String(ids.otherBooking),
      GONE,
      '',
      'abc',
      '0',
      '\u0000',
    )
    await checkPages(
      sent(
        fc
          .tuple(
            anyActor,
            intentOf('check-in', 'check-out', 'undo-check-in', 'undo-check-out'),
            bookingId,
            fc.constantFrom('', '1'),
            fc.constantFrom('', '?date=2026-03-10', '?date=9999-12-31', '?date=nope'),
          )
          .chain(([who, intent, id, inPlace, query]) =>
            fc
              .oneof(
                formBody(
                  fc.constant<Field[]>([
                    ['intent', intent],
                    ['id', id],
                    ['in_place', inPlace],
                  ]),
                ),
                notAForm,
              )
              .map((body) => ({ who, url: `/bookingsByDate${query}`, body })),
          ),
      ),
    )
  })

  it(
    'POST /waitlist/{id} and /my-bookings (take and leave a waitlisted stay)',
    { timeout: TIMEOUT },
    async () => {
      setNow(NOW)
      // Nothing here may change: both stays still wait (no take), and a leave
      // names a stay the actor may not leave (someone else's, for a client) or none.
      const entryFor = (who: PageActor, intent: string) =>
        intent === 'take'
          ? fc.constantFrom(String(ids.ownEntry), String(ids.otherEntry), GONE, '0', 'abc')
          : who === 'client'
            ? fc.constantFrom(String(ids.otherEntry), GONE, '', 'abc', '\u0000')
            : who === 'visitor'
              ? fc.constantFrom(String(ids.ownEntry), String(ids.otherEntry), GONE)
              : fc.constantFrom(GONE, '', 'abc', '-1', '99999999999')
      await checkPages(
        sent(
          fc
            .tuple(anyActor, intentOf('take', 'leave'))
            .chain(([who, intent]) =>
              entryFor(who, intent).chain((id) =>
                fc
                  .oneof(formBody(fc.constant<Field[]>([['intent', intent]])), notAForm)
                  .map((body) => ({ who, url: `/waitlist/${id}`, body })),
              ),
            ),
        ),
      )
      await checkPages(
        sent(
          fc.tuple(anyActor, intentOf('leave-waitlist', 'cancel')).chain(([who, intent]) =>
            entryFor(who, 'leave').chain((id) =>
              fc
                .oneof(
                  formBody(
                    fc.constant<Field[]>([
                      ['intent', intent],
                      ['id', intent === 'cancel' ? GONE : id],
                    ]),
                  ),
                  notAForm,
                )
                .map((body) => ({ who, url: '/my-bookings', body })),
            ),
          ),
        ),
      )
    },
  )

  it('POST /demo-login and /logout', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    // A demo login that works makes a session (a redirect); nothing else changes anything.
    const demoFields = fc.oneof(
      randomFields(['account', 'redirectTo']),
      fc
        .tuple(
          fc.oneof(
            { weight: 3, arbitrary: fc.constant('client') },
            { weight: 1, arbitrary: fc.constantFrom('employee', 'manager', 'owner', 'admin') },
            { weight: 1, arbitrary: formValue() },
          ),
          redirectTo(),
        )
        .map(([account, to]): Field[] => [
          ['account', account],
          ['redirectTo', to],
        ]),
    )
    // Logging out a visitor (or a forged cookie) changes nothing, whatever the body.
    await checkPages(
      sent(
        fc.oneof(
          fc
            .oneof(
              formBody(demoFields).map((body) => ({ body, mayWrite: true })),
              notAForm.map((body) => ({ body })),
            )
            .map((d) => ({ ...d, who: 'visitor' as const, url: '/demo-login' })),
          fc
            .tuple(
              fc.constantFrom('', '__session=forged', '__session=%00; __session=x'),
              fc.oneof(formBody(randomFields(['intent', 'redirectTo'])), notAForm),
            )
            .map(([cookie, body]) => ({ who: 'visitor' as const, cookie, url: '/logout', body })),
        ),
      ),
    )
  })

  it('POST / (the Pet of the Month chooser)', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const potm: Field[] = [
      ['pet_id', String(ids.otherPet)],
      ['note', 'A very good dog'],
    ]
    const potmPoison: Record<string, FormValue[]> = {
      pet_id: [GONE, '0', '-1', 'abc', '1.5', '99999999999', `${ids.otherPet}\u0000`, ''],
      note: ['A\u0000b', '\u0000', 'n'.repeat(281), new HugeText(70_000)],
    }
    await checkPages(
      sent(
        fc
          .tuple(
            adminActor,
            fc.constantFrom('/?index', '/?index', '/?index', '/'),
            intentOf('choose', 'clear').chain((intent) =>
              fc.oneof(
                // A near miss never chooses a pet (clear forgets the month's choice, if any).
                formBody(nearMissFields([['intent', intent]], potm, potmPoison)).map((body) => ({
                  body,
                  mayWrite: intent === 'clear',
                })),
                formBody(
                  randomFields(['pet_id', 'note']).map((f): Field[] => [['intent', intent], ...f]),
                ).map((body) => ({ body, mayWrite: true })),
                notAForm.map((body) => ({ body, mayWrite: false })),
              ),
            ),
          )
          .map(([who, url, d]) => ({ who, url, ...d })),
      ),
    )
  })

  it('POST /settings', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const settings: Field[] = [
      ['dog_kennels', '20'],
      ['cat_condos', '10'],
      ['day_care_places', '15'],
      ['day_care_daily_price', '35.00'],
      ['boarding_daily_price', '55.00'],
    ]
    const settingsPoison: Record<string, FormValue[]> = {
      dog_kennels: [
        '-1',
        '1.5',
        '10001',
        '1e308',
        '99999999999999999999',
        '2147483648',
        'NaN',
        '\u0000',
      ],
      cat_condos: ['', 'abc', ' ', '0x10'],
      day_care_daily_price: ['0', '-5', '1.001', 'abc', '1e308', '$', '99999999999999999999.99'],
      boarding_daily_price: ['', 'Infinity', '55.00\u0000', new HugeText(70_000)],
    }
    await checkPages(
      sent(
        fc
          .tuple(
            adminActor,
            fc.oneof(
              formBody(nearMissFields([], settings, settingsPoison)).map((body) => ({ body })),
              formBody(randomFields(settings.map(([k]) => k))).map((body) => ({
                body,
                mayWrite: true,
              })),
              notAForm.map((body) => ({ body })),
            ),
          )
          .map(([who, d]) => ({ who, url: '/settings', ...d })),
      ),
    )
  })

  it('POST /reviews', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    // A delete names a review the actor may not delete (someone else's; for a manager none).
    const reviewId = (who: PageActor, intent: string) =>
      intent === 'delete'
        ? who === 'manager'
          ? fc.constantFrom(GONE, '', 'abc', '0')
          : fc.constantFrom(String(ids.otherReview), GONE, '', 'abc')
        : fc.oneof(idText(), formValue())
    const review: Field[] = [
      ['review', 'Lovely stay'],
      ['paws', '4'],
    ]
    const poison: Record<string, FormValue[]> = {
      review: ['', ' ', 'ok\u0000', '\u0000', 'y'.repeat(2001), new HugeText(70_000)],
      paws: ['0', '6', '-1', '2.5', 'five', '', '1e308', '\u0000'],
    }
    await checkPages(
      listPagePosts({ actors: anyActor, url: '/reviews', idFor: reviewId, fields: review, poison }),
    )
  })

  it('POST /services', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const serviceId = (who: PageActor, intent: string) =>
      intent === 'delete' && who === 'manager'
        ? fc.constantFrom(GONE, '', 'abc', '0')
        : fc.oneof(idText(), formValue())
    const service: Field[] = [
      ['service', 'Fuzz Nails'],
      ['price', '12.50'],
      ['staff', String(ids.staffId)],
      ['species', 'dog'],
      ['description', 'A trim'],
    ]
    const poison: Record<string, FormValue[]> = {
      species: ['hamster', 'DOG', '\u0000', new HugeText(70_000)],
      description: ['x'.repeat(301), 'a\u0000b', new HugeText(70_000)],
      service: ['', '  ', 'x'.repeat(101), 'Fuzz\u0000', new HugeText(70_000)],
      price: ['', '0', '-5', '1.001', 'abc', '1e3', '1e308', '99999999999999999999', '\u0000'],
      staff: ['abc', '0', '-1', GONE, '99999999999', String(ids.clientId), '\u0000'],
    }
    await checkPages(
      listPagePosts({
        actors: adminActor,
        url: '/services',
        idFor: serviceId,
        fields: service,
        poison,
      }),
    )
  })

  it('POST /bookings (delete from the list)', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    // Managers only; a manager's delete never names a booking that exists.
    const bookingId = (who: PageActor) =>
      who === 'manager'
        ? fc.constantFrom(GONE, '', 'abc', '0', '-1', '99999999999')
        : fc.oneof(idText(), formValue())
    await checkPages(
      sent(
        adminActor.chain((who) =>
          fc
            .tuple(intentOf('delete'), bookingId(who), randomFields(['id', 'intent']))
            .chain(([intent, id, more]) =>
              fc.oneof(
                formBody(fc.constant<Field[]>([['intent', intent], ['id', id], ...more])),
                notAForm,
              ),
            )
            .map((body) => ({ who, url: '/bookings', body })),
        ),
      ),
    )
  })

  it('POST /bookings/pet/{petId}', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const booking: Field[] = [
      ['booking_type', 'boarding_care'],
      ['drop_off_date', '2026-03-20'],
      ['drop_off_time', '10:00'],
      ['pick_up_date', '2026-03-22'],
      ['pick_up_time', '10:00'],
      ['services', String(ids.service)],
    ]
    const poison: Record<string, FormValue[]> = {
      booking_type: ['', 'hotel', 'DAY_CARE', 'boarding_care\u0000', '1'],
      drop_off_date: [
        '9999-12-31',
        '0001-01-01',
        '2026-02-30',
        '2026-03-01',
        '',
        '2026-03-20\u0000',
      ],
      pick_up_date: ['9999-12-31', '0001-01-01', '2026-03-19', '2026-03-20', 'x'],
      drop_off_time: ['25:00', '10:30', '03:00', '', '10:00\u0000', '99:99:99'],
      pick_up_time: ['24:00', '10:15', '', 'noon'],
      services: ['', '0', '-1', GONE, '99999999999', 'abc', '\u0000'],
    }
    // A delete names a booking the actor may not delete (someone else's; for a manager none).
    const bookingId = (who: PageActor, intent: string) =>
      intent === 'delete'
        ? who === 'manager'
          ? fc.constantFrom(GONE, '', 'abc')
          : fc.constantFrom(String(ids.otherBooking), GONE, '', 'abc')
        : fc.oneof(
            fc.constantFrom(String(ids.ownBooking), String(ids.otherBooking), GONE, ''),
            formValue(),
          )
    const petId = fc.oneof(fc.constantFrom(String(ids.ownPet), String(ids.otherPet)), badId)
    const fieldNames = ['booking_id', ...booking.map(([k]) => k)]
    await checkPages(
      sent(
        fc.tuple(anyActor, petId).chain(([who, pet]) =>
          intentOf('create', 'update', 'quote', 'delete', 'join-waitlist').chain((intent) =>
            bookingId(who, intent).chain((id) => {
              const fixed: Field[] = [
                ['intent', intent],
                ['booking_id', id],
              ]
              return fc
                .oneof(
                  formBody(nearMissFields(fixed, booking, poison)).map((body) => ({ body })),
                  // Random fields after the intent and booking id (a form's first value
                  // counts) could make a valid booking (a redirect); near misses never do.
                  formBody(randomFields(fieldNames).map((f): Field[] => [...fixed, ...f])).map(
                    (body) => ({ body, mayWrite: intent !== 'delete' }),
                  ),
                  notAForm.map((body) => ({ body })),
                )
                .map((d) => ({ who, url: `/bookings/pet/${pet}`, ...d }))
            }),
          ),
        ),
      ),
    )
  })

  it('POST /pets/{id} (delete, stay updates, price lines)', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    // Any body to pets the actor may not delete (someone else's; for a manager none), and
    // any other intent to real pets.
    const undeletable = (who: PageActor) =>
      who === 'manager'
        ? fc.oneof(fc.constant(GONE), badId)
        : fc.oneof(fc.constantFrom(String(ids.otherPet), GONE), badId)
    const notDelete = intentOf('delete').filter((i) => i !== 'delete')
    await checkPages(
      sent(
        anyActor.chain((who) =>
          fc.oneof(
            fc
              .tuple(
                undeletable(who),
                fc.oneof(
                  formBody(
                    fc
                      .tuple(intentOf('delete'), randomFields(['id', 'intent']))
                      .map(([i, f]): Field[] => [['intent', i], ...f]),
                  ),
                  notAForm,
                ),
              )
              .map(([pet, body]) => ({ who, url: `/pets/${pet}`, body })),
            fc
              .tuple(
                fc.constantFrom(String(ids.ownPet), String(ids.otherPet)),
                formBody(
                  fc
                    .tuple(notDelete, randomFields(['id']))
                    .map(([i, f]): Field[] => [['intent', i], ...f]),
                ),
              )
              .map(([pet, body]) => ({ who, url: `/pets/${pet}`, body })),
            // A price line on real stays: an amount never valid, any other fields.
            fc
              .tuple(
                fc.constantFrom(String(ids.ownPet), String(ids.otherPet)),
                formBody(
                  fc
                    .tuple(
                      fc.constantFrom(String(ids.ownBooking), String(ids.otherBooking)),
                      fc.constantFrom('', '0', '-0', 'ten', '1.234', '--5', '1e3', '99999999'),
                      randomFields(['reason']),
                    )
                    .map(([b, amount, f]): Field[] => [
                      ['intent', 'adjust-price'],
                      ['id', b],
                      ['amount', amount],
                      ...f,
                    ]),
                ),
              )
              .map(([pet, body]) => ({ who, url: `/pets/${pet}`, body })),
            // A stay update on real stays (none checked in) with any fields.
            fc
              .tuple(
                fc.constantFrom(String(ids.ownPet), String(ids.otherPet)),
                formBody(
                  fc
                    .tuple(
                      fc.constantFrom(String(ids.ownBooking), String(ids.otherBooking)),
                      randomFields(['note', 'ate_well', 'played', 'medication_given', 'photo']),
                    )
                    .map(([b, f]): Field[] => [['intent', 'post-update'], ['id', b], ...f]),
                ),
              )
              .map(([pet, body]) => ({ who, url: `/pets/${pet}`, body })),
          ),
        ),
      ),
    )
  })

  // The photo forms: the API's multipart near misses (a text file as the photo
  // included), urlencoded fields, and every other kind of body. The pages ignore
  // owner_id (a pet is added for, and stays with, its owner), so the API's
  // "unknown owner" near miss becomes a name that is not capitalized.
  const photoFormBody = (mode: 'add' | 'edit', extra: fc.Arbitrary<Field[]>) =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.tuple(petFormBody(mode), extra).map(([b, more]): PageBody => {
          const parts = b.kind === 'form' ? b.parts : []
          return {
            kind: 'multipart',
            parts: [
              ...more,
              ...parts.map(([k, v]): [string, string | FilePart] =>
                k === 'owner_id' ? ['name', 'rex'] : [k, v],
              ),
            ],
          }
        }),
      },
      {
        weight: 1,
        arbitrary: randomFields([...PET_FIELDS, 'intent', 'image_id']).map((fields): PageBody => ({
          kind: 'urlencoded',
          fields,
        })),
      },
      { weight: 1, arbitrary: notAForm },
    )

  it('POST /pets/new', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    await checkPages(
      sent(
        fc
          .tuple(anyActor, photoFormBody('add', fc.constant([])))
          .map(([who, body]) => ({ who, url: '/pets/new', body })),
      ),
    )
  })

  it('POST /pets/{id}/edit (and removing a photo)', { timeout: TIMEOUT }, async () => {
    setNow(NOW)
    const petId = fc.oneof(fc.constantFrom(String(ids.ownPet), String(ids.otherPet)), badId)
    // Removing a photo names one of ANOTHER pet than the URL's, or none: never removed.
    const imageFor = (pet: string) =>
      fc.oneof(
        fc.constant(String(pet === String(ids.ownPet) ? page.otherImage : page.ownImage)),
        fc.constantFrom(GONE, '', 'abc', '0', '-1', '1.5', '99999999999'),
        anyText,
      )
    await checkPages(
      sent(
        fc.tuple(anyActor, petId).chain(([who, pet]) =>
          fc
            .oneof(
              // The edit form (any intent but delete-image goes there).
              photoFormBody(
                'edit',
                fc
                  .tuple(intentOf('edit'), fc.constantFrom(GONE, 'abc', ''))
                  .map(([i, image]): Field[] =>
                    i === 'delete-image'
                      ? []
                      : [
                          ['intent', i],
                          ['image_id', image],
                        ],
                  ),
              ),
              formBody(
                fc
                  .tuple(imageFor(pet), randomFields(['image_id', 'intent']))
                  .map(([image, more]): Field[] => [
                    ['intent', 'delete-image'],
                    ['image_id', image],
                    ...more,
                  ]),
              ),
            )
            .map((body) => ({ who, url: `/pets/${pet}/edit`, body })),
        ),
      ),
    )
  })
})

// ---------- the lists' paging and the pets search ----------

// GET with random ?page=, ?limit= and ?q= (repeated, misspelt, empty, long,
// any characters, broken percent-encoding) on the JSON lists and the staff's
// /pets, as a client and as a manager: never a 5xx; 400 exactly when the
// paging is not whole numbers in range; a client sees only their own pets.

/** A GET on its own connection that reads a Link header of any length (it repeats the query). */
function getPage(url: string, cookie: string): Promise<{ status: number; text: string }> {
  const target = new URL(base + url)
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        headers: { Cookie: cookie },
        agent: false,
        maxHeaderSize: 1 << 20,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
  })
}

/** A query parameter's value: any text, numbers near and far from valid, long runs. */
const pagingValue = fc.oneof(
  { weight: 3, arbitrary: anyText },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 1_000_005 }).map(String) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '1',
      '200',
      '201',
      '0',
      '-1',
      '1e3',
      '0x10',
      '1.5',
      ' 7 ',
      '\t2\n',
      '+3',
      '007',
      '00000001',
      '١',
      '１',
      '%',
      '_',
      '\\',
      "'",
      'Biscuit',
      'e',
      '\u0000',
      'Bis\u0000cuit',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(101, 1000, 2500).map((n) => 'x'.repeat(n)) },
)
/** Already-encoded text, broken or not, put into the query as it is. */
const rawPercent = fc.constantFrom(
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%00',
  '%FF%FE',
  '%C0%AF',
  '%ED%A0%80',
  '+',
  '%2B1',
  '%26page%3D2',
  '1%00',
)
const pagingParam = fc.tuple(
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('page', 'limit', 'q') },
    { weight: 1, arbitrary: fc.constantFrom('Page', 'page[]', 'q ', 'LIMIT', '') },
  ),
  fc.oneof(
    // (URLSearchParams writes a lone surrogate as U+FFFD, which encodeURIComponent would throw on.)
    {
      weight: 4,
      arbitrary: pagingValue.map((v) => new URLSearchParams({ v }).toString().slice(2)),
    },
    { weight: 1, arbitrary: rawPercent },
  ),
)
const LIST_PATHS = ['/api/reviews', '/api/bookings', '/api/pets', '/pets'] as const

/** What the server makes of the query's paging, as the schema states it: null when there is none. */
function pagingIsValid(url: string): boolean | null {
  const params = new URL(base + url).searchParams
  if (!params.has('page') && !params.has('limit')) return null
  const whole = (name: string, max: number) => {
    const raw = params.get(name)
    if (raw === null) return true
    const value = raw.trim()
    return /^\d{1,7}$/.test(value) && Number(value) >= 1 && Number(value) <= max
  }
  return whole('page', 1_000_000) && whole('limit', 200)
}

const cardNamesOf = (html: string) =>
  [...html.matchAll(/<h2 class="card-title"[^>]*><a [^>]*>([^<]*)</g)].map((m) => m[1])

describe('fuzz: the lists and the pets search answer any paging without a 5xx', () => {
  it(
    'GET /api/reviews, /api/bookings, /api/pets and /pets with random page, limit and q',
    { timeout: 120_000 },
    async () => {
      setNow(NOW)
      const db = await getDb()
      const ownPetName = (await db('pets').where({ id: ids.ownPet }).first('name')).name as string
      await check(
        fc.asyncProperty(
          actor,
          fc.constantFrom(...LIST_PATHS),
          fc.array(pagingParam, { maxLength: 5 }),
          async (who, path, params) => {
            const query = params.map(([k, v]) => `${k.replace(/ /g, '%20')}=${v}`).join('&')
            const url = query ? `${path}?${query}` : path
            const res = await getPage(url, actors[who].cookie)
            const shown = `${who} GET ${url.slice(0, 300)} → ${res.status}: ${res.text.slice(0, 200)}`
            expect([200, 400, 401, 403], shown).toContain(res.status)
            if (path === '/pets') {
              expect(res.status, shown).toBe(200)
              // A client's page holds their own pet at most, whatever the search or page.
              if (who === 'client')
                for (const name of cardNamesOf(res.text)) expect(name, shown).toBe(ownPetName)
              return
            }
            if (path !== '/api/reviews' && who === 'client') {
              expect(res.status, shown).toBe(403)
              return
            }
            const valid = pagingIsValid(url)
            expect(res.status, shown).toBe(valid === false ? 400 : 200)
            const body = JSON.parse(res.text)
            if (res.status === 400) expect(body.message, shown).toBe('Invalid paging')
            else {
              const key = {
                '/api/reviews': 'reviews',
                '/api/bookings': 'bookings',
                '/api/pets': 'Pets',
              }[path]
              expect(Object.keys(body), shown).toEqual([key])
              expect(Array.isArray(body[key]), shown).toBe(true)
            }
          },
        ),
      )
    },
  )
})

/**
 * A server of the test's own, whose log says how many requests it answered
 * itself, without React Router: JSON of `kind` ('public' or 'signed-in').
 */
async function serverThatCounts(kind: 'public' | 'signed-in') {
  let direct = 0
  const logger = createLogger(
    new Writable({
      write(chunk, _encoding, done) {
        direct += String(chunk).split(`"json":"${kind}"`).length - 1
        done()
      },
    }),
  )
  logger.level = 'info'
  const server = await startExtraServer({ logger })
  return { server, answeredItself: () => direct }
}

describe('fuzz: the pages of the reviews the server answers itself answer as their route does', () => {
  it('GET /api/reviews?page=&limit=… as sent, and with a parameter that routes it to React Router', async () => {
    // Mostly the kept pages (1–5 at the default limit), written every way a client may.
    const keptPage = fc
      .tuple(
        fc.integer({ min: 0, max: 7 }),
        fc.constantFrom('', ' ', '0', '%20', '+'),
        fc.constantFrom(null, '50', ' 50', '050', '49', '51'),
      )
      .map(([page, pad, limit]) => [
        ['page', `${pad}${page}`] as [string, string],
        ...(limit === null ? [] : [['limit', limit] as [string, string]]),
      ])
    const params = fc.oneof(keptPage, fc.array(pagingParam, { maxLength: 4 }))
    const linkWithout = (link: string | undefined) =>
      link?.replaceAll('&via=router', '').replaceAll('via=router&', '')
    const { server, answeredItself } = await serverThatCounts('public')
    // Kept pages written plainly, sent first (fast-check's examples, within
    // the runs): the server answers each itself, so the count below cannot
    // fall short by chance.
    const kept: [[string, string][], boolean][] = [
      [[['page', '1']], false],
      [[['page', '2']], true],
      [
        [
          ['page', '3'],
          ['limit', '50'],
        ],
        false,
      ],
      [[['page', '4']], false],
      [
        [
          ['page', '5'],
          ['limit', '50'],
        ],
        true,
      ],
    ]
    await check(
      fc.asyncProperty(params, fc.boolean(), async (pairs, slash) => {
        const query = pairs.map(([k, v]) => `${k.replace(/ /g, '%20')}=${v}`).join('&')
        const url = `/api/reviews${slash ? '/' : ''}${query ? `?${query}` : ''}`
        const a = await rawGet(server.base + url)
        const b = await rawGet(`${server.base}${url}${query ? '&' : '?'}via=router`)
        const shown = `GET ${url.slice(0, 200)} → ${a.status}`
        expect(a.status, shown).toBeLessThan(500)
        const link = (r: typeof a) => linkWithout(r.headers.find(([n]) => n === 'link')?.[1])
        const unlinked = (r: typeof a) => stableHeaders(r).filter(([n]) => n !== 'link')
        expect([a.status, unlinked(a), link(a), a.body.toString()], shown).toEqual([
          b.status,
          unlinked(b),
          link(b),
          b.body.toString(),
        ])
      }),
      { examples: kept },
    ).finally(() => server.close())
    // The server did answer the kept pages itself (and those generated as one, written some way).
    expect(answeredItself()).toBeGreaterThanOrEqual(Math.min(kept.length, RUNS))
  })
})

describe('fuzz: the signed-in reads the server answers itself answer as their routes do', () => {
  it(
    'GET /api/bookings/date/{any}, /api/auth/, /api/pets/user, /api/bookings?page=… with any cookie',
    { timeout: 120_000 },
    async () => {
      setNow(NOW)
      const { server, answeredItself } = await serverThatCounts('signed-in')
      const pad = (n: number, width: number) => String(n).padStart(width, '0')
      const segment = fc.oneof(
        // Dates in and out of the calendar's range, most of them real.
        {
          weight: 3,
          arbitrary: fc
            .date({ min: new Date('1990-01-01'), max: new Date('2045-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
        },
        fc
          .tuple(
            fc.integer({ min: -1, max: 10_000 }),
            fc.integer({ min: -1, max: 13 }),
            fc.integer({ min: -1, max: 32 }),
          )
          .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
        fc.stringMatching(/^[0-9A-Za-z._~-]{1,300}$/),
        // Its lone surrogates made U+FFFD first, as a browser would send them
        // (encodeURIComponent throws on one).
        anyText.map((t) => encodeURIComponent(t.replace(/[\ud800-\udfff]/gu, '\ufffd'))),
      )
      // A page of every booking or pet, written every way a client may.
      const listPage = fc
        .tuple(
          fc.constantFrom('/api/bookings', '/api/pets', '/api/bookings/', '/api/pets/'),
          fc.oneof(
            fc
              .tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom(null, '1', '2', '50', '201'))
              .map(([page, limit]) => [
                ['page', String(page)] as [string, string],
                ...(limit === null ? [] : [['limit', limit] as [string, string]]),
              ]),
            fc.array(pagingParam, { maxLength: 4 }),
          ),
        )
        .map(([list, pairs]) => {
          const query = pairs.map(([k, v]) => `${k.replace(/ /g, '%20')}=${v}`).join('&')
          return query ? `${list}?${query}` : list
        })
      const path = fc.oneof(
        segment.map((s) => `/api/bookings/date/${s}`),
        fc.constantFrom(
          '/api/auth/',
          '/api/auth',
          '/api/users/me',
          '/api/pets/user',
          '/api/bookings/user',
        ),
        listPage,
      )
      const cookieOf = (who: Actor) => actors[who].cookie
      const cookie = fc.oneof(
        { weight: 3, arbitrary: actor.map(cookieOf) },
        // A cookie with one character changed: its signature no longer holds.
        fc.tuple(actor, fc.nat(), fc.constantFrom('A', '0', '.', '%', ';')).map(([who, at, c]) => {
          const whole = cookieOf(who)
          const i = at % whole.length
          return whole.slice(0, i) + c + whole.slice(i + 1)
        }),
        fc.stringMatching(/^[\x20-\x7e]{0,300}$/),
      )
      // Reads the server answers itself, sent first (fast-check's examples,
      // within the runs), so the count below cannot fall short by chance.
      const direct: [string, string][] = [
        ['/api/auth/', cookieOf('client')],
        ['/api/pets/user', cookieOf('client')],
        ['/api/bookings/user', cookieOf('client')],
        ['/api/users/me', cookieOf('manager')],
        ['/api/bookings/date/2026-03-02', cookieOf('manager')],
        ['/api/bookings?page=1', cookieOf('manager')],
        ['/api/pets?page=2&limit=2', cookieOf('manager')],
      ]
      try {
        await check(
          fc.asyncProperty(path, cookie, async (url, sent) => {
            const headers = { Cookie: sent }
            const a = await rawGet(server.base + url, { headers })
            const routed = `${url}${url.includes('?') ? '&' : '?'}via=router`
            const b = await rawGet(server.base + routed, { headers })
            const shown = `GET ${url.slice(0, 200)} (cookie ${sent.slice(0, 60)}…) → ${a.status}`
            expect(a.status, shown).toBeLessThan(500)
            // A page's links name the URL asked for: the same, less the extra parameter.
            const same = (r: typeof a) =>
              stableHeaders(r).map(([n, v]) => [
                n,
                n === 'link' ? v.replaceAll('&via=router', '') : v,
              ])
            expect([a.status, same(a), a.body.toString()], shown).toEqual([
              b.status,
              same(b),
              b.body.toString(),
            ])
          }),
          { examples: direct },
        )
      } finally {
        await server.close()
      }
      // The server did answer those itself (and the generated ones with a live session, a real date, staff).
      expect(answeredItself()).toBeGreaterThanOrEqual(Math.min(direct.length, RUNS))
    },
  )
})
