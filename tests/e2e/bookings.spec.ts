import type { APIRequestContext, Page } from '@playwright/test'
import {
  apiAddPet as addPet,
  apiBookStay,
  expect,
  expectNoA11yViolations as axeCheck,
  snap,
  test,
  uniqueName,
} from './support/fixtures'

// Booking journeys (issues 4 and 5), each run with JavaScript on and off: book
// boarding with services and see the total, update then delete the booking,
// and an employee reads the day sheet. The server's clock is pinned to Monday
// 2026-11-23 10:00 in New York (tests/e2e/support/start-server.ts).

async function expectNoA11yViolations(page: Page) {
  // axe runs inside the page, so it needs JavaScript; the no-JS HTML is the same markup.
  if (test.info().project.use.javaScriptEnabled === false) return
  await axeCheck(page)
}

/** A dog with feeding and medication notes, as the day sheet shows them. */
function apiAddPet(request: APIRequestContext, name: string, type: 'cat' | 'dog' = 'dog') {
  return addPet(request, name, type, {
    breed: 'Beagle',
    gender: 'male',
    color: 'Tan',
    weight: '22',
    dob: '2022-06-01',
    behavior: 'playful',
    dietary_note: 'Grain-free kibble',
    medication_note: 'Half a pill at breakfast',
  })
}

type Service = { id: number; service: string; price: number }

async function twoServices(request: APIRequestContext): Promise<[Service, Service]> {
  const { services } = (await (await request.get('/api/services')).json()) as {
    services: Service[]
  }
  expect(services.length).toBeGreaterThanOrEqual(2)
  return [services[0], services[1]]
}

const dollars = (n: number) => `$${n.toFixed(2)}`

/** The daily price the page offers for a booking type, read from its label ('Boarding Care ($55.00 a day)'). */
async function dailyPrice(page: Page, label: 'Day Care' | 'Boarding Care') {
  const text = await page.locator('label.choice', { hasText: label }).innerText()
  return Number(/\$(\d+(?:\.\d+)?) a day/.exec(text)![1])
}

