import { request as playwrightRequest } from '@playwright/test'
import { expect, expectNoA11yViolations, snap, test } from './support/fixtures'

// A person makes an API token on their account page, with JavaScript on and
// off: it is shown once, a script uses it (no cookie), the page lists when it
// was last used, and revoking it stops the script at once.

test('make an API token on the account page, use it, revoke it', async ({
  page,
  newClient,
  baseURL,
}, testInfo) => {
  const { user } = await newClient()
  await page.goto('/account#api-tokens')
  const section = page.getByRole('region', { name: 'API tokens' })
  await expect(section.getByText('You have no API tokens.')).toBeVisible()
  await section.getByLabel('Name').fill('Accounting export')
  await section.getByRole('button', { name: 'Make a token' }).click()
  const value = section.getByLabel('Your new token')
  await expect(value).toBeVisible()
  const token = await value.inputValue()
  expect(token).toMatch(/^pht_/)
  await expect(section.getByRole('listitem').filter({ hasText: 'Accounting export' })).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'api-token-made')

  // A script with the token and no cookie.
  const script = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  })
  const me = await script.get('/api/auth')
  expect(me.status()).toBe(200)
  expect((await me.json()).email).toBe(user.email)

  // Shown once: the page loaded again lists it but never shows it again.
  await page.goto('/account')
  await expect(section.getByLabel('Your new token')).toHaveCount(0)
  await expect(section.getByText(/last used/)).toBeVisible()
  expect(await page.content()).not.toContain(token)

  await section.getByRole('link', { name: 'Revoke Accounting export' }).click()
  await page.getByRole('button', { name: 'Yes, revoke it' }).click()
  await expect(page.getByText('Token revoked.')).toBeVisible()
  expect((await script.get('/api/auth')).status()).toBe(401)
  await script.dispose()
})
