import { beforeAll, describe, expect, it } from 'vitest'
import { Client, startServer, TEST_PASSWORD } from '../support/http'
import { createPet, createUser } from '../support/factories'

// Where a visitor lands. A page that needs a login sends them to
// /login?redirectTo=<where they were going>, and after logging in (or
// signing up) they land there. /pets — "Book a Reservation" — sends them to
// the landing page, which asks them to log in and brings them back; /users
// shows the access-denied page (with a way to log in). Access denied and
// not found look the same on every route.

let base: string
beforeAll(async () => {
  base = await startServer()
})

const text = (html: unknown) =>
  String(html)
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

const form = (fields: Record<string, string>) => {
  const f = new URLSearchParams(fields)
  return { body: f.toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }
}

describe('a visitor on a page that needs a login', () => {
  it('is sent to log in, with the way back', async () => {
    const owner = await createUser()
    const pet = await createPet({ owner })
    const anon = new Client(base)
    for (const path of [
      `/pets/${pet.id}`,
      `/pets/${pet.id}/edit`,
      `/bookings/pet/${pet.id}?edit=1`,
      '/bookingsByDate?date=2026-12-01',
      '/bookings?view=past&page=2',
      '/settings',
    ]) {
      const res = await anon.get(path)
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location'), path).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      )
    }
  })

  it('of /pets lands on the landing page, which asks them to log in and brings them back', async () => {
    const anon = new Client(base)
    const res = await anon.get('/pets')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/?redirectTo=%2Fpets')
    const landing = await anon.get('/?redirectTo=%2Fpets')
    expect(text(landing.body)).toContain('Log in to book a reservation')
    expect(landing.body).toContain('href="/login?redirectTo=%2Fpets"')
    expect(landing.body).toContain('href="/signup?redirectTo=%2Fpets"')
    // Without the reason to be here, no such notice.
    expect(text((await anon.get('/')).body)).not.toContain('Log in to book a reservation')
  })

  it('of /users sees the access-denied page, with a way to log in', async () => {
    const res = await new Client(base).get('/users')
    expect(res.status).toBe(403)
    expect(text(res.body)).toContain('Unauthorized')
    expect(res.body).toContain('href="/login?redirectTo=%2Fusers"')
  })

  it('lands where they were going after logging in; a failed login keeps the way back', async () => {
    const user = await createUser()
    const c = new Client(base)
    // The form posts to an address that carries the way back, as a browser would.
    const page = await c.get('/login?redirectTo=%2Fpets')
    expect(page.body).toContain('action="/login?redirectTo=%2Fpets#error-summary"')
    expect(page.body).toContain('name="redirectTo" value="/pets"')
    const failed = await c.request(
      'POST',
      '/login?redirectTo=%2Fpets',
      form({ email: user.email, password: 'wrong-password', redirectTo: '/pets' }),
    )
    expect(failed.status).toBe(401)
    expect(failed.body).toContain('action="/login?redirectTo=%2Fpets#error-summary"')
    expect(failed.body).toContain('name="redirectTo" value="/pets"')
    const ok = await c.request(
      'POST',
      '/login?redirectTo=%2Fpets',
      form({ email: user.email, password: TEST_PASSWORD, redirectTo: '/pets' }),
    )
    expect(ok.status).toBe(302)
    expect(ok.headers.get('location')).toBe('/pets')
  })

  it('lands where they were going after signing up, too', async () => {
    const c = new Client(base)
    const page = await c.get('/signup?redirectTo=%2Fpets')
    expect(page.body).toContain('action="/signup?redirectTo=%2Fpets#error-summary"')
    const res = await c.request(
      'POST',
      '/signup?redirectTo=%2Fpets',
      form({
        username: 'guard.tester',
        email: 'guard.tester@example.com',
        password: 'a-long-password',
        confirm_password: 'a-long-password',
        fname: 'Gus',
        lname: 'Guard',
        phone_num: '5551234567',
        address: '1 Gate Road',
        city: 'Portland',
        state: 'Maine',
        zip: '04101',
        redirectTo: '/pets',
      }),
    )
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/pets')
  })
})

describe('one access-denied page and one not-found page', () => {
  it('look the same on every route, each with a way back', async () => {
    const client = new Client(base)
    await client.login((await createUser()).email)
    const other = await createPet({ owner: await createUser() })
    for (const path of [
      '/settings',
      '/bookings',
      '/bookingsByDate',
      '/users',
      `/pets/${other.id}`,
    ]) {
      const res = await client.get(path)
      expect(res.status, path).toBe(403)
      const page = text(res.body)
      expect(page, path).toContain('Error 403 Unauthorized You are not allowed to see this page.')
      expect(res.body, path).toContain('Back to the hotel')
    }
    for (const path of ['/pets/999999', '/bookings/pet/999999', '/no-such-page']) {
      const res = await client.get(path)
      expect(res.status, path).toBe(404)
      expect(text(res.body), path).toContain('We looked under every blanket, but it is not here.')
      expect(res.body, path).toContain('Back to the hotel')
    }
  })
})
