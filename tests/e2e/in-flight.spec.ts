import type { Route } from '@playwright/test'
import { expect, test, uniqueName } from './support/fixtures'

// With JavaScript, what a slow or broken network looks like: a submit in
// flight shows progress and cannot be sent twice; a page whose data fails to
// load says 'Error: …' inside the layout. (Without JavaScript the browser
// itself shows a page load in progress, and a failed load is its own page.)
// Requests are held or failed with page.route — nothing waits on a timer.

test('a pending submit shows progress and is sent once @js-only', async ({ page, newClient }) => {
  await newClient()
  await page.goto('/reviews')
  const form = page.locator('#add-review')
  const text = uniqueName('Sent once')
  await form.getByTitle('5 out of 5 paws').click()
  await form.getByLabel('Your review').fill(text)

  // Hold the action's request until the button has been checked.
  const posts: Route[] = []
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === '/reviews.data',
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      posts.push(route)
      await released
      await route.continue()
    },
  )

  const button = form.getByRole('button', { name: /Add Review|Adding/ })
  await button.click()
  await expect(button).toBeDisabled()
  await expect(button).toContainText('Adding…')
  // A second press does nothing while the first is in flight.
  await button.click({ force: true })
  await expect.poll(() => posts.length).toBe(1)
  release()

  await expect(page.getByText('Thank you! Your review was added.')).toBeVisible()
  await expect(page.getByText(text)).toHaveCount(1)
  expect(posts).toHaveLength(1)
})

test("a page whose data can't load says 'Error: …' in the layout @js-only", async ({ page }) => {
  await page.goto('/')
  await page.route(
    (url) => url.pathname === '/reviews.data',
    (route) => route.abort('connectionrefused'),
  )
  await page.getByRole('link', { name: 'See All Reviews' }).click()
  await expect(
    page.getByRole('heading', { name: 'Error: Error fetching all reviews' }),
  ).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible() // the layout stays
})
