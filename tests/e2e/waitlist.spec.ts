import {
  apiAddPet,
  apiBookStay,
  apiLogin,
  expect,
  expectNoA11yViolations,
  snap,
  test,
  uniqueName,
} from './support/fixtures'

// A full night and the waitlist, with JavaScript on and off: every cat condo
// is taken, so a client's booking is refused — and one button puts the same
// stay on the waitlist; staff see it on the day sheet; a cancellation frees a
// condo, the client's offer arrives by mail (read in the development
// mailbox), and the mail's link opens a page where one click books the stay.

const CAT_CONDOS = 10 // the demo hotel's

test('join the waitlist for a full night, free a place, take the offer from the mail', async ({
  page,
  newClient,
  loginAs,
}, testInfo) => {
  // Each project its own week in March, so the two runs never share a full night.
  const day = testInfo.project.name === 'js' ? 8 : 15
  const d = (n: number) => `2027-03-${String(day + n).padStart(2, '0')}`

  // Someone books every cat condo for the nights of d(0) and d(1).
  const filler = await newClient()
  const fillerStays: number[] = []
  for (let i = 0; i < CAT_CONDOS; i += 1) {
    const cat = await apiAddPet(page.request, uniqueName('Filler'), 'cat')
    const booking = await apiBookStay(page.request, {
      clientId: filler.user.id,
      petId: cat.id,
      species: 'cat',
      dropOff: `${d(0)} 10:00:00`,
      pickUp: `${d(2)} 10:00:00`,
    })
    fillerStays.push(booking.id)
  }

  // A client's booking for those nights is refused: the same stay may wait instead.
  await page.context().clearCookies()
  const { user, password } = await newClient()
  const cat = await apiAddPet(page.request, uniqueName('Mochi'), 'cat')
  await page.goto(`/bookings/pet/${cat.id}`)
  const form = page.locator('form#create-booking')
  await form.getByLabel(/Boarding Care/).check()
  await form.getByLabel('Drop-Off Date').fill(d(0))
  await form.getByLabel('Pick-Up Date').fill(d(2))
  await form.getByLabel('Drop-Off Time').selectOption('10:00')
  await form.getByLabel('Pick-Up Time').selectOption('10:00')
  await form
    .getByRole('group', { name: /Services/ })
    .getByRole('checkbox')
    .first()
    .check()
  await form.getByRole('button', { name: 'Book Reservation' }).click()
  await expect(page.getByText(`Fully booked on ${d(0)}: no cat condos left`).first()).toBeVisible()
  const join = page.getByRole('button', { name: 'Join the waitlist' })
  await expect(join).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'waitlist-join')
  await join.click()
  await expect(page.getByText('The stay is on the waitlist.')).toBeVisible()

  await page.goto('/my-bookings')
  const waitlist = page.getByRole('region', { name: 'Waitlist' })
  await expect(waitlist.getByText(cat.name, { exact: true })).toBeVisible()
  await expect(waitlist.getByText('Waiting for a place', { exact: true })).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'waitlist-my-bookings')

  // Staff see who waits for the night on the day sheet.
  await loginAs('employee')
  await page.goto(`/bookingsByDate?date=${d(1)}`)
  const onSheet = page.getByRole('region', { name: /Waitlist/ })
  await expect(onSheet.getByRole('link', { name: cat.name })).toBeVisible()
  await expect(onSheet.getByText('Waiting for a place', { exact: true })).toBeVisible()
  await expectNoA11yViolations(page)

  // A condo frees: the filler cancels one stay.
  await apiLogin(page.request, filler.user.email, filler.password)
  expect((await page.request.delete(`/api/bookings/${fillerStays[0]}`)).status()).toBe(200)

  // The offer is in the development mailbox, addressed to the client.
  await loginAs('owner')
  await page.goto('/admin/outbox')
  await page
    .getByRole('row', { name: new RegExp(user.email.replace(/[.+]/g, '\\$&')) })
    .getByRole('link', { name: `A place is free for ${cat.name} at Whiskers & Wags` })
    .click()
  await expect(page.getByText('We are holding it for you for 12 hours')).toBeVisible()
  const href = await page.locator('pre a[href*="/waitlist/"]').getAttribute('href')
  const offerPath = new URL(href!).pathname

  // The client follows it: one click books the stay.
  await page.context().clearCookies()
  await apiLogin(page.request, user.email, password)
  await page.goto(offerPath)
  await expect(
    page.getByRole('heading', { name: `A place for ${cat.name}`, level: 1 }),
  ).toBeVisible()
  await expect(page.getByText(/A place is held until/)).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'waitlist-offer')
  await page.getByRole('button', { name: 'Book this stay' }).click()
  await expect(page.getByText('Your reservation is booked.')).toBeVisible()
  await expect(page.getByRole('heading', { name: `${cat.name}’s reservation` })).toBeVisible()

  // The offer is spent: its page says so and books nothing more.
  await page.goto(offerPath)
  await expect(page.getByText('Booked', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Book this stay' })).toHaveCount(0)
  await page.goto('/my-bookings')
  await expect(page.getByRole('region', { name: 'Waitlist' })).toHaveCount(0)
})
