import {
  apiAddPet,
  apiLogin,
  demoEmail,
  expect,
  expectNoA11yViolations,
  ONCE_MORE_IF_RESET,
  photo,
  snap,
  test,
  uniqueName,
} from './support/fixtures'

// A client books a stay for a dog with no vaccinations on record, with
// JavaScript on and off: the booking says what is missing and links to the
// pet's Vaccinations section; a record with a date in the future is refused
// with its message; the three required vaccines are added; the booking then
// lacks nothing, and the front desk sees the records still to verify and
// verifies one. The clock is pinned to Monday 23 November 2026, 10:00 New York.

test('add the missing vaccinations after booking, and staff verify one', async ({
  page,
  newClient,
}, testInfo) => {
  const petName = uniqueName('Juniper')
  await newClient()
  const pet = await apiAddPet(page.request, petName, 'dog')

  // Book through the page: Boarding Care from Tuesday to Thursday.
  await page.goto(`/bookings/pet/${pet.id}`)
  const form = page.locator('form#create-booking')
  await form.getByLabel(/Boarding Care/).check()
  await form.getByLabel('Drop-Off Date').fill('2026-11-24')
  await form.getByLabel('Pick-Up Date').fill('2026-11-26')
  await form.getByLabel('Drop-Off Time').selectOption('10:00')
  await form.getByLabel('Pick-Up Time').selectOption('10:00')
  await form.locator('input[name="services"]').first().check()
  await form.getByRole('button', { name: 'Book Reservation' }).click()
  await expect(page.getByText('Your reservation is booked.')).toBeVisible()
  const needed = page.getByText(
    `Before ${petName} can be checked in we need a record of Rabies, DHPP, Bordetella, valid through pick-up.`,
  )
  await expect(needed).toBeVisible()
  await expectNoA11yViolations(page)

  await page.getByRole('link', { name: 'Add vaccinations' }).click()
  await expect(page).toHaveURL(new RegExp(`/pets/${pet.id}#vaccinations$`))
  const section = page.locator('#vaccinations')
  await expect(section.getByText(`${petName} cannot be checked in until`)).toBeVisible()

  // A date given in the future is refused with its message, and nothing is kept.
  await section.getByLabel('Vaccine').fill('Rabies')
  await section.getByLabel('Date given').fill('2026-12-01')
  await section.getByLabel('Expiry date').fill('2027-12-01')
  await section.getByRole('button', { name: 'Add vaccination' }).click()
  await expect(
    page
      .locator('#vaccination-form-given_on-error')
      .getByText('Date given cannot be in the future'),
  ).toBeVisible()
  await expect(section.getByText('No vaccinations on record yet.')).toBeVisible()
  await expectNoA11yViolations(page)

  for (const vaccine of ['Rabies', 'DHPP', 'Bordetella']) {
    const form = page.locator('#vaccination-form')
    await form.getByLabel('Vaccine').fill(vaccine)
    await form.getByLabel('Date given').fill('2026-03-02')
    await form.getByLabel('Expiry date').fill('2027-03-02')
    // The Rabies certificate is photographed and sent with its record.
    if (vaccine === 'Rabies')
      await form
        .getByLabel('Photo of the certificate (optional)')
        .setInputFiles(await photo('rabies-certificate.jpg', '#f4f1e8', 1200, 900))
    await form.getByRole('button', { name: 'Add vaccination' }).click()
    await expect(section.getByRole('rowheader', { name: vaccine })).toBeVisible()
  }
  const certificate = section.getByRole('link', { name: 'Certificate of Rabies' })
  const certificateUrl = (await certificate.getAttribute('href'))!
  const shown = await page.request.get(certificateUrl, ONCE_MORE_IF_RESET)
  expect(shown.status()).toBe(200)
  expect(shown.headers()['cache-control']).toBe('private, no-store')
  await expect(section.getByText(`${petName} cannot be checked in until`)).toHaveCount(0)
  await expect(page.getByText('we need a record of')).toHaveCount(0)
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'pet-vaccinations')

  // The front desk sees the records still to verify on the day sheet, and verifies one.
  await page.context().clearCookies()
  await apiLogin(page.request, demoEmail('employee'))
  await page.goto('/bookingsByDate?date=2026-11-24')
  await expect(
    page.getByRole('listitem').filter({ hasText: petName }).getByText('To verify'),
  ).toBeVisible()
  await page.goto(`/pets/${pet.id}`)
  await section.getByRole('button', { name: `Verify Rabies of ${petName}` }).click()
  await expect(section.getByRole('button', { name: `Verify Rabies of ${petName}` })).toHaveCount(0)
  await expect(
    section.getByRole('row').filter({ hasText: 'Rabies' }).getByText('Verified'),
  ).toBeVisible()

  // A record typed in twice is deleted, after a confirmation.
  await section.getByRole('link', { name: 'Delete Bordetella' }).click()
  await expect(page.getByText(`Delete the Bordetella record of ${petName}?`)).toBeVisible()
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(section.getByRole('rowheader', { name: 'Bordetella' })).toHaveCount(0)
  await expect(section.getByText('No Bordetella vaccination on record')).toBeVisible()
  await snap(page, testInfo, 'pet-vaccinations-staff')
})
