import type { Locator, Page } from '@playwright/test'
import {
  expect,
  expectNoA11yViolations as axeCheck,
  snap,
  test,
  uniqueName,
} from './support/fixtures'

// Reviews journeys, run with JavaScript on and off: a client adds a
// review (the spec's message first), edits it in place (Save / Cancel) and
// deletes it after confirming; a manager deletes anyone's review.

async function expectNoA11yViolations(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return
  await axeCheck(page)
}

const reviewItem = (page: Page, text: string): Locator =>
  page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: text })

const MISSING = 'Please enter both a review and a paws rating.'

/** Paws are radios drawn as paw icons: a person clicks the paw (the radio's label). */
async function choosePaws(scope: Locator, paws: number) {
  await scope.getByTitle(`${paws} out of 5 paws`).click()
  await expect(scope.getByRole('radio', { name: `${paws} out of 5 paws` })).toBeChecked()
}

test('a client adds, edits and deletes a review', async ({
  page,
  newClient,
  javaScriptEnabled,
}, testInfo) => {
  test.slow() // many steps, each checked with axe and screenshots
  const { user } = await newClient()
  await page.goto('/reviews')
  const add = page.locator('#add-review')
  await expect(add.getByRole('heading', { name: 'Add a Review' })).toBeVisible()

  // Nothing chosen: the spec's alert.
  await add.getByRole('button', { name: 'Add Review' }).click()
  await expect(add.getByText(MISSING).first()).toBeVisible()
  await expectNoA11yViolations(page)

  // Text exactly as typed: markup shows as text.
  const text = `${uniqueName('Loved it')} <b>not bold</b>`
  await add.getByLabel('Your review').fill(text)
  await choosePaws(add, 4)
  await add.getByRole('button', { name: 'Add Review' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your review was added' })).toBeVisible()
  const item = reviewItem(page, text)
  await expect(item).toHaveCount(1)
  await expect(item.getByText('4 out of 5 paws')).toBeAttached()
  await expect(item.getByText(user.username)).toBeVisible()
  await expect(item.locator('b')).toHaveCount(0)
  await expect(add.getByLabel('Your review')).toHaveValue('')
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'reviews-client')

  // Edit, then Cancel: nothing changes.
  await item.getByRole('link', { name: 'Edit your review' }).click()
  const editor = page
    .getByRole('list', { name: 'Reviews' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Edit your review' }) })
  await expect(editor.getByLabel('Your review')).toHaveValue(text)
  await expect(editor.getByLabel('Your review')).toBeFocused()
  if (javaScriptEnabled) await expect(page).not.toHaveURL(/edit=/)
  else await expect(page).toHaveURL(/\?edit=\d+/)
  await expectNoA11yViolations(page)
  await editor.getByRole('link', { name: 'Cancel' }).click()
  await expect(item.getByRole('link', { name: 'Edit your review' })).toBeVisible()
  if (javaScriptEnabled)
    await expect(item.getByRole('link', { name: 'Edit your review' })).toBeFocused()

  // Edit and Save: an empty text is refused, then the new text and paws show.
  await item.getByRole('link', { name: 'Edit your review' }).click()
  await editor.getByLabel('Your review').fill('')
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(editor.getByText(MISSING).first()).toBeVisible()
  const edited = `${text} (edited)`
  await editor.getByLabel('Your review').fill(edited)
  await choosePaws(editor, 2)
  await editor.getByRole('button', { name: 'Save' }).click()
  const updated = reviewItem(page, edited)
  await expect(updated.getByText('2 out of 5 paws')).toBeAttached()
  await expect(page.getByRole('heading', { name: 'Edit your review' })).toHaveCount(0)
  // Without JavaScript the form posted to #error-summary, which the browser keeps
  // across the redirect (decision 020).
  await expect(page).toHaveURL(/\/reviews(#error-summary)?$/)

  // Delete after confirming.
  await updated.getByRole('link', { name: 'Delete' }).click()
  const question = 'Are you sure you want to delete this review?'
  if (javaScriptEnabled) {
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText(question)
    await expectNoA11yViolations(page)
    await dialog.getByRole('button', { name: 'Yes, delete' }).click()
  } else {
    await expect(updated.getByText(question)).toBeVisible()
    await updated.getByRole('button', { name: 'Yes, delete' }).click()
  }
  await expect(reviewItem(page, edited)).toHaveCount(0)
})

test('a manager deletes a client’s review; staff get no add form', async ({
  page,
  newClient,
  loginAs,
  javaScriptEnabled,
}) => {
  const { user } = await newClient()
  const text = uniqueName('Decent stay')
  const res = await page.request.post('/api/reviews', { data: { review: text, paws: 3 } })
  expect(res.status()).toBe(201)

  await loginAs('manager')
  await page.goto('/reviews')
  await expect(page.locator('#add-review')).toHaveCount(0)
  const item = reviewItem(page, text)
  await expect(item.getByRole('link', { name: 'Edit your review' })).toHaveCount(0)
  await item.getByRole('link', { name: `Delete review by ${user.username}` }).click()
  if (javaScriptEnabled)
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click()
  else await item.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(reviewItem(page, text)).toHaveCount(0)
})

test('a logged-out visitor reads reviews and is invited to log in', async ({ page }) => {
  await page.goto('/reviews')
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first(),
  ).toBeVisible()
  await expect(page.locator('#add-review')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Delete|Edit/ })).toHaveCount(0)
  await expectNoA11yViolations(page)
})
