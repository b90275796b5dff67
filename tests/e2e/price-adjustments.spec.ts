import {
  apiAddPet,
  apiBookStay,
  apiLogin,
  demoEmail,
  expect,
  expectNoA11yViolations,
  snap,
  test,
  uniqueName,
} from './support/fixtures'

// A manager adds a line to a stay's price on the pet's page, with JavaScript
// on and off: a refused amount is explained beside the form, a discount with
// its reason shows under the stay with the new total, and the client sees it.

test('a manager discounts a stay on the pet’s page', async ({ page, newClient }, testInfo) => {
  const petName = uniqueName('Pip')
  const { user, password } = await newClient()
  const pet = await apiAddPet(page.request, petName, 'dog')
  const booking = await apiBookStay(page.request, {
    clientId: user.id,
    petId: pet.id,
    dropOff: '2026-12-01 10:00:00',
    pickUp: '2026-12-04 10:00:00',
  })

  await page.context().clearCookies()
  await apiLogin(page.request, demoEmail('manager'))
  await page.goto(`/pets/${pet.id}`)
  const stay = page.locator(`#booking-${booking.id}`)
  await stay.getByText('Adjust the price').click()
  await stay.getByLabel('Amount in dollars').fill('ten')
  await stay.getByLabel('Reason (the client sees it)').fill('Loyal guest')
  await stay.getByRole('button', { name: 'Add to the price' }).click()
  await expect(
    stay.getByText('Amount must be an amount like -40.00 (a discount) or 15.00 (a fee)'),
  ).toBeVisible()

  await stay.getByLabel('Amount in dollars').fill('-20')
  await stay.getByLabel('Reason (the client sees it)').fill('Loyal guest')
  await stay.getByRole('button', { name: 'Add to the price' }).click()
  await expect(stay.getByText('Discount: Loyal guest')).toBeVisible()
  await expect(stay.getByText(`$${(booking.total - 20).toFixed(2)}`)).toBeVisible()
  // The stay's history says who did it.
  await stay.getByText('History (1)').click()
  await expect(stay.getByText(/Price adjusted: −\$20\.00: Loyal guest \(/)).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'price-adjustment-manager')

  await page.context().clearCookies()
  await apiLogin(page.request, user.email, password)
  await page.goto(`/pets/${pet.id}`)
  await expect(stay.getByText('Discount: Loyal guest')).toBeVisible()
  await expect(stay.getByText('Adjust the price')).toHaveCount(0)
  await expect(stay.getByText('History (1)')).toHaveCount(0)
})
