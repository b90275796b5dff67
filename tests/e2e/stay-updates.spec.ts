import {
  apiAddPet,
  apiBookStay,
  apiLogin,
  apiVaccinate,
  demoEmail,
  expect,
  expectNoA11yViolations,
  photo,
  snap,
  test,
  uniqueName,
} from './support/fixtures'

// Stay updates on a phone (390 px), with JavaScript on and off: a staff
// member checks a pet in from the day sheet, follows "Post an update" to the
// pet's page, ticks "Ate well", writes a note, adds a photo and posts; the
// owner then finds it on the pet's page and on My bookings. The clock is
// pinned to Monday 23 November 2026, 10:00 in New York; the stay starts at 11:00.

test.use({ viewport: { width: 390, height: 844 } })

test('a staff update reaches the owner’s pet page', async ({ page, newClient }, testInfo) => {
  const petName = uniqueName('Biscuit')
  const { user, password } = await newClient()
  const pet = await apiAddPet(page.request, petName, 'dog')
  await apiVaccinate(page.request, pet.id, 'dog')
  const { id: bookingId } = await apiBookStay(page.request, {
    clientId: user.id,
    petId: pet.id,
    dropOff: '2026-11-23 11:00:00',
    pickUp: '2026-11-25 10:00:00',
  })

  // The front desk checks the pet in; the day sheet offers to post an update.
  await page.context().clearCookies()
  await apiLogin(page.request, demoEmail('employee'))
  await page.goto('/bookingsByDate?date=2026-11-23')
  const entry = page.locator(`#booking-${bookingId}`)
  await entry.getByRole('button', { name: `Check in ${petName}` }).click()
  await expect(entry.getByText('Here', { exact: true })).toBeVisible()
  await entry.getByRole('link', { name: 'Post an update' }).click()
  await expect(page).toHaveURL(new RegExp(`/pets/${pet.id}#stay-updates$`))

  // Nothing said: the form says what it needs, and nothing is posted.
  const section = page.locator('#stay-updates')
  await section.getByRole('button', { name: 'Post update' }).click()
  await expect(
    section.getByText('Write a note, tick what went well or add a photo').first(),
  ).toBeVisible()

  await section.getByLabel('Ate well').check()
  await section.getByLabel('Note (optional)').fill('Ate every bite and made a friend in the yard.')
  await section.getByLabel('Photo (optional)').setInputFiles(await photo('yard.jpg', '#7aa95c'))
  await section.getByRole('button', { name: 'Post update' }).click()
  const posted = section.getByRole('listitem').filter({ hasText: 'made a friend in the yard' })
  await expect(posted).toBeVisible()
  await expect(posted.getByText('Ate well', { exact: true })).toBeVisible()
  await expect(posted.getByRole('img', { name: new RegExp(`Photo of ${petName}`) })).toBeVisible()
  // The form is empty again for the next one.
  await expect(section.getByLabel('Note (optional)')).toHaveValue('')
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'stay-updates-staff')

  // The day sheet shows it.
  await page.goto('/bookingsByDate?date=2026-11-23')
  await expect(entry.getByText('1 update · latest 10:00 AM:')).toBeVisible()

  // The owner sees it on the pet's page (no form for them) and on My bookings.
  await page.context().clearCookies()
  await apiLogin(page.request, user.email, password)
  await page.goto(`/pets/${pet.id}`)
  await expect(section.getByText('Ate every bite and made a friend in the yard.')).toBeVisible()
  await expect(section.getByRole('button', { name: 'Post update' })).toHaveCount(0)
  // Checked in an hour before its drop-off time, the pet is staying now, not "upcoming".
  await expect(page.getByText('Staying now', { exact: true })).toBeVisible()
  const image = section.getByRole('img', { name: new RegExp(`Photo of ${petName}`) })
  await expect(image).toBeVisible()
  // The photo really loads for its owner (a private address, behind the login). Visible is
  // not loaded: decode() waits for the bytes and rejects if they are not an image, so the
  // width is read only once the browser has the picture.
  const width = await image.evaluate(async (img: HTMLImageElement) => {
    await img.decode()
    return img.naturalWidth
  })
  expect(width).toBeGreaterThan(0)
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'stay-updates-owner')
  await page.goto('/my-bookings')
  await expect(page.getByText('1 update · latest 10:00 AM:')).toBeVisible()
  await page.getByRole('link', { name: 'See updates' }).click()
  await expect(page).toHaveURL(new RegExp(`/pets/${pet.id}#stay-updates$`))
})
