import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../app/infra/db.server'
import { now, setNow } from '../../app/infra/clock.server'
import { applyVersions } from '../../app/infra/read-cache.server'
import { readVersions } from '../../app/models/cache-versions.server'
import { SETUP_ACTOR, createReview, createService, loggedIn } from '../support/factories'
import { Client } from '../support/http'
import { startLoggedServer } from '../support/logged-server'
import { MAX_AGE_MS } from '../../server/visitor-pages'
import { updateService } from '../../app/models/service.server'
import { deleteReview, updateReview } from '../../app/models/review.server'

// The pages every visitor sees alike (/, /services, /reviews, /login, /signup) are
// kept rendered by each server (server/visitor-pages.ts). What a visitor
// gets must be what a render would give them: the same bytes but for the CSP
// nonce, which is the answer's own — in its header and its HTML alike — and
// a change must show at once. The request log says whether an answer was the
// kept page or a render, which is what shows the keeping is really in use.

let base: string
let close: () => Promise<void>
let loggedRequest: (path: string) => Promise<Record<string, any>>

beforeAll(async () => {
  ;({ base, close, loggedRequest } = await startLoggedServer())
})
afterAll(() => close())

type Raw = { status: number; headers: http.IncomingHttpHeaders; html: string }

function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          let body = Buffer.concat(chunks)
          if (res.headers['content-encoding'] === 'br') body = zlib.brotliDecompressSync(body)
          if (res.headers['content-encoding'] === 'gzip') body = zlib.gunzipSync(body)
          resolve({ status: res.statusCode!, headers: res.headers, html: body.toString() })
        })
      })
      .on('error', reject)
  })
}

/** How the server answered the last request for `path`: 'kept', 'rendered', or undefined (not a visitor page). */
const howAnswered = async (path: string) => (await loggedRequest(path)).page as string | undefined

async function visit(path: string, headers: Record<string, string> = {}) {
  const answer = await get(path, headers)
  return { ...answer, how: await howAnswered(path.split('?')[0]) }
}

const headerNonce = (r: Raw) =>
  /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))![1]

/** Every nonce the HTML carries: script and style attributes, and the root's data. */
const htmlNonces = (html: string) => [
  ...[...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/\\"cspNonce\\",\\"([^"\\]+)\\"/g)].map((m) => m[1]),
]

const withoutNonce = (r: Raw) => r.html.split(headerNonce(r)).join('NONCE')

