import { request as playwrightRequest } from '@playwright/test'
import { DEMO_PASSWORD, demoEmail, expect, expectNoA11yViolations, test } from './support/fixtures'
import type { Role } from './support/fixtures'

// Every page route for every role (and logged out), on a 360 px phone — the
// narrowest screen we support: whatever the route shows that role (the page,
// 'Unauthorized', or where it redirects), axe finds no violation and nothing
// makes the page scroll sideways. The other specs cover each route's states
// (empty and full lists, errors, open dialogs) at desktop width.

// Every page of every role, each with axe: minutes on a busy 2-core machine.
test.describe.configure({ timeout: 300_000 })

let petId = 0
test.beforeAll(async ({ baseURL }) => {
  // A demo client's pet that has a current booking, so /bookings/pet/:id shows one.
  const api = await playwrightRequest.newContext({ baseURL })
  const login = await api.post('/api/auth/login', {
    data: { email: demoEmail('client'), password: DEMO_PASSWORD },
  })
  expect(login.status()).toBe(200)
  const { Pets } = (await (await api.get('/api/pets/user')).json()) as { Pets: { id: number }[] }
  const { bookings } = (await (await api.get('/api/bookings/user')).json()) as {
    bookings: { pet_id: number }[]
  }
  petId = bookings[0]?.pet_id ?? Pets[0].id
  await api.dispose()
})

const routes = (role: Role | null) => [
  '/',
  '/login',
  '/signup',
  '/services',
  '/reviews',
  '/pets',
  '/pets/new',
  `/pets/${petId}`,
  `/pets/${petId}/edit`,
  '/bookings',
  `/bookings/pet/${petId}`,
  '/bookingsByDate',
  '/users',
  '/invitation?token=not-a-token',
  '/settings',
  '/my-bookings',
  '/account',
  '/account/delete',
  '/account/email?token=not-a-token',
  '/account/deleted',
  // The API reference is the same long document for everyone (axe takes
  // seconds on it); its header, the one part that changes with the role, is
  // checked on every other route.
  ...(role ? [] : ['/api/docs']),
  '/no-such-page',
]

const roles: (Role | null)[] = [null, 'client', 'employee', 'manager', 'owner']

for (const role of roles) {
  test.describe(role ?? 'logged out', () => {
    test.use({ role, viewport: { width: 360, height: 780 } })

    test('every route: no axe violations, no sideways scrolling', async ({ page }) => {
      // Many routes show a role the same page — Unauthorized, or the login
      // form a logged-out visitor is sent to — differing only in the route to
      // return to (`redirectTo` in links and a hidden field). axe gives
      // the same answer for the same markup at the same width, so each distinct
      // page is checked once; the width check runs on every route.
      const checked = new Set<string>()
      for (const route of routes(role)) {
        await test.step(route, async () => {
          const response = await page.goto(route)
          expect(response?.status(), `${route} answers`).toBeLessThan(500)
          await expect(page.locator('h1').first()).toBeVisible()
          const overflow = await page.evaluate(() => {
            const width = document.documentElement.clientWidth
            const wide = [...document.querySelectorAll<HTMLElement>('body *')]
              .filter((el) => el.getBoundingClientRect().right > width + 1)
              // Contents of a scroll box (a wide table in .table-wrap) are fine.
              .filter((el) => !el.parentElement?.closest('.table-wrap, .visually-hidden'))
              .filter((el) => !el.matches('.visually-hidden'))
              .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
            return {
              scrollWidth: document.documentElement.scrollWidth,
              width,
              wide: wide.slice(0, 5),
            }
          })
          expect(overflow, `${page.url()} fits a 360 px screen`).toEqual({
            scrollWidth: overflow.width,
            width: overflow.width,
            wide: [],
          })
          const markup = await page.evaluate(() => {
            const body = document.body.cloneNode(true) as HTMLElement
            for (const script of body.querySelectorAll('script')) script.remove()
            const html = body.innerHTML
              .replace(/\?redirectTo=[^"]*"/g, '"')
              .replace(/(name="redirectTo" value=")[^"]*"/g, '$1"')
            return [document.documentElement.lang, document.title, html].join('\n')
          })
          if (checked.has(markup)) return
          checked.add(markup)
          await expectNoA11yViolations(page)
        })
      }
    })
  })
}
