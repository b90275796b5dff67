import type { Locator, Page } from '@playwright/test'
import {
  expect,
  expectNoA11yViolations as axeCheck,
  ONCE_MORE_IF_RESET,
  snap,
  test,
  uniqueName,
} from './support/fixtures'

// Services journeys, run with JavaScript on and off: the public list,
// and a manager creating (a validation error first), updating and deleting a
// service with its confirmation.

// axe runs inside the page, so it needs JavaScript; the markup it checks is the
// same server-rendered HTML in both projects.
async function expectNoA11yViolations(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return
  await axeCheck(page)
}

const serviceCard = (page: Page, name: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })

test('anyone sees the services with name, price and staff, and no admin controls', async ({
  page,
}) => {
  await page.goto('/services')
  await expect(page.getByRole('heading', { name: 'Our Services', level: 1 })).toBeVisible()
  const cards = page.getByRole('list', { name: 'Services' }).getByRole('listitem')
  await expect(cards.first()).toBeVisible()
  await expect(cards.first().getByText(/^\$\d+\.\d{2}$/)).toBeVisible()
  await expect(page.getByRole('link', { name: /^Update / })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Create a Service' })).toHaveCount(0)
  await expectNoA11yViolations(page)
})

test.describe('as a manager', () => {
  test.use({ role: 'manager' })

  test('creates (a validation error first), updates and deletes a service', async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.slow() // many steps, each checked with axe and screenshots
    const name = uniqueName('Pawdicure')
    await page.goto('/services')
    const create = page.locator('#create-service')
    await expect(create.getByRole('heading', { name: 'Create a Service' })).toBeVisible()

    // Nothing filled in: the rules' messages under their fields.
    await create.getByRole('button', { name: 'Create Service' }).click()
    await expect(create.getByText('Service name is required').last()).toBeVisible()
    await expect(create.getByText('Price is required').last()).toBeVisible()
    await expect(create.getByLabel('Service Name')).toHaveAttribute('aria-invalid', 'true')
    await expectNoA11yViolations(page)

    // A price with three decimals is refused too (as you type with JS, on submit without).
    await create.getByLabel('Service Name').fill(name)
    await create.getByLabel('Price').fill('12.505')
    await create.getByRole('button', { name: 'Create Service' }).click()
    await expect(
      create.getByText('Price must be a positive number with at most 2 decimals').last(),
    ).toBeVisible()

    await create.getByLabel('Service Name').fill(name)
    await create.getByLabel('Price').fill('12.50')
    const staffBox = create.getByRole('group', { name: 'Staff' }).getByRole('checkbox').first()
    const staffLabel = (
      await create.getByRole('group', { name: 'Staff' }).locator('label').first().innerText()
    ).replace(/ \(.*\)$/, '')
    await staffBox.check()
    await create.getByRole('button', { name: 'Create Service' }).click()

    await expect(page.getByRole('status').filter({ hasText: 'Service created.' })).toBeVisible()
    const card = serviceCard(page, name)
    await expect(card.getByText('$12.50')).toBeVisible()
    await expect(card.getByText(staffLabel)).toBeVisible()
    // The create form is empty again for the next one.
    await expect(create.getByLabel('Service Name')).toHaveValue('')
    await snap(page, testInfo, 'services-manager')

    // A second service with the same name (any case) is refused.
    await create.getByLabel('Service Name').fill(name.toUpperCase())
    await create.getByLabel('Price').fill('3')
    await create.getByRole('button', { name: 'Create Service' }).click()
    await expect(create.getByText('A service with this name already exists').last()).toBeVisible()
    await expect(create.getByText('Could not create new service')).toBeVisible()

    // Update in place of the card.
    await card.getByRole('link', { name: `Update ${name}` }).click()
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\?edit=\d+/)
    const edit = card.getByRole('region', { name: `Update ${name}` })
    await expect(edit.getByLabel('Service Name')).toHaveValue(name)
    await expect(edit.getByLabel('Price')).toHaveValue('12.50')
    await expect(edit.getByRole('checkbox', { name: new RegExp(staffLabel) })).toBeChecked()
    await expectNoA11yViolations(page)
    await edit.getByLabel('Price').fill('0')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(
      edit.getByText('Price must be a positive number with at most 2 decimals').last(),
    ).toBeVisible()
    await edit.getByLabel('Price').fill('15')
    await edit.getByRole('checkbox', { name: new RegExp(staffLabel) }).uncheck()
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/services(#error-summary)?$/)
    await expect(card.getByText('$15.00')).toBeVisible()
    await expect(card.getByText('No staff assigned')).toBeVisible()

    // Delete, after confirming.
    await card.getByRole('link', { name: 'Delete' }).click()
    const question = `Are you sure you want to delete the service “${name}”?`
    if (javaScriptEnabled) {
      const dialog = page.getByRole('alertdialog')
      await expect(dialog).toContainText(question)
      await expectNoA11yViolations(page)
      // Cancel first: nothing happens.
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(dialog).toHaveCount(0)
      await expect(card).toBeVisible()
      await card.getByRole('link', { name: 'Delete' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click()
    } else {
      await expect(card.getByText(question)).toBeVisible()
      await card.getByRole('button', { name: 'Yes, delete' }).click()
    }
    await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0)
    await expect(page).toHaveURL(/\/services$/)
  })
})

test('a client sees the list without admin controls, and the API refuses its writes', async ({
  page,
  newClient,
}) => {
  await newClient()
  await page.goto('/services')
  await expect(page.getByRole('link', { name: /^Update / })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Delete' })).toHaveCount(0)
  const res = await page.request.post('/services', {
    form: { intent: 'create', service: 'Sneaky', price: '1' },
    ...ONCE_MORE_IF_RESET,
  })
  expect(res.status()).toBe(403)
})
