import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { HOTEL_NAME } from '../../app/domain/hotel'
import { addDays } from '../../app/domain/hotel-time'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { digestCutoff, sendDueStayDigests } from '../../app/models/booking/stay-updates.server'
import { bookedStay, loggedIn } from '../support/factories'
import { image } from '../support/forms'
import { startServer } from '../support/http'

// Stay updates ("report cards") over real HTTP: staff post them while a pet
// is checked in (JSON, or multipart with a photo; 409 otherwise), its owner
// and staff read them (nobody else), the photo is private, and the owner gets
// ONE summary mail a day — however often the job runs, on however many
// servers. The hotel is in New York; the clock is pinned in May 2031 (EDT).

const ORIGIN = 'https://hotel.example'
const at = (wall: string) => setNow(new Date(`${wall.replace(' ', 'T')}-04:00`))

beforeAll(async () => {
  await startServer()
})
afterEach(() => setNow(undefined))

let day = 0
/** A checked-in stay of its own: fresh days from May 2031 (EDT) per call. */
async function checkedInStay({ checkIn = true } = {}) {
  day += 3
  const d = (n: number) => addDays('2031-05-01', day + n)
  at(`${d(0)} 08:00:00`)
  const { owner, pet, c, id } = await bookedStay({
    dropOff: `${d(0)} 10:00:00`,
    pickUp: `${d(2)} 10:00:00`,
  })
  const { client: staff, user: employee } = await loggedIn('employee')
  at(`${d(0)} 10:05:00`)
  if (checkIn) expect((await staff.post(`/api/bookings/${id}/check-in`)).status).toBe(200)
  return { owner, pet, c, id, staff, employee, d, url: `/api/bookings/${id}/updates` }
}

const png = async (color = '#3a7bd5') =>
  new Blob([new Uint8Array(await image(800, 600, { color }))], { type: 'image/png' })

function updateForm(fields: Record<string, string>, photo?: Blob, name = 'yard.png') {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  if (photo) form.append('photo', photo, name)
  return form
}

const photosDir = () => path.join(process.env.DATA_DIR!, 'photos')
const stored = () => (fs.existsSync(photosDir()) ? fs.readdirSync(photosDir()).sort() : [])

async function digestsTo(email: string) {
  const db = await getDb()
  return db('mail_outbox')
    .where({ recipient: email, kind: 'stay-updates' })
    .orderBy('id')
    .select('subject', 'text_body', 'html_body')
}

