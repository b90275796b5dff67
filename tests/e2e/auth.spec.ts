import type { Page } from '@playwright/test'
import {
  apiSignup,
  DEMO_PASSWORD,
  demoEmail,
  expect,
  ONCE_MORE_IF_RESET,
  test,
} from './support/fixtures'

// Accounts in the browser, in both projects (JavaScript on and off): sign up,
// log in and out, demo login, and the logged-out redirect from /pets.

const profileButton = (page: Page) => page.getByTestId('profile-menu').locator('summary')

async function openProfile(page: Page) {
  await profileButton(page).click()
  await expect(page.getByTestId('profile-menu').locator('.dropdown-menu')).toBeVisible()
}

async function fillSignup(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: true }).fill(value)
}

test('sign up: a validation error first, then success', async ({ page }) => {
  const tag = `${Date.now().toString(36)}${test.info().project.name.replace('-', '')}`
  await page.goto('/signup')
  await expect(page.getByRole('heading', { name: 'Sign Up', level: 1 })).toBeVisible()
  await fillSignup(page, {
    'First name': 'nova',
    'Last name': 'Walker',
    Username: `nova_${tag}`,
    Email: `nova-${tag}@example.com`,
    Password: 'a-long-password',
    'Confirm Password': 'a-different-password',
    'Phone number': '555123456',
    Address: '7 harbor Road',
    City: 'Portland',
    State: 'Maine',
    'Zip code': '04101',
  })
  await page.getByRole('button', { name: 'Sign Up' }).click()

  // Each signup rule’s message under its field, tied to it for assistive technology.
  const firstName = page.getByLabel('First name', { exact: true })
  // In the error summary and under the field.
  await expect(page.getByText('First name must be capitalized').last()).toBeVisible()
  await expect(firstName).toHaveAttribute('aria-invalid', 'true')
  await expect(firstName).toHaveAccessibleDescription(/First name must be capitalized/)
  await expect(page.getByText('Phone number must be 10 digits long').last()).toBeVisible()
  await expect(page.getByText('All first letters must be capitalized').last()).toBeVisible()
  await expect(
    page.getByText('Confirm Password field must be the same as the Password field').last(),
  ).toBeVisible()
  // Refused without JavaScript: the page comes back at its error summary.
  await expect(page).toHaveURL(/\/signup(#error-summary)?$/)

  await fillSignup(page, {
    'First name': 'Nova',
    'Phone number': '5551234567',
    Address: '7 Harbor Road',
    // Passwords are never sent back to the browser, so they are typed again.
    Password: 'a-long-password',
    'Confirm Password': 'a-long-password',
  })
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page).toHaveURL(/\/(#error-summary)?$/) // the no-JS form's fragment stays on
  await expect(page.getByRole('heading', { name: 'Welcome back, Nova!' })).toBeVisible()
  await openProfile(page)
  await expect(page.getByText(`nova-${tag}@example.com`)).toBeVisible()
})

test('sign up: server errors show under email and username with a general message', async ({
  page,
}) => {
  await page.goto('/signup')
  await fillSignup(page, {
    'First name': 'Casey',
    'Last name': 'Again',
    Username: 'demo-client',
    Email: 'DEMO-client@example.com',
    Password: 'a-long-password',
    'Confirm Password': 'a-long-password',
    'Phone number': '5551234567',
    Address: '12 Main Street',
    City: 'Springfield',
    State: 'Vermont',
    'Zip code': '05156',
  })
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Signup failed' })).toBeVisible()
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
    'Email address is already in use.',
  )
  await expect(page.getByLabel('Username', { exact: true })).toHaveAccessibleDescription(
    'Username is already in use.',
  )
})

test('log in (a wrong password first) and log out', async ({ page, request }) => {
  // A client of our own, signed up through the API in a separate cookie jar.
  const { user, password } = await apiSignup(request)
  await page.goto('/login')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Log In' }).click()
  // One message, above the form (not under each field as well).
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible()
  await expect(page.getByText('Invalid email or password')).toHaveCount(1)
  await expect(page.getByLabel('Password')).not.toHaveAccessibleDescription(
    'Invalid email or password',
  )
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log In' }).click()
  // A client with no pet yet lands on Manage Pets (without JavaScript the form's #error-summary stays on).
  await expect(page).toHaveURL(/\/pets(#error-summary)?$/)
  await expect(profileButton(page)).toContainText(user.username)

  await openProfile(page)
  await expect(
    page.getByTestId('profile-menu').getByRole('link', { name: 'Manage Pets' }),
  ).toBeVisible()
  await expect(
    page.getByTestId('profile-menu').getByRole('link', { name: 'View Daily Bookings' }),
  ).toHaveCount(0) // clients are not staff
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page).toHaveURL(/\/$/)
  // We were on / already: wait for the logged-out page, not just the URL.
  await expect(profileButton(page)).not.toContainText(user.username)
  await openProfile(page)
  await expect(page.getByTestId('profile-menu').getByRole('link', { name: 'Log In' })).toBeVisible()
  await expect(
    page.getByTestId('profile-menu').getByRole('link', { name: 'Sign Up' }),
  ).toBeVisible()
  // The session is really gone on the server.
  expect((await page.request.get('/api/auth/', ONCE_MORE_IF_RESET)).status()).toBe(401)
})

test('Log In from the profile menu brings you back to the page you were on', async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto('/services')
  await openProfile(page)
  await page.getByTestId('profile-menu').getByRole('link', { name: 'Log In' }).click()
  if (javaScriptEnabled) {
    // With JavaScript: a real modal dialog over the page.
    const dialog = page.getByRole('dialog', { name: 'Log In' })
    await expect(dialog).toBeVisible()
    await expect(page).toHaveURL(/\/services$/)
    await expect(dialog.getByLabel('Email')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(profileButton(page)).toBeFocused()
    await openProfile(page)
    await page.getByTestId('profile-menu').getByRole('link', { name: 'Log In' }).click()
  } else {
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fservices$/)
  }
  await page.getByLabel('Email').fill('demo-employee@example.com')
  await page.getByLabel('Password').fill('password')
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page).toHaveURL(/\/services(#error-summary)?$/)
  await expect(profileButton(page)).toContainText('demo-employee')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await openProfile(page)
  await expect(
    page.getByTestId('profile-menu').getByRole('link', { name: 'View Daily Bookings' }),
  ).toBeVisible() // staff
})

test('Sign Up from the profile menu (dialog with JavaScript, page without)', async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto('/reviews')
  await openProfile(page)
  await page.getByTestId('profile-menu').getByRole('link', { name: 'Sign Up' }).click()
  if (javaScriptEnabled) await expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeVisible()
  else await expect(page.getByRole('heading', { name: 'Sign Up', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page.getByText('First name is required').last()).toBeVisible()
})

test('demo login in one click', async ({ page }) => {
  await page.goto('/')
  await page.getByTestId('demo-menu').locator('summary').click()
  await page.getByRole('button', { name: /Log in as Manager/ }).click()
  // Staff land on today's day sheet.
  await expect(page).toHaveURL(/\/bookingsByDate$/)
  await expect(profileButton(page)).toContainText('demo-manager')
  await page.goto('/')
  await expect(page.getByTestId('demo-menu')).toHaveCount(0) // no demo menu once logged in
  await page.getByTestId('admin-menu').locator('summary').click()
  await expect(page.getByRole('link', { name: 'Manage Users' })).toBeVisible()
})

test('demo login from the shared layout stays on the page', async ({ page }) => {
  await page.goto('/services')
  await page.getByTestId('demo-menu').locator('summary').click()
  await page.getByRole('button', { name: /Log in as Employee/ }).click()
  await expect(page).toHaveURL(/\/services$/)
  await expect(profileButton(page)).toContainText('demo-employee')
})

test('a logged-out visitor is sent from /pets to the landing page, and back after logging in', async ({
  page,
}) => {
  await page.goto('/pets')
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fpets$/)
  await expect(page.getByRole('heading', { name: /Welcome to/ })).toBeVisible()
  const notice = page.locator('.alert', { hasText: 'Log in to book a reservation' })
  await expect(notice).toBeVisible()
  await notice.getByRole('link', { name: 'Log In' }).click()
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpets$/)
  await page.getByLabel('Email').fill(demoEmail('client'))
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log In', exact: true }).click()
  // Without JavaScript the form's #error-summary stays on across the redirect.
  await expect(page).toHaveURL(/\/pets(#error-summary)?$/)
  await expect(page.getByRole('heading', { name: 'Manage Pets' })).toBeVisible()
})

test('logged in, /login and /signup send you home', async ({ page, loginAs }) => {
  await loginAs('client')
  await page.goto('/login')
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/signup?redirectTo=%2Freviews')
  await expect(page).toHaveURL(/\/reviews$/)
})
