import { expect, expectNoA11yViolations, snap, test } from './support/fixtures'

// A forgotten password, in both projects (JavaScript on and off): ask from the
// Log In form, read the mail in the development mailbox as the Owner, follow
// its link, choose a new password, and be logged in; the link then works no more.

test('forgot → mail in /admin/outbox → reset → logged in', async ({
  page,
  newClient,
  loginAs,
}, testInfo) => {
  const { user } = await newClient()
  await page.context().clearCookies()

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'forgot-password')
  await page.getByLabel('Email').fill(user.email)
  await page.getByRole('button', { name: 'Send me a reset link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email', level: 1 })).toBeVisible()
  await expectNoA11yViolations(page)

  await loginAs('owner')
  await page.goto('/admin/outbox')
  await expect(page.getByRole('heading', { name: 'Development mailbox', level: 1 })).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'admin-outbox')
  await page
    .getByRole('row', { name: new RegExp(user.email.replace(/[.+]/g, '\\$&')) })
    .getByRole('link', { name: 'Reset your Whiskers & Wags password' })
    .first()
    .click()
  await expect(
    page.getByRole('heading', { name: 'Reset your Whiskers & Wags password', level: 1 }),
  ).toBeVisible()
  await expect(page.getByText(user.email)).toBeVisible()
  // The message's own HTML (in its sandboxed frame, where axe cannot run) is the mail's, not the page's.
  await expectNoA11yViolations(page, { exclude: 'iframe' })
  await snap(page, testInfo, 'admin-outbox-message')

  const link = page.locator('pre a[href*="/reset-password?token="]')
  const href = await link.getAttribute('href')
  await link.click()
  await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'reset-password')

  await page.getByLabel('New password').fill('my-new-secret-1')
  await page.getByLabel('Confirm Password').fill('my-new-secret-1')
  await page.getByRole('button', { name: 'Set my new password' }).click()
  await expect(page).toHaveURL(/\/(#error-summary)?$/) // the no-JS form's fragment stays on
  // Asked by the browser itself: page.request's one connection had sat idle through the steps
  // above, as long as the server keeps an idle connection (5 s), and once met its close (ECONNRESET).
  const me = await page.goto('/api/auth')
  expect((await me!.json()).email).toBe(user.email)

  // The link is used up: a clear page with a way to ask again.
  await page.goto(new URL(href!).pathname + new URL(href!).search)
  await expect(
    page.getByRole('heading', { name: "This link can't be used", level: 1 }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Send me a new link' })).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'reset-password-used')
})
