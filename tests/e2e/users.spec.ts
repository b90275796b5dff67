import type { Page } from '@playwright/test'
import { expect, expectNoA11yViolations as axeCheck, snap, test } from './support/fixtures'

// The users page, with JavaScript on and off: the Owner and Managers
// see Active Users by group; everyone else sees 'Unauthorized' (403).

async function expectNoA11yViolations(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return
  await axeCheck(page)
}

test.describe('as a client', () => {
  test.use({ role: 'client' })
  test('a client sees Unauthorized on /users', async ({ page }) => {
    const res = await page.goto('/users')
    expect(res?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Unauthorized', level: 1 })).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
    await expectNoA11yViolations(page)
  })
})

test.describe('as an employee', () => {
  test.use({ role: 'employee' })
  test('an employee sees Unauthorized too', async ({ page }) => {
    const res = await page.goto('/users')
    expect(res?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
  })
})

test('a logged-out visitor sees Unauthorized', async ({ page }) => {
  const res = await page.goto('/users')
  expect(res?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
})

test.describe('as the owner', () => {
  test.use({ role: 'owner' })
  test('the owner sees Active Users grouped by role', async ({ page }, testInfo) => {
    await page.goto('/users')
    await expect(page.getByRole('heading', { name: 'Active Users', level: 1 })).toBeVisible()
    for (const group of ['Clients', 'Employees', 'Managers', 'Owner']) {
      await expect(page.getByRole('heading', { name: group, level: 2 })).toBeVisible()
    }
    const inGroup = (group: string) => page.getByRole('region', { name: group })
    await expect(
      inGroup('Clients').getByRole('cell', { name: 'demo-client', exact: true }),
    ).toBeVisible()
    await expect(
      inGroup('Employees').getByRole('cell', { name: 'demo-employee', exact: true }),
    ).toBeVisible()
    await expect(
      inGroup('Managers').getByRole('cell', { name: 'demo-manager', exact: true }),
    ).toBeVisible()
    await expect(
      inGroup('Owner').getByRole('cell', { name: 'demo-owner', exact: true }),
    ).toBeVisible()
    await expect(
      inGroup('Clients').getByRole('cell', { name: 'demo-manager', exact: true }),
    ).toHaveCount(0)
    await expectNoA11yViolations(page)
    await snap(page, testInfo, 'users-owner')
  })
})