describe('visitor pages', () => {
  for (const path of ['/', '/services', '/reviews', '/login', '/signup']) {
    it(`${path}: kept after the first render, each answer with its own nonce and otherwise the same page`, async () => {
      const first = await visit(path)
      const second = await visit(path)
      const third = await visit(path, { 'Accept-Encoding': 'br, gzip' })
      expect([first.how, second.how, third.how]).toEqual(['rendered', 'kept', 'kept'])
      for (const answer of [first, second, third]) {
        expect(answer.status).toBe(200)
        expect(answer.headers['cache-control']).toBe('no-store')
        const nonces = htmlNonces(answer.html)
        expect(nonces.length).toBeGreaterThan(2)
        expect(new Set(nonces)).toEqual(new Set([headerNonce(answer)]))
      }
      expect(third.headers['content-encoding']).toBe('br')
      expect(new Set([first, second, third].map(headerNonce)).size).toBe(3)
      expect(withoutNonce(second)).toBe(withoutNonce(first))
      expect(withoutNonce(third)).toBe(withoutNonce(first))
      // A render React Router makes for this request alone (a session cookie, here a
      // stale one, is never answered from the kept page): the same page.
      const routed = await visit(path, { Cookie: '__session=stale' })
      expect(routed.how).toBeUndefined()
      expect(withoutNonce(routed)).toBe(withoutNonce(first))
    })
  }

  it('shows a change made on this server at once', async () => {
    const service = await createService({ service: 'Sunrise walk' })
    expect((await visit('/services')).html).toContain('Sunrise walk')
    expect((await visit('/services')).how).toBe('kept')
    await updateService({
      actor: SETUP_ACTOR,
      id: service.id,
      input: { service: 'Sunset walk', price: 2500, staff: [] },
    })
    const after = await visit('/services')
    expect(after.how).toBe('rendered')
    expect(after.html).toContain('Sunset walk')
    expect(after.html).not.toContain('Sunrise walk')
  })

  it("shows another server's change once the versions are polled", async () => {
    const service = await createService({ service: 'Puddle splash' })
    expect((await visit('/services')).html).toContain('Puddle splash')
    // Another server renames it: its rows and the version move behind this server's back.
    const db = await getDb()
    await db.transaction(async (trx) => {
      await trx('services').where({ id: service.id }).update({ service: 'Meadow romp' })
      await trx.raw(
        `INSERT INTO cache_versions (name, version) VALUES ('services', 1)
         ON CONFLICT (name) DO UPDATE SET version = cache_versions.version + 1`,
      )
    })
    // Until the poll, the kept page stands (which is what shows it is kept)…
    const before = await visit('/services')
    expect(before.how).toBe('kept')
    expect(before.html).toContain('Puddle splash')
    applyVersions(await readVersions())
    const after = await visit('/services')
    expect(after.how).toBe('rendered')
    expect(after.html).toContain('Meadow romp')
  })

  it('renders again on a new hotel day and after MAX_AGE_MS', async () => {
    setNow('2026-11-23T15:00:00Z')
    await visit('/')
    expect((await visit('/')).how).toBe('kept')
    setNow(new Date(now().getTime() + MAX_AGE_MS - 1000))
    expect((await visit('/')).how).toBe('kept')
    setNow(new Date(now().getTime() + 2000))
    expect((await visit('/')).how).toBe('rendered')
    expect((await visit('/')).how).toBe('kept')
    // 23:59 then 00:00 at the hotel (New York): a new day, a new render.
    setNow('2026-11-24T04:59:30Z')
    await visit('/')
    expect((await visit('/')).how).toBe('kept')
    setNow('2026-11-24T05:00:00Z')
    expect((await visit('/')).how).toBe('rendered')
  })

  it('never answers someone logged in, or a token, from the kept page', async () => {
    await visit('/')
    const { client, user } = await loggedIn('client')
    const mine = await visit('/', { Cookie: client.sessionCookie })
    expect(mine.how).toBeUndefined()
    expect(mine.html).toContain(user.fname)
    const visitor = await visit('/')
    expect(visitor.how).toBe('kept')
    expect(visitor.html).not.toContain(user.fname)
    // A session cookie among others, and a stale one, are not a visitor's either.
    expect(
      (await visit('/', { Cookie: `theme=dark; ${client.sessionCookie}` })).how,
    ).toBeUndefined()
    expect((await visit('/', { Cookie: '__session=stale' })).how).toBeUndefined()
    expect((await visit('/', { Authorization: 'Bearer nope' })).how).toBeUndefined()
    // Another cookie is no reason to render.
    expect((await visit('/', { Cookie: 'theme=dark' })).how).toBe('kept')
    // Logged in, /login goes on (a redirect), never to the kept form.
    const login = await get('/login', { Cookie: client.sessionCookie })
    expect(login.status).toBe(302)
  })

  it("shows a client's new username on their reviews at once: the top reviews and the landing page", async () => {
    const { client, user } = await loggedIn('client')
    await createReview({ author: user, review: 'Five paws for the nap room', paws: 5 })
    const signedBy = async () => {
      const res = await new Client(base).get('/api/reviews/ordered')
      return res.body.reviews.find(
        (r: { review: string }) => r.review === 'Five paws for the nap room',
      )?.client_username
    }
    expect(await signedBy()).toBe(user.username)
    expect((await visit('/')).html).toContain(user.username)
    expect((await visit('/')).how).toBe('kept')
    const renamed = `${user.username}_new`
    const put = await client.put('/api/users/me', {
      username: renamed,
      fname: user.fname,
      lname: user.lname,
      phone_num: '(802) 555-0142',
      address: '9 Lake Street',
      city: 'Montpelier',
      state: 'Vermont',
      zip: '05602',
    })
    expect(put.status).toBe(200)
    expect(await signedBy()).toBe(renamed)
    const landing = await visit('/')
    expect(landing.how).toBe('rendered')
    expect(landing.html).toContain(renamed)
    const reviews = await visit('/reviews')
    expect(reviews.html).toContain(renamed)
    expect(reviews.html).not.toContain(`>${user.username}<`)
  })

  it('shows a new, edited or deleted review on /reviews at once, and leaves its other pages to React Router', async () => {
    const { user } = await loggedIn('client')
    await visit('/reviews')
    expect((await visit('/reviews')).how).toBe('kept')
    const review = await createReview({ author: user, review: 'The ball pit was a hit', paws: 5 })
    const added = await visit('/reviews')
    expect(added.how).toBe('rendered')
    expect(added.html).toContain('The ball pit was a hit')
    expect((await visit('/reviews')).how).toBe('kept')
    await updateReview({
      id: review.id,
      actor: user,
      input: { review: 'The ball pit was a big hit', paws: 4 },
    })
    const edited = await visit('/reviews')
    expect(edited.how).toBe('rendered')
    expect(edited.html).toContain('The ball pit was a big hit')
    await deleteReview({ id: review.id, actor: user })
    const deleted = await visit('/reviews')
    expect(deleted.how).toBe('rendered')
    expect(deleted.html).not.toContain('The ball pit was a big hit')
    // Another page of the list, or the list with a notice, is rendered for its request.
    expect((await visit('/reviews?page=2')).how).toBeUndefined()
    expect((await visit('/reviews?added=1')).how).toBeUndefined()
  })

  it('leaves HEAD and other paths to React Router', async () => {
    await visit('/services')
    const head = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .request(`${base}/services`, { method: 'HEAD' }, (res) => {
          res.resume()
          res.on('end', () => resolve(res))
        })
        .on('error', reject)
        .end(),
    )
    expect(head.statusCode).toBe(200)
    expect(await howAnswered('/services')).toBeUndefined()
    expect((await visit('/my-bookings')).how).toBeUndefined()
    expect((await visit('/reviews/')).how).toBeUndefined()
  })
})