describe('POST /api/bookings/{id}/updates', () => {
  it('lets staff post an update while the pet is checked in; its owner and staff read it, newest first', async () => {
    const s = await checkedInStay()
    at(`${s.d(0)} 12:30:00`)
    const first = await s.staff.post(s.url, { note: 'Settled in, loves the yard', played: true })
    expect(first.status).toBe(201)
    expect(first.body.update).toEqual({
      id: expect.any(Number),
      booking_id: s.id,
      note: 'Settled in, loves the yard',
      ate_well: false,
      played: true,
      medication_given: false,
      photo_url: null,
      author: s.employee.fname,
      created_at: `${s.d(0)} 12:30:00`,
    })
    at(`${s.d(0)} 17:45:00`)
    const second = await s.staff.post(s.url, { ate_well: true, medication_given: true })
    expect(second.status).toBe(201)
    expect(second.body.update.note).toBe('')

    const mine = await s.c.get(s.url)
    expect(mine.status).toBe(200)
    expect(mine.body.updates.map((u: { id: number }) => u.id)).toEqual([
      second.body.update.id,
      first.body.update.id,
    ])
    const { client: manager } = await loggedIn('manager')
    expect((await manager.get(s.url)).body.updates).toHaveLength(2)
  })

  it('refuses clients (403, their own stay too), strangers (403) and the logged-out (401), changing nothing', async () => {
    const s = await checkedInStay()
    const { client: other } = await loggedIn('client')
    const anonymous = (await loggedIn('anonymous')).client
    expect((await s.c.post(s.url, { note: 'I am staff, honest' })).status).toBe(403)
    expect((await other.post(s.url, { note: 'x' })).status).toBe(403)
    expect((await anonymous.post(s.url, { note: 'x' })).status).toBe(401)
    expect((await other.get(s.url)).status).toBe(403)
    expect((await anonymous.get(s.url)).status).toBe(401)
    expect((await s.staff.get('/api/bookings/999999/updates')).status).toBe(404)
    expect((await s.staff.post('/api/bookings/999999/updates', { note: 'x' })).status).toBe(404)
    expect((await s.staff.get('/api/bookings/abc/updates')).status).toBe(404)
    expect((await s.c.get(s.url)).body.updates).toEqual([])
  })

  it('answers 409 before check-in and after check-out, and a cancelled stay is gone for its client', async () => {
    const s = await checkedInStay({ checkIn: false })
    const before = await s.staff.post(s.url, { note: 'Arrived?' })
    expect(before.status).toBe(409)
    expect(before.body.message).toBe('Updates can be posted only while the pet is checked in')
    expect((await s.staff.post(`/api/bookings/${s.id}/check-in`)).status).toBe(200)
    expect((await s.staff.post(s.url, { note: 'Here now' })).status).toBe(201)
    at(`${s.d(2)} 09:50:00`)
    expect((await s.staff.post(`/api/bookings/${s.id}/check-out`)).status).toBe(200)
    expect((await s.staff.post(s.url, { note: 'Gone home' })).status).toBe(409)
    // The updates of the stay stay readable after it.
    expect((await s.c.get(s.url)).body.updates).toHaveLength(1)

    const t = await checkedInStay({ checkIn: false })
    at(`${t.d(0)} 08:30:00`)
    expect((await t.c.delete(`/api/bookings/${t.id}`)).status).toBe(200)
    expect((await t.c.get(t.url)).status).toBe(404)
    expect((await t.staff.get(t.url)).status).toBe(200)
  })

  it('refuses an update that says nothing, a note too long and values of the wrong type (400)', async () => {
    const s = await checkedInStay()
    const cases: [unknown, Record<string, string>][] = [
      [{}, { note: 'Write a note, tick what went well or add a photo' }],
      [{ note: '   ' }, { note: 'Write a note, tick what went well or add a photo' }],
      [{ note: 'x'.repeat(1001) }, { note: 'Note must be at most 1000 characters' }],
      [{ note: 42 }, { note: 'Note must be text' }],
      [{ played: 'yes' }, { played: 'played must be true or false' }],
      [
        { note: null, ate_well: 1 },
        { note: 'Note must be text', ate_well: 'ate_well must be true or false' },
      ],
    ]
    for (const [body, errors] of cases) {
      const res = await s.staff.post(s.url, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body).toEqual({ message: 'Update was not saved', errors })
    }
    const notObject = await s.staff.request('POST', s.url, {
      body: '["note"]',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(notObject.status).toBe(400)
    const wrongType = await s.staff.request('POST', s.url, {
      body: 'note=hi',
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(wrongType.status).toBe(400)
    expect((await s.c.get(s.url)).body.updates).toEqual([])
    // A note of exactly 1000 characters is fine; the multipart form's ticks are checkboxes.
    expect((await s.staff.post(s.url, { note: 'y'.repeat(1000) })).status).toBe(201)
    const ticked = await s.staff.postForm(s.url, updateForm({ ate_well: 'on' }))
    expect(ticked.status).toBe(201)
    expect(ticked.body.update).toMatchObject({ ate_well: true, played: false, note: '' })
  })
})

describe('the photo of an update', () => {
  it('is kept privately: the owner and staff see it, nobody else, never at a public address', async () => {
    const s = await checkedInStay()
    const posted = await s.staff.postForm(
      s.url,
      updateForm({ note: 'Nap time', played: 'on' }, await png()),
    )
    expect(posted.status).toBe(201)
    const { id, photo_url } = posted.body.update
    expect(photo_url).toBe(`${s.url}/${id}/photo`)
    const db = await getDb()
    const key = (await db('stay_updates').where({ id }).first()).photo_key as string
    expect(key).toMatch(/-c\.webp$/)
    expect(stored()).toContain(key)

    const mine = await fetch(s.c.base + photo_url, { headers: { Cookie: s.c.cookie } })
    expect(mine.status).toBe(200)
    expect(mine.headers.get('Content-Type')).toBe('image/webp')
    expect(mine.headers.get('Cache-Control')).toBe('private, no-store')
    const meta = await sharp(Buffer.from(await mine.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 })
    expect((await s.staff.get(photo_url)).status).toBe(200)
    const { client: other } = await loggedIn('client')
    expect((await other.get(photo_url)).status).toBe(403)
    expect((await (await loggedIn('anonymous')).client.get(photo_url)).status).toBe(401)
    expect((await fetch(`${s.c.base}/photos/${key}`)).status).toBe(404)
    // An update without a photo, and one of another stay: 404.
    const plain = await s.staff.post(s.url, { note: 'Dinner' })
    expect((await s.c.get(`${s.url}/${plain.body.update.id}/photo`)).status).toBe(404)
    const t = await checkedInStay()
    expect((await t.staff.get(`${t.url}/${id}/photo`)).status).toBe(404)
  })

  it('refuses a file that is no photo (400) or too big (413), keeping nothing', async () => {
    const s = await checkedInStay()
    const before = stored()
    const svg = await s.staff.postForm(
      s.url,
      updateForm(
        { note: 'Look' },
        new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }),
        'x.svg',
      ),
    )
    expect(svg.status).toBe(400)
    expect(svg.body).toEqual({
      message: 'Update was not saved',
      errors: { photo: 'The photo must be a photo (JPEG, PNG, WebP, HEIC or GIF)' },
    })
    const huge = await s.staff.postForm(
      s.url,
      updateForm({ note: 'Look' }, new Blob([Buffer.alloc(10 * 1024 * 1024 + 1, 1)]), 'big.jpg'),
    )
    expect(huge.status).toBe(413)
    expect((await s.c.get(s.url)).body.updates).toEqual([])
    expect(stored()).toEqual(before)
    // A refused update (not checked in) leaves no photo behind either.
    const t = await checkedInStay({ checkIn: false })
    const refused = await t.staff.postForm(t.url, updateForm({ note: 'Early' }, await png()))
    expect(refused.status).toBe(409)
    expect(stored()).toEqual(before)
  })

  it('goes when its pet is deleted', async () => {
    const s = await checkedInStay()
    const posted = await s.staff.postForm(s.url, updateForm({ note: 'Bye' }, await png()))
    const db = await getDb()
    const key = (await db('stay_updates').where({ id: posted.body.update.id }).first())
      .photo_key as string
    at(`${s.d(2)} 09:50:00`)
    expect((await s.staff.post(`/api/bookings/${s.id}/check-out`)).status).toBe(200)
    at(`${s.d(2)} 11:00:00`)
    expect((await s.c.delete(`/api/pets/${s.pet.id}`)).status).toBe(200)
    expect(stored()).not.toContain(key)
    expect(await db('stay_updates').where({ booking_id: s.id })).toEqual([])
  })
})

describe('the daily summary mail', () => {
  it('is cut at 19:00 hotel time', () => {
    expect(digestCutoff('2031-05-10 18:59:59')).toBe('2031-05-09 19:00:00')
    expect(digestCutoff('2031-05-10 19:00:00')).toBe('2031-05-10 19:00:00')
    expect(digestCutoff('2031-05-01 08:00:00')).toBe('2031-04-30 19:00:00')
  })

  it('goes once in the evening with the day’s updates; later ones wait for the next evening', async () => {
    const s = await checkedInStay()
    at(`${s.d(0)} 12:30:00`)
    await s.staff.post(s.url, { note: 'Settled in', played: true })
    at(`${s.d(0)} 16:00:00`)
    await s.staff.postForm(
      s.url,
      updateForm({ ate_well: 'on', note: 'Ate <all> of it' }, await png()),
    )
    // Before 19:00: nothing.
    at(`${s.d(0)} 18:55:00`)
    await sendDueStayDigests({ origin: ORIGIN })
    expect(await digestsTo(s.owner.email)).toEqual([])

    // At 19:05 one mail, however often the job runs.
    at(`${s.d(0)} 19:05:00`)
    await sendDueStayDigests({ origin: ORIGIN })
    await sendDueStayDigests({ origin: ORIGIN })
    const mail = await digestsTo(s.owner.email)
    expect(mail).toHaveLength(1)
    expect(mail[0].subject).toBe(`Rex's day at ${HOTEL_NAME}: 2 updates`)
    expect(mail[0].text_body).toContain('Hello Nova,')
    expect(mail[0].text_body).toContain(`12:30 PM: Played — Settled in (${s.employee.fname})`)
    expect(mail[0].text_body).toContain('4:00 PM: Ate well · a photo — Ate <all> of it')
    expect(mail[0].text_body).toContain("The photo is on Rex's page.")
    expect(mail[0].text_body).toContain(`${ORIGIN}/pets/${s.pet.id}#stay-updates`)
    expect(mail[0].html_body).toContain('Ate &lt;all&gt; of it')
    expect(mail[0].html_body).not.toContain('<all>')

    // Posted after 19:00: in the next evening's mail, not tonight's.
    at(`${s.d(0)} 20:10:00`)
    await s.staff.post(s.url, { note: 'Bedtime' })
    at(`${s.d(0)} 23:00:00`)
    await sendDueStayDigests({ origin: ORIGIN })
    expect(await digestsTo(s.owner.email)).toHaveLength(1)
    at(`${s.d(1)} 19:00:00`)
    await sendDueStayDigests({ origin: ORIGIN })
    const both = await digestsTo(s.owner.email)
    expect(both).toHaveLength(2)
    expect(both[1].subject).toBe(`Rex's day at ${HOTEL_NAME}: 1 update`)
    expect(both[1].text_body).toContain(`8:10 PM: Bedtime (${s.employee.fname})`)
  })

  it('is written once when several servers run the job at the same moment', async () => {
    const stays = [await checkedInStay(), await checkedInStay(), await checkedInStay()]
    const last = stays[stays.length - 1]
    // What earlier tests left unsummarised goes first, so the count below is these stays'.
    at(`${last.d(0)} 11:00:00`)
    await sendDueStayDigests({ origin: ORIGIN })
    for (const s of stays) {
      at(`${last.d(0)} 12:00:00`)
      await s.staff.post(s.url, { note: `Hello from ${s.id}` })
    }
    at(`${last.d(0)} 19:30:00`)
    const queued = await Promise.all(
      Array.from({ length: 6 }, () => sendDueStayDigests({ origin: ORIGIN })),
    )
    expect(queued.reduce((a, b) => a + b, 0)).toBe(stays.length)
    for (const s of stays) expect(await digestsTo(s.owner.email)).toHaveLength(1)
  })
})

describe('the pages', () => {
  it('lets staff post from the pet page without JavaScript; the owner sees it there, on My bookings and staff on the day sheet', async () => {
    const s = await checkedInStay()
    at(`${s.d(0)} 13:15:00`)
    // The owner sees the section (empty), but no form.
    const before = (await s.c.get(`/pets/${s.pet.id}`)).body as string
    expect(before).toContain('Stay updates')
    expect(before).not.toContain('Post update')
    const staffPage = (await s.staff.get(`/pets/${s.pet.id}`)).body as string
    expect(staffPage).toContain('Post update')

    // An empty post: 400 and the message on the page, nothing saved.
    const empty = await s.staff.postForm(
      `/pets/${s.pet.id}`,
      updateForm({ intent: 'post-update', id: String(s.id), note: '' }),
    )
    expect(empty.status).toBe(400)
    expect(empty.body).toContain('Write a note, tick what went well or add a photo')
    // A client cannot post through the page either.
    const byOwner = await s.c.postForm(
      `/pets/${s.pet.id}`,
      updateForm({ intent: 'post-update', id: String(s.id), note: 'Me' }),
    )
    expect(byOwner.status).toBe(403)

    const posted = await s.staff.postForm(
      `/pets/${s.pet.id}`,
      updateForm(
        { intent: 'post-update', id: String(s.id), note: 'Chased <b>bubbles</b>', played: 'on' },
        await png(),
      ),
    )
    expect(posted.status).toBe(302)
    expect(posted.headers.get('Location')).toBe(`/pets/${s.pet.id}#stay-updates`)

    const page = (await s.c.get(`/pets/${s.pet.id}`)).body as string
    expect(page).toContain('Chased &lt;b&gt;bubbles&lt;/b&gt;')
    expect(page).toContain('>Played<')
    const [row] = await (await getDb())('stay_updates').where({ booking_id: s.id })
    expect(page).toContain(`src="/api/bookings/${s.id}/updates/${row.id}/photo"`)

    const mine = (await s.c.get('/my-bookings')).body as string
    expect(mine).toContain('1 update · latest 1:15 PM: ')
    expect(mine).toContain(`href="/pets/${s.pet.id}#stay-updates"`)

    const sheet = (await s.staff.get(`/bookingsByDate?date=${s.d(0)}`)).body as string
    expect(sheet).toContain('1 update · latest 1:15 PM: ')
  })
})
