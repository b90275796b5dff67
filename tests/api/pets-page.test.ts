import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../app/infra/db.server'
import { createPet, createUser, loggedIn } from '../support/factories'
import { Client, startServer } from '../support/http'

// The staff's /pets, rendered by the server: the whole hotel a page at a
// time, and a search by pet or owner name that is a plain GET form.

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

/** The names on the pet cards of a /pets page, in order. */
const cardNames = (html: string) =>
  [...html.matchAll(/<h2 class="card-title"[^>]*><a [^>]*>([^<]*)</g)].map((m) => m[1])

let ownerId: number
let base: string
beforeAll(async () => {
  base = await startServer()
  const owner = await createUser({ fname: 'Harriet', lname: 'Quimby' })
  ownerId = owner.id
  await createPet({ owner, name: 'Zigzag' })
  await createPet({ owner: await createUser({ fname: 'Bob', lname: 'Stone' }), name: 'Percy_%' })
  await createPet({
    owner: await createUser({ fname: 'Zoë', lname: 'Ångström', username: 'zoe_angstrom' }),
    name: 'Éclair',
  })
  const db = await getDb()
  await db.raw(
    `INSERT INTO pets (owner_id, name, type, breed, age, gender, color, weight, dob, size, behavior)
     SELECT ?, 'Filler' || lpad(g::text, 3, '0'), 'dog', 'Mixed', 3, 'male', 'Brown', 20, '2020-01-01', 'he chomnk', 'calm'
     FROM generate_series(1, 120) g`,
    [owner.id],
  )
})

describe('the staff’s /pets', () => {
  it('shows 50 pets a page, by id, with Previous and Next links', async () => {
    const { client } = await loggedIn('employee')
    const first = await client.get('/pets')
    expect(first.status).toBe(200)
    const names = cardNames(first.body)
    expect(names).toHaveLength(50)
    expect(names.slice(0, 3)).toEqual(['Zigzag', 'Percy_%', 'Éclair'])
    expect(first.body).toMatch(
      /href="\/pets\?page=2"[^>]*rel="next"|rel="next"[^>]*href="\/pets\?page=2"/,
    )

    const third = await client.get('/pets?page=3')
    expect(cardNames(third.body)).toHaveLength(23)
    expect(text(third.body)).toContain('Page 3')
    expect(third.body).not.toContain('rel="next"')
    // Past the end: an empty page, not the "add your first pet" box.
    const past = await client.get('/pets?page=9')
    expect(past.status).toBe(200)
    expect(cardNames(past.body)).toEqual([])
    expect(text(past.body)).not.toContain('Add your first pet')
  })

  it('finds pets by their name or their owner’s, in any case, as a GET form with no JavaScript', async () => {
    const { client } = await loggedIn('manager')
    const page = await client.get('/pets')
    expect(page.body).toMatch(
      /<form[^>]*method="get"[^>]*role="search"|<form[^>]*role="search"[^>]*method="get"/,
    )
    expect(page.body).toMatch(/<input[^>]*name="q"/)

    expect(cardNames((await client.get('/pets?q=zig')).body)).toEqual(['Zigzag'])
    // The owner's full name, or a part of it, finds every pet of theirs.
    const byOwner = await client.get('/pets?q=harriet%20quim')
    expect(cardNames(byOwner.body)).toHaveLength(50)
    expect(byOwner.body).toContain('value="harriet quim"')
    expect(cardNames((await client.get('/pets?q=stone')).body)).toEqual(['Percy_%'])
    // LIKE's wildcards are matched as the characters they are.
    expect(cardNames((await client.get('/pets?q=_%25')).body)).toEqual(['Percy_%'])
    expect(cardNames((await client.get('/pets?q=%25')).body)).toEqual(['Percy_%'])
    // The search stays in the page links.
    expect((await client.get('/pets?q=filler')).body).toContain('href="/pets?q=filler&amp;page=2"')

    const none = await client.get('/pets?q=nobody-here')
    expect(none.status).toBe(200)
    expect(text(none.body)).toContain('No pets found')
    expect(text(none.body)).toContain('No pet or owner name contains “nobody-here”')
  })

  it('takes hostile searches calmly: long, odd characters, repeated', async () => {
    const { client } = await loggedIn('employee')
    for (const q of [
      'x'.repeat(5000),
      '%00',
      '\\',
      "'; DROP TABLE pets; --",
      '<script>alert(1)</script>',
      '%F0%9F%90%BE',
    ]) {
      const res = await client.get(`/pets?q=${encodeURIComponent(q)}`)
      expect(res.status, q).toBe(200)
      expect(res.body).not.toContain('<script>alert(1)</script>')
    }
    const twice = await client.get('/pets?q=zig&q=percy')
    expect(twice.status).toBe(200)
    expect(cardNames(twice.body)).toEqual(['Zigzag'])
  })
})

describe('a client’s /pets', () => {
  it('shows only their own pets, with no search of the hotel', async () => {
    const { client, user } = await loggedIn('client')
    await createPet({ owner: user, name: 'Mine' })
    const res = await client.get('/pets?q=zig')
    expect(res.status).toBe(200)
    expect(cardNames(res.body)).toEqual(['Mine'])
    expect(res.body).not.toMatch(/role="search"/)
    expect(ownerId).not.toBe(user.id)
  })

  it('gets a page whose text takes one to four bytes a character whole, with its length in bytes', async () => {
    // The page is written as strings and encoded once (app/entry.server.tsx):
    // every character must arrive as it was, and the length must count bytes.
    const { client, user } = await loggedIn('client')
    const name = 'Åsa 餅 𝄞 x'
    await createPet({ owner: user, name })
    const res = await fetch(`${base}/pets`, {
      headers: { Cookie: client.cookie, 'Accept-Encoding': 'identity' },
    })
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(res.status).toBe(200)
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length)
    expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toContain(`>${name}<`)
  })
})

