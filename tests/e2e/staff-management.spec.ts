import type { APIRequestContext, Page } from '@playwright/test'
import {
  apiSignup,
  expect,
  expectNoA11yViolations,
  ONCE_MORE_IF_RESET,
  snap,
  test,
  uniqueName,
} from './support/fixtures'

// Staff management journeys, with JavaScript on and off: the Owner invites a
// new employee from /users, the invitee opens the link from the mail (read
// from the development mailbox, as the Owner would), sets a password and
// lands on the day sheet; the Owner deactivates a client, whose session ends.

/** axe at a phone's width and a desktop's. */
async function axeAtBothWidths(page: Page) {
  const original = page.viewportSize()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 })
    await expectNoA11yViolations(page)
  }
  if (original) await page.setViewportSize(original)
}

/** The invitation link mailed to `email`, from the development mailbox (/admin/outbox). */
async function invitationLink(request: APIRequestContext, email: string) {
  const list = await (await request.get('/admin/outbox', ONCE_MORE_IF_RESET)).text()
  const row = list.split('<tr').find((r) => r.includes(email))
  const id = /\/admin\/outbox\/(\d+)/.exec(row ?? '')?.[1]
  expect(id, `a message to ${email} in the mailbox`).toBeTruthy()
  const message = await (await request.get(`/admin/outbox/${id}`, ONCE_MORE_IF_RESET)).text()
  const link = /https?:\/\/[^"'\s<]+\/invitation\?token=[A-Za-z0-9_-]+/.exec(message)?.[0]
  expect(link, 'the invitation link').toBeTruthy()
  return new URL(link!).pathname + new URL(link!).search
}

test.describe('as the owner', () => {
  test.use({ role: 'owner' })

  test('invite → open the link → set a password → the new employee lands on the day sheet', async ({
    page,
  }, testInfo) => {
    const tag = uniqueName('Ivy').split(' ')[1].toLowerCase()
    const email = `ivy.${tag}@example.com`
    await page.goto('/users')
    await expect(page.getByRole('heading', { name: 'Active Users', level: 1 })).toBeVisible()
    const invite = page.getByRole('region', { name: 'Invite a staff member' })
    await invite.getByLabel('First name').fill('Ivy')
    await invite.getByLabel('Last name').fill('Newhire')
    await invite.getByLabel('Email').fill(email)
    await invite.getByLabel('Position').selectOption('Employee')
    await invite.getByRole('button', { name: 'Send invitation' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Invitation sent.' })).toBeVisible()
    await axeAtBothWidths(page)
    await snap(page, testInfo, 'users-admin')

    const link = await invitationLink(page.request, email)
    await page.context().clearCookies()
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Join the staff', level: 1 })).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue(email)
    await axeAtBothWidths(page)
    await snap(page, testInfo, 'invitation')

    await page.getByLabel('Username').fill(`ivy_${tag}`)
    await page.getByLabel('Password', { exact: true }).fill('a-long-password')
    await page.getByLabel('Confirm Password').fill('a-long-password')
    await page.getByLabel('Phone number').fill('5551230000')
    await page.getByLabel('Address').fill('9 Kennel Lane')
    await page.getByLabel('City').fill('Portland')
    await page.getByLabel('State').fill('Maine')
    await page.getByLabel('Zip code').fill('04101')
    await page.getByRole('button', { name: 'Set up my account' }).click()
    await expect(page).toHaveURL(/\/bookingsByDate(#error-summary)?$/)
    const me = await (await page.request.get('/api/auth', ONCE_MORE_IF_RESET)).json()
    expect(me).toMatchObject({ email, staff: true, position: 'Employee' })

    // The link works once.
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Invitation not valid' })).toBeVisible()
  })

  test('deactivate a client: their session ends and they move to Deactivated', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const browser = await playwright.request.newContext({ baseURL })
    const { user } = await apiSignup(browser, { fname: 'Dexter', lname: 'Gone' })
    expect((await browser.get('/api/auth')).status()).toBe(200)

    await page.goto(`/users?q=${encodeURIComponent(user.email)}`)
    const clients = page.getByRole('region', { name: 'Clients' })
    await clients.getByRole('link', { name: 'Deactivate' }).click()
    await page.getByRole('button', { name: 'Yes, deactivate' }).click()
    await expect(page.getByText('Account deactivated; its sessions have ended.')).toBeVisible()
    const deactivated = page.getByRole('region', { name: 'Deactivated' })
    await expect(deactivated.getByRole('rowheader', { name: /Dexter Gone/ })).toBeVisible()
    await expect(deactivated.getByText(/Deactivated .*by /)).toBeVisible()
    await expect(clients.getByRole('rowheader', { name: /Dexter Gone/ })).toHaveCount(0)
    await axeAtBothWidths(page)

    expect((await browser.get('/api/auth')).status()).toBe(401)
    await browser.dispose()
  })
})
