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

const routes = () => [
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
  '/api/docs',
  '/no-such-page',
]

const roles: (Role | null)[] = [null, 'client', 'employee', 'manager', 'owner']

for (const role of roles) {
  test.describe(role ?? 'logged out', () => {
    test.use({ role, viewport: { width: 360, height: 780 } })

    test('every route: no axe violations, no sideways scrolling', async ({ page }) => {
      for (const route of routes()) {
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
          await expectNoA11yViolations(page)
        })
      }
    })
  })
}
