import type { Page } from '@playwright/test'
import { expect, expectNoA11yViolations, ONCE_MORE_IF_RESET, snap, test } from './support/fixtures'

// Screenshots of the shell's routes and states at 390 px and 1280 px:
// test-results/screenshots/<project>/<name>-<width>.png. The other pages add
// theirs in their own specs with the same `snap` helper.

const openMenu = async (page: Page, testId: string) => {
  await page.getByTestId(testId).locator('summary').click()
  await expect(page.getByTestId(testId).locator('.dropdown-menu')).toBeVisible()
}

test.describe('logged out', () => {
  test('landing', async ({ page }, testInfo) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await snap(page, testInfo, 'landing-logged-out')
    await openMenu(page, 'demo-menu')
    await snap(page, testInfo, 'landing-demo-menu')
  })

  test('login page, with errors', async ({ page }, testInfo) => {
    await page.goto('/login')
    await snap(page, testInfo, 'login')
    await page.getByLabel('Email').fill('nobody@example.com')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page.getByText('Invalid email or password')).toBeVisible()
    await snap(page, testInfo, 'login-errors')
  })

  test('signup page, with errors', async ({ page }, testInfo) => {
    await page.goto('/signup')
    await snap(page, testInfo, 'signup')
    await page.getByLabel('First name').fill('nova')
    await page.getByLabel('Zip code').fill('12')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByText('First name must be capitalized').last()).toBeVisible()
    await snap(page, testInfo, 'signup-errors')
  })

  test('the Log In entry of the layout (dialog with JS, page without)', async ({
    page,
  }, testInfo) => {
    await page.goto('/services')
    await openMenu(page, 'profile-menu')
    await snap(page, testInfo, 'layout-profile-menu-logged-out')
    await page.getByTestId('profile-menu').getByRole('link', { name: 'Log In' }).click()
    await expect(page.getByLabel('Email')).toBeVisible()
    await snap(page, testInfo, 'layout-login')
  })

  test('layout on a phone with the menu open', async ({ page }, testInfo) => {
    await page.goto('/reviews')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.locator('.nav-menu-mobile summary').click()
    await snap(page, testInfo, 'layout-mobile-menu')
  })

  test('not-found page', async ({ page }, testInfo) => {
    await page.goto('/no-such-page')
    await snap(page, testInfo, 'not-found')
  })

  test('Book a Reservation asks a visitor to log in first', async ({ page }, testInfo) => {
    await page.goto('/pets')
    await expect(page.getByText('Log in to book a reservation')).toBeVisible()
    await expectNoA11yViolations(page)
    await snap(page, testInfo, 'landing-login-to-book')
  })

  test('a page for the Owner and Managers offers a visitor the way to log in', async ({
    page,
  }, testInfo) => {
    await page.goto('/users')
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Log In' }).last()).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fusers',
    )
    await snap(page, testInfo, 'unauthorized-visitor')
  })

  test('a form too large to send', async ({ page }, testInfo) => {
    const res = await page.request.post('/reviews', {
      headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
      data: `review=${'a'.repeat(2 * 1024 * 1024)}`,
      ...ONCE_MORE_IF_RESET,
    })
    expect(res.status()).toBe(413)
    await page.setContent(await res.text())
    await expect(page.getByRole('heading', { name: 'That was too much to send' })).toBeVisible()
    if (testInfo.project.use.javaScriptEnabled !== false) await expectNoA11yViolations(page)
    await snap(page, testInfo, 'too-large')
  })
})

test.describe('as the manager', () => {
  test.use({ role: 'manager' })
  test('landing with the Admin menu and the chooser', async ({ page }, testInfo) => {
    await page.goto('/')
    await snap(page, testInfo, 'landing-manager')
    await openMenu(page, 'admin-menu')
    await snap(page, testInfo, 'landing-admin-menu')
    await page.keyboard.press('Escape')
    await page.getByText('Choose this month’s pet').click()
    await snap(page, testInfo, 'landing-potm-chooser')
  })

  test('layout with the Admin dropdown and the profile menu', async ({ page }, testInfo) => {
    await page.goto('/services')
    await page.locator('.nav-links summary').click()
    await snap(page, testInfo, 'layout-admin-menu')
    await openMenu(page, 'profile-menu')
    await snap(page, testInfo, 'layout-profile-menu-manager')
  })
})

test.describe('as the client', () => {
  test.use({ role: 'client' })
  test('landing, and Unauthorized inside the layout', async ({ page }, testInfo) => {
    await page.goto('/')
    await snap(page, testInfo, 'landing-client')
    await page.goto('/users')
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
    await snap(page, testInfo, 'unauthorized')
  })
})