test('a client books boarding with services, sees the total, updates and deletes it', async ({
  page,
  newClient,
  javaScriptEnabled,
}, testInfo) => {
  await newClient()
  const pet = await apiAddPet(page.request, uniqueName('Rex'))
  const [a, b] = await twoServices(page.request)

  await page.goto(`/bookings/pet/${pet.id}`)
  await expect(page.getByRole('heading', { name: `Book a stay for ${pet.name}` })).toBeVisible()
  await expect(page.getByRole('heading', { name: /Availability until/ })).toBeVisible()
  await expect(page.getByLabel('Drop-Off Date')).toHaveAttribute('min', '2026-11-23')
  await expectNoA11yViolations(page)

  const form = page.locator('form#create-booking')
  const book = form.getByRole('button', { name: 'Book Reservation' })
  if (javaScriptEnabled) await expect(book).toBeDisabled() // until a service is chosen

  // Type → dates → times → services.
  await form.getByLabel(/Boarding Care/).check()
  const daily = await dailyPrice(page, 'Boarding Care')
  await form.getByLabel('Drop-Off Date').fill('2026-12-01')
  await form.getByLabel('Pick-Up Date').fill('2026-12-04')
  await form.getByLabel('Drop-Off Time').selectOption('10:00')
  await form.getByLabel('Pick-Up Time').selectOption('10:00')
  await form.getByLabel(a.service).check()
  await form.getByLabel(b.service).check()

  const total = 3 * daily + a.price + b.price
  if (javaScriptEnabled) {
    await expect(book).toBeEnabled()
  } else {
    // Without JavaScript the server prices what was chosen.
    await form.getByRole('button', { name: 'Show total' }).click()
    await expect(form.getByLabel('Drop-Off Date')).toHaveValue('2026-12-01')
  }
  const totalPanel = page.getByRole('region', { name: 'Total cost' })
  await expect(totalPanel.getByText(`Total cost: ${dollars(total)}`)).toBeVisible()
  await expect(totalPanel.getByText(`Boarding Care: 3 days × ${dollars(daily)}`)).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'booking-with-total')

  await page
    .locator('form#create-booking')
    .getByRole('button', { name: 'Book Reservation' })
    .click()
  await expect(page.getByText('Your reservation is booked.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Current reservation' })).toBeVisible()
  await expect(page.getByText(`Total cost: ${dollars(total)}`)).toBeVisible()
  await expect(page.getByText('Tue, Dec 1, 2026, 10:00 AM')).toBeVisible()
  const booked = (await (await page.request.get(`/api/bookings/pet/${pet.id}`)).json()).booking
  expect(booked).toMatchObject({
    booking_type: 'boarding_care',
    drop_off_date: '2026-12-01 10:00:00',
    pick_up_date: '2026-12-04 10:00:00',
    days: 3,
    total,
  })
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'booking-current')

  // Update loads the booking into the form; one more day is re-priced.
  await page.getByRole('link', { name: 'Update' }).click()
  const update = page.locator('form#update-booking')
  await expect(update.getByLabel('Drop-Off Date')).toHaveValue('2026-12-01')
  await expect(update.getByLabel('Pick-Up Time')).toHaveValue('10:00')
  await expect(update.getByLabel(a.service)).toBeChecked()
  await update.getByLabel('Pick-Up Date').fill('2026-12-05')
  await update.getByLabel(b.service).uncheck()
  await update.getByRole('button', { name: 'Update Reservation' }).click()
  await expect(
    page.getByText('Your reservation was updated and re-priced at current prices.'),
  ).toBeVisible()
  await expect(page.getByText(`Total cost: ${dollars(4 * daily + a.price)}`)).toBeVisible()

  // Cancelling asks first: a dialog with JavaScript, a server-rendered step without.
  await page.getByRole('link', { name: 'Cancel booking' }).click()
  await expect(page.getByText('Are you sure you want to cancel this booking?')).toBeVisible()
  if (javaScriptEnabled) await expect(page.getByRole('alertdialog')).toBeVisible()
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: 'Yes, cancel it' }).click()
  await expect(page.getByText('The reservation was cancelled.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'New reservation' })).toBeVisible()
  expect((await (await page.request.get(`/api/bookings/pet/${pet.id}`)).json()).booking).toBeNull()
})

test('the booking form shows the rules’ messages', async ({ page, newClient }) => {
  await newClient()
  const pet = await apiAddPet(page.request, uniqueName('Milo'))
  const [a] = await twoServices(page.request)
  await page.goto(`/bookings/pet/${pet.id}`)
  const form = page.locator('form#create-booking')
  await form.getByLabel(/Boarding Care/).check()
  await form.getByLabel('Drop-Off Date').fill('2026-12-03')
  await form.getByLabel('Pick-Up Date').fill('2026-12-02')
  await form.getByLabel('Drop-Off Time').selectOption('10:00')
  await form.getByLabel('Pick-Up Time').selectOption('10:00')
  await form.getByLabel(a.service).check()
  await form.getByRole('button', { name: 'Book Reservation' }).click()
  await expect(
    form
      .getByText('Pick-Up Date must be after Drop-Off Date or click the Boarding Care again')
      .last(),
  ).toBeVisible()
  await expect(form.getByLabel('Pick-Up Date')).toHaveAttribute('aria-invalid', 'true')

  await form.getByLabel('Drop-Off Date').fill('2026-11-20')
  await form.getByLabel('Pick-Up Date').fill('2026-11-22')
  await form.getByRole('button', { name: 'Book Reservation' }).click()
  await expect(form.getByText('Dates cannot be in the past').first()).toBeVisible()
  await expectNoA11yViolations(page)
  expect((await (await page.request.get(`/api/bookings/pet/${pet.id}`)).json()).booking).toBeNull()
})

