import type { Browser } from '@playwright/test'
import {
  apiAddPet,
  apiLogin,
  expect,
  expectNoA11yViolations,
  ONCE_MORE_IF_RESET,
  snap,
  test,
} from './support/fixtures'

// A person's own account, with JavaScript on and off: reached from the
// profile menu; a new password ends another browser's session; a refused
// profile opens at its error summary; a new email address is confirmed from
// the mail (read in the development mailbox); a client deletes their account
// and can log in no more. axe on every page and state; screenshots at 390 px
// and 1280 px.

/** A second browser (another phone, say), logged in as the same person. */
async function secondBrowser(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL })
  await apiLogin(context.request, email, password)
  return context
}

test('a new password logs the person out everywhere else', async ({
  page,
  newClient,
  browser,
  baseURL,
}, testInfo) => {
  const { user, password } = await newClient()
  const other = await secondBrowser(browser, baseURL!, user.email, password)
  expect((await other.request.get('/api/auth', ONCE_MORE_IF_RESET)).status()).toBe(200)

  await page.goto('/services')
  await page.getByTestId('profile-menu').locator('summary').click()
  await page.getByTestId('profile-menu').getByRole('link', { name: 'Account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await expect(page.getByText('This device')).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'account')

  const form = page.locator('#password')
  await form.getByLabel('Current password').fill(password)
  await form.getByLabel('New password').fill('a-brand-new-secret')
  await form.getByLabel('Confirm Password').fill('a-brand-new-secret')
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(
    page.getByText('Password changed. You are logged out everywhere else.'),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/account\?done=password#password$/)
  await expectNoA11yViolations(page)

  // This browser stays in; the other is out, and the old password is dead.
  expect((await page.request.get('/api/auth', ONCE_MORE_IF_RESET)).status()).toBe(200)
  expect((await other.request.get('/api/auth', ONCE_MORE_IF_RESET)).status()).toBe(401)
  const old = await other.request.post('/api/auth/login', {
    data: { email: user.email, password },
    ...ONCE_MORE_IF_RESET,
  })
  expect(old.status()).toBe(401)
  await other.close()
})

test('a refused profile opens at its summary, and a good one is saved', async ({
  page,
  newClient,
}, testInfo) => {
  await newClient()
  await page.goto('/account')
  const form = page.locator('#profile')
  await form.getByLabel('First name').fill('robin')
  await form.getByRole('button', { name: 'Save profile' }).click()
  const summary = page.locator('#error-summary')
  await expect(summary).toBeVisible()
  await expect(summary).toContainText('First name must be capitalized')
  if (testInfo.project.name === 'no-js') {
    await expect(page).toHaveURL(/\/account#error-summary$/)
    await expect(summary).toBeFocused()
  }
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'account-profile-refused')

  await form.getByLabel('First name').fill('Robin')
  await form.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Profile saved.')).toBeVisible()
  await expect(page.getByText(/^Robin Tester · /)).toBeVisible()
})

test('a new email address is confirmed from the mail', async ({
  page,
  newClient,
  browser,
  baseURL,
}) => {
  const { user, password } = await newClient()
  const newEmail = user.email.replace('@', '.moved@')
  await page.goto('/account')
  const form = page.locator('#email')
  await form.getByLabel('New email address').fill(newEmail)
  await form.getByLabel('Current password').fill('not-my-password')
  await form.getByRole('button', { name: 'Send confirmation link' }).click()
  await expect(page.locator('#error-summary')).toContainText('Current password is incorrect')
  await form.getByLabel('New email address').fill(newEmail)
  await form.getByLabel('Current password').fill(password)
  await form.getByRole('button', { name: 'Send confirmation link' }).click()
  await expect(page.getByText('We sent a link to your new address.')).toBeVisible()

  // The Owner's development mailbox, in another browser.
  const owner = await browser.newContext({ baseURL })
  await apiLogin(owner.request, 'demo-owner@example.com')
  const mailbox = await owner.newPage()
  await mailbox.goto('/admin/outbox')
  await mailbox
    .getByRole('row', { name: new RegExp(newEmail.replace(/[.+]/g, '\\$&')) })
    .getByRole('link', { name: 'Confirm your new Whiskers & Wags email address' })
    .click()
  const href = await mailbox.locator('pre a[href*="/account/email?token="]').getAttribute('href')
  await owner.close()

  await page.goto(href!)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm your new email address' }),
  ).toBeVisible()
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: `Use ${newEmail}` }).click()
  await expect(page.getByText('Your email address has been changed.')).toBeVisible()
  await expect(page.getByText(`Mail goes to ${newEmail}.`, { exact: false })).toBeVisible()

  // The link works once.
  await page.goto(href!)
  await expect(
    page.getByRole('heading', { level: 1, name: "This link can't be used" }),
  ).toBeVisible()
  await expectNoA11yViolations(page)
})

test('a client deletes their account, and can log in no more', async ({
  page,
  newClient,
}, testInfo) => {
  const { user, password } = await newClient()
  await apiAddPet(page.request, 'Pickle', 'cat')
  await page.goto('/account')
  await page.getByRole('link', { name: 'Delete my account…' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Delete your account' })).toBeVisible()
  await expect(page.getByText('Your profile, your pet and their photos are deleted')).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'account-delete')

  await page.getByLabel('Your current password').fill('not-my-password')
  await page.getByRole('button', { name: 'Delete my account for good' }).click()
  await expect(page.locator('#error-summary')).toContainText('Current password is incorrect')
  await expectNoA11yViolations(page)

  await page.getByLabel('Your current password').fill(password)
  await page.getByRole('button', { name: 'Delete my account for good' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account has been deleted' }),
  ).toBeVisible()
  await expectNoA11yViolations(page)
  expect((await page.request.get('/api/auth', ONCE_MORE_IF_RESET)).status()).toBe(401)
  const again = await page.request.post('/api/auth/login', {
    data: { email: user.email, password },
    ...ONCE_MORE_IF_RESET,
  })
  expect(again.status()).toBe(401)
})

test('staff have an account page without deletion or reminders', async ({ page, loginAs }) => {
  await loginAs('employee')
  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Reminders' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Delete my account…' })).toHaveCount(0)
  await expectNoA11yViolations(page)
})
