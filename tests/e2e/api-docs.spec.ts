import { expect, expectNoA11yViolations, snap, test } from './support/fixtures'

// The API reference at /api/docs, with JavaScript on and off: rendered on the
// server from the OpenAPI document, its links jump to each call and shape,
// and axe finds nothing.

test('read the API reference and follow a call to its shapes', async ({ page }, testInfo) => {
  await page.goto('/api/docs')
  await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'API sections' })
    .getByRole('link', { name: 'Waitlist' })
    .click()
  const take = page.locator('#post-waitlist-id-take')
  await expect(take.getByText('Book the stay in the place held for it')).toBeVisible()
  await take.getByRole('link', { name: 'Booking' }).first().click()
  await expect(page).toHaveURL(/#schema-Booking$/)
  await expect(page.locator('#schema-Booking').getByText('vaccinations_missing')).toBeVisible()
  await expect(page.getByRole('link', { name: 'OpenAPI document (JSON)' })).toHaveAttribute(
    'href',
    '/api/openapi.json',
  )
  await expectNoA11yViolations(page)
  await page.goto('/api/docs')
  await snap(page, testInfo, 'api-docs')
})
