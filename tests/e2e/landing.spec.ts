import { apiSignup, expect, ONCE_MORE_IF_RESET, test } from './support/fixtures'

// The landing page for each kind of visitor, JavaScript on and off.

test('logged out: banner, welcome, main links, top reviews, demo menu', async ({
  page,
  request,
}) => {
  // A five-paw review of our own: the newest of the best comes first.
  const { user } = await apiSignup(request)
  const text = `Wonderful stay ${Date.now().toString(36)} ${test.info().project.name}`
  const review = { review: text, paws: 5 }
  const posted = await request.post('/api/reviews', { data: review, ...ONCE_MORE_IF_RESET })
  expect(posted.status()).toBe(201)

  await page.goto('/')
  await expect(page.getByRole('img', { name: 'Whiskers & Wags logo' })).toBeVisible()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to Whiskers & Wags' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse Our Services' })).toHaveAttribute(
    'href',
    '/services',
  )
  await expect(page.getByRole('link', { name: 'Book a Reservation', exact: true })).toHaveAttribute(
    'href',
    '/pets',
  )
  await expect(page.getByRole('link', { name: 'See All Reviews' })).toHaveAttribute(
    'href',
    '/reviews',
  )
  await expect(page.getByTestId('demo-menu')).toBeVisible()
  await expect(page.getByTestId('admin-menu')).toHaveCount(0)

  const reviews = page.getByRole('region', { name: 'Top Reviews' }).getByRole('listitem')
  const ours = reviews.filter({ hasText: text })
  await expect(ours).toBeVisible()
  await expect(ours).toContainText(user.username)
  await expect(ours).toContainText('5 out of 5 paws')
  expect(await reviews.count()).toBeLessThanOrEqual(4)

  await page.getByRole('link', { name: 'See All Reviews' }).click()
  await expect(page).toHaveURL(/\/reviews$/)
})

test('Book a Reservation takes a client to Manage Pets', async ({ page, loginAs }) => {
  await loginAs('client')
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible()
  await expect(page.getByTestId('admin-menu')).toHaveCount(0)
  await expect(page.getByTestId('demo-menu')).toHaveCount(0)
  await page.getByRole('link', { name: 'Book a Reservation', exact: true }).click()
  await expect(page).toHaveURL(/\/pets$/)
})

test('an employee has no Admin menu and no chooser', async ({ page, loginAs }) => {
  await loginAs('employee')
  await page.goto('/')
  await expect(page.getByTestId('admin-menu')).toHaveCount(0)
  await expect(page.getByText('Choose this month’s pet')).toHaveCount(0)
})

test.describe('as the owner', () => {
  test.use({ role: 'owner' })

  test('the Admin menu links to services, users and bookings', async ({ page }) => {
    await page.goto('/')
    await page.getByTestId('admin-menu').locator('summary').click()
    const menu = page.getByTestId('admin-menu')
    await expect(menu.getByRole('link', { name: 'Manage Services' })).toHaveAttribute(
      'href',
      '/services',
    )
    await expect(menu.getByRole('link', { name: 'Manage Users' })).toHaveAttribute('href', '/users')
    await expect(menu.getByRole('link', { name: 'Manage Bookings' })).toHaveAttribute(
      'href',
      '/bookings',
    )
    await menu.getByRole('link', { name: 'Manage Users' }).click()
    await expect(page).toHaveURL(/\/users$/)
  })

  test('the Pet of the Month chooser asks for a pet', async ({ page }) => {
    await page.goto('/')
    await page.getByText('Choose this month’s pet').click()
    await page.getByRole('button', { name: 'Save Pet of the Month' }).click()
    await expect(page.getByText('Please choose a pet').last()).toBeVisible()
    await expect(page.getByLabel('Pet', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  })
})

test.describe('as the manager', () => {
  test.use({ role: 'manager' })

  // @js-only: the month's choice is shared by both projects' runs, so only one
  // project changes it (the no-JS form is the same plain POST, covered by
  // tests/api/pet-of-the-month.test.ts and the validation test above).
  test('chooses the Pet of the Month with a note, then goes back to the automatic choice @js-only', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByText('Choose this month’s pet').click()
    const select = page.getByLabel('Pet', { exact: true })
    const option = select.locator('option').nth(1)
    const label = (await option.textContent())!
    const name = label.replace(/ \(.*$/, '')
    await select.selectOption({ label })
    const note = `Charmed every walker ${Date.now().toString(36)}`
    await page.getByLabel('Note').fill(note)
    await page.getByRole('button', { name: 'Save Pet of the Month' }).click()

    const block = page.getByRole('region', { name: 'Pet of the Month' })
    await expect(block.getByRole('heading', { level: 3, name })).toBeVisible()
    await expect(block).toContainText(note)

    await page.getByText('Choose this month’s pet').click()
    await page.getByRole('button', { name: 'Use the most booked pet instead' }).click()
    await expect(block).not.toContainText(note)
  })
})
