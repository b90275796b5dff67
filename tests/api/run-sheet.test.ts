import { parse } from 'csv-parse/sync'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { createPet, createService, createUser, loggedIn } from '../support/factories'
import { clientFor, startServer } from '../support/http'

// The run sheet over real HTTP: the day sheet's CSV download is the day's
// pets one line each, in the sheet's order, for staff only; a cell a
// spreadsheet would run as a formula stays text; commas, quotes and line
// breaks in notes survive a round trip through a CSV parser; a date the
// calendar does not keep is 400. The printed sheet is in the page's HTML.

const at = (wall: string) => setNow(new Date(`${wall.replace(' ', 'T')}-04:00`))

beforeAll(async () => {
  await startServer()
})
afterEach(() => setNow(undefined))

async function bookFor(
  name: string,
  extra: Record<string, unknown>,
  stay: { type: 'boarding_care' | 'day_care'; dropOff: string; pickUp: string },
) {
  const owner = await createUser({ fname: name, lname: 'Owner', phone_num: '2125550100' })
  const pet = await createPet({ owner, name, ...extra })
  const service = await createService()
  const c = await clientFor(owner)
  const res = await c.post('/api/bookings', {
    client_id: owner.id,
    pet_id: pet.id,
    booking_type: stay.type,
    drop_off_date: stay.dropOff,
    pick_up_date: stay.pickUp,
    services: [service.id],
  })
  expect(res.status).toBe(201)
  return res.body.booking as { id: number }
}

describe('GET /bookingsByDate.csv', () => {
  it('is the day’s pets, a line each in the sheet’s order, formulas kept as text', async () => {
    at('2026-09-01 12:00:00')
    const staying = await bookFor(
      'Zeus',
      {
        dietary_note: 'Half a cup, "no" treats,\ntwice a day',
        behavior: 'shy',
        vet_name: 'Dr. Ada Byron',
        vet_phone: '2125550199',
      },
      { type: 'boarding_care', dropOff: '2026-09-09 10:00:00', pickUp: '2026-09-12 10:00:00' },
    )
    const arriving = await bookFor(
      '=HYPERLINK("http://evil.example","Rex")',
      { medication_note: '+1 pill', type: 'cat', breed: 'Siamese' },
      { type: 'boarding_care', dropOff: '2026-09-10 09:00:00', pickUp: '2026-09-11 10:00:00' },
    )
    const dayCare = await bookFor(
      'Ada',
      { vaccinated: false },
      { type: 'day_care', dropOff: '2026-09-10 08:00:00', pickUp: '2026-09-10 17:00:00' },
    )
    const { client: staff } = await loggedIn('employee')
    const res = await staff.get('/bookingsByDate.csv?date=2026-09-10')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toBe(
      'attachment; filename="run-sheet-2026-09-10.csv"',
    )
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    // The byte-order mark that tells Excel the file is UTF-8 (fetch's text() drops it, so read the bytes).
    const raw = await fetch(`${staff.base}/bookingsByDate.csv?date=2026-09-10`, {
      headers: { Cookie: staff.cookie },
    })
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parse(res.body as string) as string[][]
    expect(rows[0]).toEqual([
      'List',
      'Time',
      'Pet',
      'Species',
      'Breed',
      'Owner',
      'Phone',
      'Behavior',
      'Feeding',
      'Medication',
      'Services',
      'Vaccines',
      'Vet',
      'Emergency contact',
      'Status',
      'Drop-off',
      'Pick-up',
      'Booking',
    ])
    const body = rows.slice(1)
    expect(body.map((r) => [r[0], r[17]])).toEqual([
      ['Arrival', String(arriving.id)],
      ['Staying over', String(staying.id)],
      ['Day care', String(dayCare.id)],
    ])
    const [cat, zeus, ada] = body
    // A cell that starts a formula gets a leading quote: the spreadsheet shows it, never runs it.
    expect(cat[2]).toBe(`'=HYPERLINK("http://evil.example","Rex")`)
    expect(cat[9]).toBe(`'+1 pill`)
    expect(cat.slice(1, 8)).toEqual([
      '9:00 AM',
      cat[2],
      'Cat',
      'Siamese',
      '=HYPERLINK("http://evil.example","Rex") Owner'.replace(/^/, "'"),
      '(212) 555-0100',
      'Playful',
    ])
    expect(zeus.slice(1, 9)).toEqual([
      'All day',
      'Zeus',
      'Dog',
      'Beagle',
      'Zeus Owner',
      '(212) 555-0100',
      'Shy',
      'Half a cup, "no" treats,\ntwice a day',
    ])
    expect(zeus.slice(11, 17)).toEqual([
      'Up to date',
      'Dr. Ada Byron · (212) 555-0199',
      'Not given',
      'Expected',
      'Wed, Sep 9, 2026, 10:00 AM',
      'Sat, Sep 12, 2026, 10:00 AM',
    ])
    expect(ada[1]).toBe('8:00 AM – 5:00 PM')
    // A pet the front desk could not check in is flagged on the sheet.
    expect(ada[11]).toBe('Missing: Rabies, DHPP, Bordetella')
  })

  it('is for staff only, and refuses a date the calendar does not keep', async () => {
    const visitor = (await loggedIn('anonymous')).client
    const anonymous = await visitor.get('/bookingsByDate.csv?date=2026-09-10')
    expect(anonymous.status).not.toBe(200)
    expect(String(anonymous.body)).not.toContain('List,Time')
    const { client } = await loggedIn('client')
    const refused = await client.get('/bookingsByDate.csv?date=2026-09-10')
    expect(refused.status).toBe(403)
    expect(String(refused.body)).not.toContain('List,Time')

    const { client: staff } = await loggedIn('manager')
    for (const bad of ['9999-12-31', '2026-02-30', 'yesterday', '1999-12-31']) {
      const res = await staff.get(`/bookingsByDate.csv?date=${encodeURIComponent(bad)}`)
      expect(res.status, bad).toBe(400)
      expect(res.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    }
    // No date: today's.
    at('2026-09-10 08:00:00')
    const today = await staff.get('/bookingsByDate.csv')
    expect(today.status).toBe(200)
    expect(today.headers.get('Content-Disposition')).toContain('run-sheet-2026-09-10.csv')
  })

  it('is printed from the day sheet: the page carries the run sheet and the download link', async () => {
    at('2026-09-01 12:00:00')
    await bookFor(
      'Pickles',
      { medication_note: 'Ear drops at noon' },
      { type: 'day_care', dropOff: '2026-09-15 08:00:00', pickUp: '2026-09-15 17:00:00' },
    )
    const { client: staff } = await loggedIn('employee')
    const page = await staff.get('/bookingsByDate?date=2026-09-15')
    expect(page.status).toBe(200)
    const html = page.body as string
    expect(html).toContain('href="/bookingsByDate.csv?date=2026-09-15"')
    const runSheet = html.slice(html.indexOf('class="run-sheet"'))
    expect(runSheet).toContain('Run sheet · Tuesday, September 15, 2026')
    expect(runSheet).toMatch(/<th scope="row">Pickles[\s\S]*?Ear drops at noon/)
  })
})