test('an employee reads the day sheet for a chosen date', async ({
  page,
  newClient,
  loginAs,
}, testInfo) => {
  await newClient({ fname: 'Petra', lname: 'Owner', phone_num: '5557654321' })
  const pet = await apiAddPet(page.request, uniqueName('Biscuit'))
  const [a] = await twoServices(page.request)
  const me = (await (await page.request.get('/api/auth')).json()) as { id: number }
  const res = await page.request.post('/api/bookings', {
    data: {
      client_id: me.id,
      pet_id: pet.id,
      booking_type: 'boarding_care',
      drop_off_date: '2026-12-14 09:00:00',
      pick_up_date: '2026-12-16 17:00:00',
      services: [a.id],
    },
  })
  expect(res.status()).toBe(201)

  await loginAs('employee')
  await page.goto('/bookingsByDate')
  await expect(page.getByRole('heading', { name: 'Daily Bookings', level: 1 })).toBeVisible()
  await expect(page.getByText('Monday, November 23, 2026 (today)')).toBeVisible()

  // A GET form: the date lands in the URL.
  await page.getByLabel('Date', { exact: true }).fill('2026-12-14')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(/\/bookingsByDate\?date=2026-12-14$/)
  const arrivals = page.getByRole('region', { name: /^Arrivals/ })
  const entry = arrivals.getByRole('listitem').filter({ hasText: pet.name })
  await expect(entry).toBeVisible()
  await expect(entry.getByText('9:00 AM', { exact: true })).toBeVisible()
  await expect(entry.getByText('Petra Owner')).toBeVisible()
  await expect(entry.getByRole('link', { name: '(555) 765-4321' })).toBeVisible()
  await expect(entry.getByText('Grain-free kibble')).toBeVisible()
  await expect(entry.getByText('Half a pill at breakfast')).toBeVisible()
  await expect(entry.getByText(a.service)).toBeVisible()
  await expect(page.getByRole('table', { name: 'Occupancy in December 2026' })).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'day-sheet')

  await page.getByRole('link', { name: /Next day/ }).click()
  await expect(page).toHaveURL(/date=2026-12-15/)
  await expect(
    page.getByRole('region', { name: /^Staying over/ }).getByText(pet.name),
  ).toBeVisible()
  await page.getByRole('link', { name: /Next day/ }).click()
  const departures = page.getByRole('region', { name: /^Departures/ })
  await expect(
    departures
      .getByRole('listitem')
      .filter({ hasText: pet.name })
      .getByText('5:00 PM', { exact: true }),
  ).toBeVisible()
})

test('a client sees Unauthorized on the staff and manager booking pages', async ({
  page,
  newClient,
}) => {
  await newClient()
  for (const path of ['/bookingsByDate', '/bookings', '/settings']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
  }
})

test('a manager manages bookings and settings', async ({ page, loginAs }, testInfo) => {
  await loginAs('manager')
  await page.goto('/bookings')
  await expect(page.getByRole('heading', { name: 'Manage Bookings', level: 1 })).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'bookings-manage')
  await page.getByRole('link', { name: 'See past bookings' }).click()
  await expect(page).toHaveURL(/view=past/)

  await page.goto('/settings')
  await expect(page.getByLabel('Dog kennels')).toHaveValue(/^\d+$/)
  await page.getByLabel('Boarding daily price ($)').fill('abc')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(
    page.getByText('Boarding daily price must be a price like 55.00').last(),
  ).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'settings')
})

test('a manager deletes a stay from Manage Bookings, asked first', async ({
  page,
  newClient,
  loginAs,
}) => {
  const { user } = await newClient()
  const pet = await apiAddPet(page.request, uniqueName('Dropped'))
  // Today later on: among the first of the upcoming stays, on the first page.
  const booking = await apiBookStay(page.request, {
    clientId: user.id,
    petId: pet.id,
    dropOff: '2026-11-23 16:00',
    pickUp: '2026-11-24 10:00',
  })
  await loginAs('manager')
  await page.goto('/bookings')
  const row = page.getByRole('row', { name: new RegExp(pet.name) })
  await row.getByRole('link', { name: `Delete booking ${booking.id} of ${pet.name}` }).click()
  // With JavaScript a dialog asks; without, the row itself asks (?confirm=…).
  await expect(
    page.getByText(`Are you sure you want to delete the booking of ${pet.name}?`),
  ).toBeVisible()
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByText('Booking deleted.')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(pet.name) })).toHaveCount(0)
  // The record stays, most recently cancelled first.
  await page.goto('/bookings?view=cancelled')
  await expect(page.getByRole('row', { name: new RegExp(pet.name) })).toBeVisible()
})
