import { expect, expectNoA11yViolations, ONCE_MORE_IF_RESET, snap, test } from './support/fixtures'

// A manager extends a stay that is under way, with JavaScript on and off:
// the demo dog Shadow arrived two days ago and goes home on Thursday; the
// manager moves the pick-up to Friday from the pet's booking page. (Both
// projects set the same pick-up, so the journey can run twice.) The clock is
// pinned to Monday 23 November 2026, 10:00 in New York.

test.use({ role: 'manager' })

test('a manager extends a stay under way from the booking page', async ({ page }, testInfo) => {
  const { Pets } = (await (await page.request.get('/api/pets', ONCE_MORE_IF_RESET)).json()) as {
    Pets: { id: number; name: string }[]
  }
  const shadow = Pets.find((p) => p.name === 'Shadow')!
  await page.goto(`/bookings/pet/${shadow.id}`)
  await expect(page.getByText('Under way: extend or shorten it')).toBeVisible()
  await page.getByRole('link', { name: 'Change this stay' }).click()

  const form = page.locator('form#change-stay')
  await expect(form.getByText('Dropped off Sat, Nov 21, 2026, 10:00 AM.')).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'started-stay-change')

  // A pick-up already gone by is refused with its message.
  await form.getByLabel('Pick-Up Date').fill('2026-11-23')
  await form.getByLabel('Pick-Up Time').selectOption('09:00')
  await form.getByRole('button', { name: 'Save changes to the stay' }).click()
  await expect(
    page.locator('#change-stay-pick_up_time-error').getByText('Pick-up must be later than now'),
  ).toBeVisible()
  await expectNoA11yViolations(page)

  await form.getByLabel('Pick-Up Date').fill('2026-11-27')
  await form.getByLabel('Pick-Up Time').selectOption('11:00')
  await form.getByRole('button', { name: 'Save changes to the stay' }).click()
  await expect(
    page.getByText('The stay was changed. Its nights and services keep the prices'),
  ).toBeVisible()
  await expect(page.getByText('Fri, Nov 27, 2026, 11:00 AM')).toBeVisible()
})
