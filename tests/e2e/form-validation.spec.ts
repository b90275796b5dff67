import type { Page, Response } from '@playwright/test'
import { expect, test } from './support/fixtures'

// Form validation in the browser comes with the first touch of a form, not
// with the page (its code is a large part of what a page would otherwise
// load): until then the server checks every submit. Fields are checked when
// the form is submitted, not as they are left (a message appearing on blur
// moves the controls under the finger), and from then on as you type.

const RULE = 'First name must be capitalized' // one of the signup schema's messages

/** The text of every script the page fetched, as it arrives. */
function watchScripts(page: Page) {
  const scripts: Promise<string>[] = []
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text())
  })
  return async () => Promise.all(scripts)
}

test('the signup rules arrive when the form is first touched, check on submit, then as you type @js-only', async ({
  page,
}) => {
  const scripts = watchScripts(page)
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })

  await page.goto('/services')
  await page.waitForLoadState('networkidle')
  expect((await scripts()).some((text) => text.includes(RULE))).toBe(false)

  // Opening the dialog puts focus in the form: the rules are fetched then.
  await page.getByTestId('profile-menu').locator('summary').click()
  await page.getByTestId('profile-menu').getByRole('link', { name: 'Sign Up' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign Up' })
  const firstName = dialog.getByLabel('First name', { exact: true })
  await firstName.fill('nova')
  await dialog.getByLabel('Last name', { exact: true }).focus()
  await expect.poll(async () => (await scripts()).some((text) => text.includes(RULE))).toBe(true)
  // Leaving a field says nothing yet: nothing moves under the pointer.
  await expect(dialog.getByText(RULE)).toHaveCount(0)
  await expect(firstName).not.toHaveAttribute('aria-invalid', 'true')

  // Submitted, every field is checked, in the browser: nothing is posted.
  await dialog.getByRole('button', { name: 'Sign Up' }).click()
  await expect(dialog.getByText(RULE).first()).toBeVisible()
  await expect(firstName).toHaveAccessibleDescription(RULE)
  await expect(firstName).toBeFocused()

  // From then on, as you type: fixed, the message goes; broken again, it comes back.
  await firstName.fill('Nova')
  await expect(firstName).not.toHaveAttribute('aria-invalid', 'true')
  await expect(firstName).not.toHaveAccessibleDescription(RULE)
  await firstName.fill('nova')
  await expect(firstName).toHaveAccessibleDescription(RULE)
  expect(posts).toEqual([])
})

test('a field typed in after a refused submit, before its rules arrive, is checked once they do @js-only', async ({
  page,
}) => {
  // From a point on, hold every script the page asks for until released.
  let holding = false
  let pending = 0 // scripts asked for and not yet answered
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    pending += 1
    try {
      // Only the browser's validation code: the route modules a submit needs still come.
      if (holding && /\/form-validation-[^/]*\.js$/.test(route.request().url())) await released
      await route.continue()
    } finally {
      pending -= 1
    }
  })
  await page.goto('/services')
  await page.waitForLoadState('networkidle')
  await page.getByTestId('profile-menu').locator('summary').click()
  const logIn = page.getByTestId('profile-menu').getByRole('link', { name: 'Log In' })
  // Hovering fetches the dialog itself (and the chunks it needs, asked for
  // alongside it), not the rules of its form. Wait for all of them to arrive:
  // a second waitForLoadState('networkidle') would return at once.
  const dialogChunk = page.waitForResponse((response) =>
    /\/assets\/auth-dialog-[^/]*\.js$/.test(response.url()),
  )
  await logIn.hover()
  await dialogChunk
  await expect.poll(() => pending).toBe(0)
  holding = true
  await logIn.click()

  const dialog = page.getByRole('dialog', { name: 'Log In' })
  const email = dialog.getByLabel('Email')
  // No rules here yet: the submit goes to the server, which answers with the same messages.
  await dialog.getByRole('button', { name: 'Log In' }).click()
  await expect(dialog.getByText('Email is required').first()).toBeVisible()
  await email.fill('not-an-email')
  await dialog.getByLabel('Password').focus()
  // Nothing to check with yet.
  await expect(dialog.getByText('Please enter a valid email address')).toHaveCount(0)
  release()
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
})
