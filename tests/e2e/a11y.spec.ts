import type { Page } from '@playwright/test'
import { expect, expectNoA11yViolations, test } from './support/fixtures'

// axe (all default rules: WCAG 2.0–2.2 A/AA and best practices) on the shell's
// routes and states — landing for each role, the auth pages empty and with
// errors, the shared layout with each menu open, the auth dialogs, the error
// page — in both projects, at desktop and phone widths. Zero violations.

// The check itself: a page with known faults — an image with no text, a
// button with no name, grey text on grey — fails it, naming each rule. (A
// check that found nothing anywhere would pass every test above.)
const FAULTY_PAGE = `<!doctype html><html lang="en"><head><title>Faults</title></head>
<body><main><h1>Faults</h1>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<button></button>
<p style="color:#999;background:#aaa">Faint words</p>
</main></body></html>`

test('the axe check finds the faults of a faulty page', async ({ page }) => {
  await page.route('**/faulty-page-for-axe', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: FAULTY_PAGE }),
  )
  await page.goto('/faulty-page-for-axe')
  const failure = await expectNoA11yViolations(page).then(
    () => 'no violation found',
    (error: Error) => error.message,
  )
  expect(failure).toContain('image-alt')
  expect(failure).toContain('button-name')
  expect(failure).toContain('color-contrast')
})

const openMenu = async (page: Page, testId: string) => {
  await page.getByTestId(testId).locator('summary').click()
  await expect(page.getByTestId(testId).locator('.dropdown-menu')).toBeVisible()
}

test.describe('logged out', () => {
  test('landing, with the demo and profile menus open', async ({ page }) => {
    await page.goto('/')
    await expectNoA11yViolations(page)
    await openMenu(page, 'demo-menu')
    await expectNoA11yViolations(page)
    await openMenu(page, 'profile-menu')
    await expectNoA11yViolations(page)
  })

  test('login page, empty and with errors', async ({ page }) => {
    await page.goto('/login')
    await expectNoA11yViolations(page)
    await page.getByLabel('Email').fill('nobody@example.com')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page.getByText('Invalid email or password')).toBeVisible()
    await expectNoA11yViolations(page)
  })

  test('signup page, empty and with every field in error', async ({ page }) => {
    await page.goto('/signup')
    await expectNoA11yViolations(page)
    await page.getByLabel('First name').fill('lower')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByText('First name must be capitalized').last()).toBeVisible()
    await expectNoA11yViolations(page)
  })

  test('shared layout on a phone, with the menu open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/services')
    await expectNoA11yViolations(page)
    await page.locator('.nav-menu-mobile summary').click()
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
    await expectNoA11yViolations(page)
  })

  test('the Log In and Sign Up dialogs over a page', async ({ page, javaScriptEnabled }) => {
    await page.goto('/reviews')
    await openMenu(page, 'profile-menu')
    await page.getByTestId('profile-menu').getByRole('link', { name: 'Log In' }).click()
    if (javaScriptEnabled) await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible()
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page.getByText('Email is required').last()).toBeVisible()
    await expectNoA11yViolations(page)
    await page.getByRole('link', { name: 'Create an account' }).click()
    if (javaScriptEnabled) await expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeVisible()
    else await expect(page).toHaveURL(/\/signup/)
    await expectNoA11yViolations(page)
  })

  test('not-found page', async ({ page }) => {
    const res = await page.goto('/no-such-page')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expectNoA11yViolations(page)
  })
})

test.describe('as a client', () => {
  test.use({ role: 'client' })
  test('landing and the layout with the profile menu open', async ({ page }) => {
    await page.goto('/')
    await expectNoA11yViolations(page)
    await openMenu(page, 'profile-menu')
    await expectNoA11yViolations(page)
    await page.goto('/reviews')
    await openMenu(page, 'profile-menu')
    await expectNoA11yViolations(page)
  })

  test('Unauthorized page inside the layout', async ({ page }) => {
    const res = await page.goto('/users')
    expect(res?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
    await expectNoA11yViolations(page)
  })
})

test.describe('as an employee', () => {
  test.use({ role: 'employee' })
  test('landing and layout', async ({ page }) => {
    await page.goto('/')
    await expectNoA11yViolations(page)
    await page.goto('/services')
    await openMenu(page, 'profile-menu')
    await expectNoA11yViolations(page)
  })
})

test.describe('as the manager', () => {
  test.use({ role: 'manager' })
  test('landing with the Admin menu and the Pet of the Month chooser open', async ({ page }) => {
    await page.goto('/')
    await expectNoA11yViolations(page)
    await openMenu(page, 'admin-menu')
    await expectNoA11yViolations(page)
    await page.getByText('Choose this month’s pet').click()
    await page.getByRole('button', { name: 'Save Pet of the Month' }).click()
    await expect(page.getByText('Please choose a pet').last()).toBeVisible()
    await expectNoA11yViolations(page)
  })

  test('layout with the Admin dropdown open (desktop)', async ({ page }) => {
    await page.goto('/services')
    await page.locator('.nav-links summary').click()
    await expect(page.locator('.nav-links .dropdown-menu')).toBeVisible()
    await expectNoA11yViolations(page)
  })
})
