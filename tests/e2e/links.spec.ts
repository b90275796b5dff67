import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'

// The server writes a page's plain links itself (app/components/link.tsx,
// nav-link.tsx) and the browser's React Router Link and NavLink hydrate them. With JavaScript on, a
// click on a link of a list — a pet card's name, a page of the list, a
// booking — must be the app's own navigation (the page is not loaded again)
// and the browser must log no error (what the page throws fails every
// journey: support/fixtures.ts); with JavaScript off it is an ordinary link
// to the same address.

/** Waits until React has taken over `link` (it holds React's props), then clicks it. */
async function follow(
  page: Page,
  javaScriptEnabled: boolean,
  name: string | RegExp,
  within = page.getByRole('main'),
) {
  const link = within.getByRole('link', { name, exact: true }).first()
  const href = await link.getAttribute('href')
  if (javaScriptEnabled) {
    await expect
      .poll(() => link.evaluate((a) => Object.keys(a).some((k) => k.startsWith('__reactProps'))))
      .toBe(true)
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
  }
  await link.click()
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href)
  if (javaScriptEnabled)
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
}

test.describe('links of the lists', () => {
  // What each journey's page logs as an error (a worker runs one test at a time).
  let logged: string[] = []
  test.beforeEach(({ page }) => {
    logged = []
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()))
  })
  test.afterEach(() => expect(logged, 'errors the page logged').toEqual([]))

  test('a client opens a pet from My Pets', async ({ page, loginAs, javaScriptEnabled }) => {
    await loginAs('client')
    await page.goto('/pets')
    const name = await page.getByRole('main').getByRole('heading', { level: 2 }).first().innerText()
    await follow(page, javaScriptEnabled, name)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByRole('link', { name: 'My Pets' }).first()).toBeVisible()
  })

  test('staff open a pet of the hotel and a booking from Manage Bookings', async ({
    page,
    loginAs,
    javaScriptEnabled,
  }) => {
    await loginAs('manager')
    await page.goto('/pets')
    const card = page.getByRole('main').getByRole('heading', { level: 2 }).first()
    const name = await card.innerText()
    await follow(page, javaScriptEnabled, name)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

    await page.goto('/bookings')
    await follow(page, javaScriptEnabled, 'Past bookings')
    // The tab itself: until React has drawn the new view, the list's "See past bookings" shows too.
    await expect(page.getByRole('link', { name: 'Past bookings', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await page.goto('/bookings')
    await follow(page, javaScriptEnabled, /^Update booking \d+ of /)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('the nav bar marks the page it is on, and moves with a click', async ({
    page,
    loginAs,
    javaScriptEnabled,
  }) => {
    await loginAs('manager')
    await page.goto('/pets/1')
    const nav = page.getByRole('navigation', { name: 'Main', exact: true })
    // Under /pets: its link is the current one.
    await expect(nav.getByRole('link', { name: 'Pets', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(nav.getByRole('link', { name: 'Pets', exact: true })).toHaveClass(
      'nav-link active',
    )
    await expect(nav.getByRole('link', { name: 'Reviews', exact: true })).not.toHaveAttribute(
      'aria-current',
    )
    await follow(page, javaScriptEnabled, 'Reviews', nav)
    await expect(page.getByRole('heading', { level: 1, name: /Reviews/ })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Reviews', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(nav.getByRole('link', { name: 'Pets', exact: true })).toHaveClass('nav-link')
  })

  test('an icon draws whether the server wrote it or the browser made it', async ({
    page,
    loginAs,
    javaScriptEnabled,
  }) => {
    // Icons are written as markup inside their <svg> (app/components/icons.tsx):
    // after a click with JavaScript on, React makes the Add Pet button's icon
    // in the browser, and its shapes must still be SVG that draws.
    await loginAs('client')
    await page.goto('/services')
    await follow(
      page,
      javaScriptEnabled,
      'My Pets',
      page.getByRole('navigation', { name: 'Main', exact: true }),
    )
    const icon = page.getByRole('main').getByRole('link', { name: 'Add Pet' }).locator('svg')
    const drawn = await icon.evaluate((svg) => {
      const shape = svg.firstElementChild as SVGGraphicsElement
      const box = shape.getBBox()
      return { ns: shape.namespaceURI, tag: shape.tagName, width: box.width, height: box.height }
    })
    // "M12 5v14M5 12h14": a plus 14 units wide and high.
    expect(drawn).toEqual({ ns: 'http://www.w3.org/2000/svg', tag: 'path', width: 14, height: 14 })
  })
})
