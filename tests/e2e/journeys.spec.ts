import type { Page } from '@playwright/test'
import {
  apiAddPet,
  apiSignup,
  DEMO_PASSWORD,
  demoEmail,
  expect,
  expectNoA11yViolations,
  ONCE_MORE_IF_RESET,
  snap,
  test,
  uniqueName,
} from './support/fixtures'

// Journeys that land where people expect, with JavaScript on and off:
// where a login lands, My bookings, the error summary of a refused form, the
// Add Pet tap that must not miss.

/** Logs in through the /login page's form (the browser's own post without JavaScript). */
async function logInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log In', exact: true }).click()
}

test('staff land on today’s day sheet after logging in', async ({ page }) => {
  await logInWithForm(page, demoEmail('employee'), DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/bookingsByDate(#error-summary)?$/)
})

test('a client with no pet lands on Manage Pets, asked for a first pet', async ({ page }) => {
  const email = `${uniqueName('first').replace(' ', '.').toLowerCase()}@example.com`
  await apiSignup(page.request, { email, password: 'a-long-password' })
  await page.context().clearCookies()
  await logInWithForm(page, email, 'a-long-password')
  await expect(page).toHaveURL(/\/pets(#error-summary)?$/)
  await expect(page.getByRole('heading', { name: 'No pets!' })).toBeVisible()
  await page.getByRole('link', { name: 'Add your first pet' }).click()
  await expect(page).toHaveURL(/\/pets\/new$/)
})

test('a client with pets lands home, with My bookings in the profile menu', async ({ page }) => {
  await logInWithForm(page, demoEmail('client'), DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/(#error-summary)?$/)
  await page.getByTestId('profile-menu').locator('summary').click()
  await page.getByTestId('profile-menu').getByRole('link', { name: 'My bookings' }).click()
  await expect(page).toHaveURL(/\/my-bookings$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible()
})

test('the Log In dialog over the landing page takes staff to the day sheet @js-only', async ({
  page,
}) => {
  await page.goto('/')
  await page.getByTestId('profile-menu').locator('summary').click()
  await page.getByTestId('profile-menu').getByRole('link', { name: 'Log In' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log In' })
  await dialog.getByLabel('Email').fill(demoEmail('manager'))
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD)
  await dialog.getByRole('button', { name: 'Log In', exact: true }).click()
  await expect(page).toHaveURL(/\/bookingsByDate(#error-summary)?$/)
})

test('the Demo menu logs staff in to the day sheet', async ({ page }) => {
  await page.goto('/')
  await page.getByTestId('demo-menu').locator('summary').click()
  await page.getByRole('button', { name: /Log in as Employee/ }).click()
  await expect(page).toHaveURL(/\/bookingsByDate(#error-summary)?$/)
})

test('My bookings lists stays across pets, upcoming first, and cancels one', async ({
  page,
  newClient,
}, testInfo) => {
  const { user } = await newClient()
  const rex = uniqueName('Rex')
  const tom = uniqueName('Tom')
  const rexId = (await apiAddPet(page.request, rex)).id
  const tomId = (await apiAddPet(page.request, tom, 'cat')).id
  const listed = await page.request.get('/api/services', ONCE_MORE_IF_RESET)
  const { services } = (await listed.json()) as { services: { id: number }[] }
  const book = async (petId: number, from: string, to: string) => {
    const res = await page.request.post('/api/bookings', {
      data: {
        client_id: user.id,
        pet_id: petId,
        booking_type: 'boarding_care',
        drop_off_date: `${from} 10:00:00`,
        pick_up_date: `${to} 10:00:00`,
        services: [services[0].id],
      },
      ...ONCE_MORE_IF_RESET,
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  await book(rexId, '2026-12-20', '2026-12-22')
  await book(tomId, '2026-12-02', '2026-12-04')

  await page.goto('/my-bookings')
  const rows = page.getByRole('table', { name: 'Upcoming bookings' }).getByRole('row')
  await expect(rows.nth(1)).toContainText(tom)
  await expect(rows.nth(2)).toContainText(rex)
  await expect(rows.nth(1).getByRole('link', { name: /Update/ })).toHaveAttribute(
    'href',
    `/bookings/pet/${tomId}?edit`,
  )
  await expectNoA11yViolations(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoA11yViolations(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await snap(page, testInfo, 'my-bookings')

  await rows
    .nth(1)
    .getByRole('link', { name: /Cancel booking/ })
    .click()
  const confirm = page.getByText(`Are you sure you want to cancel the booking of ${tom}?`)
  await expect(confirm).toBeVisible()
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: 'Yes, cancel it' }).click()
  await expect(page.getByText('Booking cancelled.')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Upcoming bookings' })).not.toContainText(tom)
  await expect(page.getByRole('table', { name: 'Upcoming bookings' })).toContainText(rex)
})

test('a refused form opens at a focused error summary that links to each field @no-js-only', async ({
  page,
}, testInfo) => {
  await page.goto('/signup')
  await page.getByLabel('First name', { exact: true }).fill('nova')
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await expect(page).toHaveURL(/\/signup#error-summary$/)
  const summary = page.locator('#error-summary')
  await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible()
  await expect(summary).toBeFocused()
  await expect(summary).toBeInViewport()
  await snap(page, testInfo, 'error-summary-signup')
  await summary.getByRole('link', { name: 'First name must be capitalized' }).click()
  await expect(page.getByLabel('First name', { exact: true })).toBeFocused()
})

test('“Show total” comes back at the total @no-js-only', async ({ page, newClient }) => {
  await newClient()
  const petId = (await apiAddPet(page.request, uniqueName('Dot'))).id
  await page.goto(`/bookings/pet/${petId}`)
  await page.getByRole('button', { name: 'Show total' }).click()
  await expect(page).toHaveURL(/#booking-total$/)
  await expect(page.locator('#booking-total')).toBeInViewport()
})

test('a tap on “Dog” right after opening Add Pet lands, and nothing moves @js-only', async ({
  page,
  newClient,
}) => {
  await newClient()
  await page.goto('/pets')
  await page.getByRole('link', { name: 'Add Pet', exact: true }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Add Pet' })
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused()
  // The rules have arrived (the focus fetched them), so a check on blur would show now.
  await page.waitForLoadState('networkidle')
  // The dialog slides in (dialogs.css): measure once it has come to rest, or the box
  // taken mid-animation differs from the one after the tap by the animation's tail.
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
  const dog = dialog.getByLabel('Dog', { exact: true })
  const before = await dog.boundingBox()
  await page.mouse.click(before!.x + before!.width / 2, before!.y + before!.height / 2)
  await expect(dog).toBeChecked()
  expect(await dog.boundingBox()).toEqual(before)
  await expect(dialog.getByText('Name is required')).toHaveCount(0)
})

test('a menu closes once a link in it has taken you to another page @js-only', async ({ page }) => {
  await logInWithForm(page, demoEmail('client'), DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/(#error-summary)?$/)
  await page.goto('/reviews')
  const menu = page.getByTestId('profile-menu')
  // Hydrated (React has taken over the menu's element), so the link
  // navigates within the app, and the page stays this one document.
  await expect
    .poll(() =>
      menu.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))),
    )
    .toBe(true)
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  await menu.locator('summary').click()
  await expect(menu.locator('.dropdown-menu')).toBeVisible()
  await menu.getByRole('link', { name: 'Manage Pets' }).click()
  await expect(page).toHaveURL(/\/pets$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true)
  await expect(menu.locator('.dropdown-menu')).toBeHidden()
})

test('a menu opened before the page’s scripts arrive stays open once they do @js-only', async ({
  page,
}) => {
  // A slow phone: the page is there and tappable, its scripts are not yet.
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/reviews', { waitUntil: 'commit' })
  const menu = page.getByTestId('profile-menu')
  await menu.locator('summary').click()
  await expect(menu.locator('.dropdown-menu')).toBeVisible()
  release()
  // Hydrated: React has taken over the menu's element.
  await expect
    .poll(() =>
      menu.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))),
    )
    .toBe(true)
  await page.waitForLoadState('networkidle')
  await expect(menu.locator('.dropdown-menu')).toBeVisible()
  // And it is the app's menu now: Esc closes it.
  await menu.locator('summary').focus()
  await page.keyboard.press('Escape')
  await expect(menu.locator('.dropdown-menu')).toBeHidden()
})