describe('an attacker at the staff’s /pets', () => {
  it('finds nothing, and never fails, with a search holding U+0000', async () => {
    const { client } = await loggedIn('manager')
    for (const query of ['q=%00', 'q=zig%00', 'q=%00zig', 'q=zig%00&page=2', 'q=%00%00%25']) {
      const res = await client.get(`/pets?${query}`)
      expect(res.status, query).toBe(200)
      expect(cardNames(res.body), query).toEqual([])
      if (!query.includes('page=2')) expect(text(res.body), query).toContain('No pets found')
      expect((await client.get(`/pets.data?${query}`)).status, query).toBe(200)
    }
  })

  it('takes odd page numbers as the first page, or one past the end, never an error', async () => {
    const { client } = await loggedIn('employee')
    const first = cardNames((await client.get('/pets')).body)
    for (const page of ['-1', '0', '1e3', '0x2', '1.5', '%201', '', '%00', '%EF%BC%92', 'abc']) {
      const res = await client.get(`/pets?page=${page}`)
      expect(res.status, page).toBe(200)
      expect(cardNames(res.body), page).toEqual(first)
    }
    // A repeated page: the first counts.
    const third = cardNames((await client.get('/pets?page=3')).body)
    expect(third.length).toBeGreaterThan(0)
    expect(cardNames((await client.get('/pets?page=3&page=1')).body)).toEqual(third)
    for (const page of ['999999', '99999999999', '9'.repeat(500)]) {
      const res = await client.get(`/pets?page=${page}&q=filler`)
      expect(res.status, page).toBe(200)
    }
    const far = await client.get('/pets?page=999999')
    expect(cardNames(far.body)).toEqual([])
    expect(text(far.body)).toContain('Page 999999')
  })

  it('past the last page of a search, says nothing false: the pets it found are on page 1', async () => {
    const { client } = await loggedIn('employee')
    const res = await client.get('/pets?q=zig&page=2')
    expect(res.status).toBe(200)
    expect(cardNames(res.body)).toEqual([])
    expect(text(res.body)).not.toContain('No pets found')
    expect(res.body).toMatch(
      /href="\/pets\?q=zig"[^>]*rel="prev"|rel="prev"[^>]*href="\/pets\?q=zig"/,
    )
  })

  it('finds accented names in any case, and takes emoji, bidi marks and broken UTF-8 calmly', async () => {
    const { client } = await loggedIn('manager')
    for (const q of [
      'éclair',
      'ÉCLAIR',
      'zoë',
      'ZOË',
      'ångström',
      'ÅNGSTRÖM',
      'zoë å',
      'zoe_ang',
    ]) {
      const res = await client.get(`/pets?q=${encodeURIComponent(q)}`)
      expect(cardNames(res.body), q).toEqual(['Éclair'])
    }
    for (const q of ['%F0%9F%90%BE', '%E2%80%AE', '%ED%A0%80', '%FF%FE', '%C0%AF', 'I%CC%87']) {
      const res = await client.get(`/pets?q=${q}`)
      expect(res.status, q).toBe(200)
      expect(cardNames(res.body), q).toEqual([])
      expect(text(res.body), q).toContain('No pets found')
    }
    // Blank to JavaScript (a byte-order mark, no-break and ideographic spaces): every pet.
    for (const q of ['%EF%BB%BF', '%C2%A0', '%E3%80%80%20']) {
      const res = await client.get(`/pets?q=${q}`)
      expect(cardNames(res.body), q).toHaveLength(50)
    }
  })

  it('keeps a long search to its first 100 characters and refuses a 100 KB one before the app (431)', async () => {
    const { client } = await loggedIn('manager')
    const long = await client.get(`/pets?q=${'zigzag'.repeat(1500)}`)
    expect(long.status).toBe(200)
    expect(long.body).toContain(`value="${'zigzag'.repeat(16)}zigz"`)
    // The server's request line limit, before any route runs; then it goes on answering.
    const huge = await fetch(`${base}/pets?q=${'x'.repeat(100_000)}`, {
      headers: { Cookie: client.cookie },
    })
    expect(huge.status).toBe(431)
    expect((await client.get('/pets?q=zig')).status).toBe(200)
  })

  it('answers HEAD with the headers alone', async () => {
    const { client } = await loggedIn('employee')
    const res = await fetch(`${base}/pets?q=zig&page=1`, {
      method: 'HEAD',
      headers: { Cookie: client.cookie },
    })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
  })

  it('a client’s search and pages never reach anyone else’s pets, nor does a visitor’s', async () => {
    const { client, user } = await loggedIn('client')
    for (const query of ['q=zig', 'q=%25', 'q=_', 'page=2', 'page=3&q=filler', 'q=harriet']) {
      const res = await client.get(`/pets?${query}`)
      expect(res.status, query).toBe(200)
      expect(cardNames(res.body), query).toEqual([])
      expect(text(res.body), query).not.toContain('No pets found')
      const data = await client.get(`/pets.data?${query}`)
      expect(data.status, query).toBe(200)
      expect(JSON.stringify(data.body), query).not.toMatch(/Zigzag|Filler|Quimby/)
    }
    expect(user.id).not.toBe(ownerId)
    const visitor = new Client(base)
    const res = await visitor.get('/pets?q=zig')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/?redirectTo=%2Fpets%3Fq%3Dzig')
  })
})
