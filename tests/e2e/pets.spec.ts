import type { Page } from '@playwright/test'
import {
  apiAddPet,
  expect,
  expectNoA11yViolations as axeCheck,
  fillPetForm,
  photo,
  snap,
  test,
  uniqueName,
} from './support/fixtures'

// Pets journeys, each run with JavaScript on and off: Manage Pets,
// Add Pet with photos, the pet page, Edit Pet (replace, add and remove photos),
// Delete with its confirmation, and who may see what.

// axe runs inside the page, so it needs JavaScript; the markup it checks is the
// same server-rendered HTML in both projects.
async function expectNoA11yViolations(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return
  await axeCheck(page)
}

test('a logged-out visitor is sent from /pets to the landing page, which brings them back', async ({
  page,
}) => {
  await page.goto('/pets')
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fpets$/)
  await page.goto('/pets/new')
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fpets%2Fnew$/)
  await expect(page.getByText('Log in to book a reservation')).toBeVisible()
})

test('a client adds a pet with photos, edits it and deletes it', async ({
  page,
  newClient,
  javaScriptEnabled,
}, testInfo) => {
  await newClient()
  await page.goto('/pets')
  await expect(page.getByRole('heading', { name: 'No pets!' })).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'pets-empty')

  // Add Pet: a dialog over Manage Pets with JavaScript, the same URL as a page section without.
  await page.getByRole('link', { name: 'Add Pet' }).first().click()
  await expect(page).toHaveURL(/\/pets\/new$/)
  const dialog = page.getByRole('dialog', { name: 'Add Pet' })
  await expect(dialog).toBeVisible()
  if (javaScriptEnabled) {
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true)
    // Focus moved into the dialog (the browser traps it there while it is modal).
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  }

  // Nothing filled in: every "is required" message under its field.
  await dialog.getByRole('button', { name: 'Add Pet' }).click()
  await expect(dialog.getByText('Name is required').last()).toBeVisible()
  await expect(dialog.getByText('DOB is required').last()).toBeVisible()
  await expect(dialog.getByText('Preview image is required').last()).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'pets-add-errors')

  // The spec's messages, then a text file posing as a photo.
  await dialog.getByLabel('Name', { exact: true }).fill('rex')
  await dialog.getByLabel('Age (years)').fill('-1')
  await dialog.getByRole('button', { name: 'Add Pet' }).click()
  await expect(dialog.getByText('Name must be capitalized').last()).toBeVisible()
  await expect(dialog.getByText('Age must be a positive number').last()).toBeVisible()

  const name = uniqueName('Rex')
  await fillPetForm(dialog, {
    name,
    breed: 'Boxer',
    age: '3',
    weight: '55',
    color: 'Brindle',
    dob: '2023-04-01',
  })
  await dialog.getByLabel('Main photo').setInputFiles({
    name: 'cat.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('not really a photo'),
  })
  await dialog.getByRole('button', { name: 'Add Pet' }).click()
  await expect(dialog.getByText('Preview image must be an image').last()).toBeVisible()

  // Real photos: a preview and two more.
  await dialog.getByLabel('Main photo').setInputFiles(await photo('rex.jpg', '#c98b4a', 1200, 900))
  await dialog
    .getByLabel('Additional images (optional)')
    .setInputFiles([await photo('rex-2.jpg', '#4a7bc9'), await photo('rex-3.jpg', '#6bbf59')])
  await dialog.getByRole('button', { name: 'Add Pet' }).click()

  // The new pet's page: details, the size with its body-fat band, every photo.
  await expect(page).toHaveURL(/\/pets\/\d+(#error-summary)?$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page.getByText('A heckin chonker (25–30% body fat)')).toBeVisible()
  await expect(page.getByText('Grain-free kibble, twice a day')).toBeVisible()
  await expect(page.getByRole('img', { name: `Photo of ${name}` })).toBeVisible()
  await expect(
    page.getByRole('list', { name: `More photos of ${name}` }).getByRole('img'),
  ).toHaveCount(2)
  await expect(page.getByRole('heading', { name: 'No bookings available' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Book a Reservation' }).first()).toHaveAttribute(
    'href',
    /\/bookings\/pet\/\d+$/,
  )
  const petUrl = new URL(page.url()).pathname
  const previewSrc = await page.getByRole('img', { name: `Photo of ${name}` }).getAttribute('src')
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'pet-details')

  // Edit: rename, replace the preview, remove one photo, add another.
  await page.getByRole('link', { name: 'Update' }).click()
  await expect(page).toHaveURL(`${petUrl}/edit`)
  const edit = page.getByRole('dialog', { name: `Edit ${name}` })
  await expect(edit).toBeVisible()
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(name)
  await expect(edit.getByLabel('Size')).toHaveValue('a heckin chonker')
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'pet-edit')

  await edit.getByRole('button', { name: `Remove Photo 2 of ${name}` }).click()
  await expect(edit.getByRole('button', { name: /^Remove Photo/ })).toHaveCount(1)

  const renamed = uniqueName('Rocky')
  await edit.getByLabel('Name', { exact: true }).fill(renamed)
  await edit.getByLabel('Weight (lbs)').fill('57.5')
  await edit.getByLabel('Vet (optional)').fill('Riverside Animal Clinic')
  await edit.getByLabel('Vet’s phone').fill('(555) 010-7700')
  await edit
    .getByLabel('Replace main photo (optional)')
    .setInputFiles(await photo('rocky.jpg', '#aa3355', 1000, 1000))
  await edit
    .getByLabel('Additional images (optional)')
    .setInputFiles([await photo('rocky-2.jpg', '#33aa55')])
  await edit.getByRole('button', { name: 'Save changes' }).click()

  await expect(page).toHaveURL(petUrl)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed)
  await expect(page.getByText('57.5 lbs')).toBeVisible()
  await expect(page.getByText('Riverside Animal Clinic · (555) 010-7700')).toBeVisible()
  await expect(page.getByRole('img', { name: `Photo of ${renamed}` })).not.toHaveAttribute(
    'src',
    previewSrc!,
  )
  await expect(
    page.getByRole('list', { name: `More photos of ${renamed}` }).getByRole('img'),
  ).toHaveCount(2)

  // Delete asks first: a dialog with JavaScript, a server-rendered step without.
  await page.getByRole('link', { name: 'Delete' }).click()
  const question = page.getByText('Are you sure you want to delete this pet?')
  await expect(question).toBeVisible()
  if (javaScriptEnabled) {
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toBeVisible()
    await expectNoA11yViolations(page)
  }
  await snap(page, testInfo, 'pet-delete-confirm')
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page).toHaveURL(/\/pets$/)
  await expect(page.getByRole('heading', { name: 'No pets!' })).toBeVisible()
  const gone = await page.request.get(petUrl.replace('/pets/', '/api/pets/'))
  expect(gone.status()).toBe(404)
})

test('Add Pet and Edit Pet close back to the page they came from', async ({
  page,
  newClient,
  javaScriptEnabled,
}) => {
  await newClient()
  const pet = await apiAddPet(page.request, uniqueName('Luna'), 'cat')
  await page.goto('/pets')
  await page.getByRole('link', { name: 'Add Pet' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Add Pet' })
  await expect(dialog).toBeVisible()
  if (javaScriptEnabled) {
    // Checked on submit first (then as you type): nothing shows on leaving the field.
    await dialog.getByLabel('Name', { exact: true }).fill('luna')
    await dialog.getByLabel('Breed', { exact: true }).focus()
    await expect(dialog.getByText('Name must be capitalized')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Add Pet' }).click()
    await expect(dialog.getByText('Name must be capitalized').last()).toBeVisible()
    await page.keyboard.press('Escape')
  } else {
    await dialog.getByRole('link', { name: 'Close' }).click()
  }
  await expect(page).toHaveURL(/\/pets$/)
  await expect(dialog).toHaveCount(0)

  await page.goto(`/pets/${pet.id}`)
  await page.getByRole('link', { name: 'Update' }).click()
  const edit = page.getByRole('dialog', { name: `Edit ${pet.name}` })
  await expect(edit).toBeVisible()
  await edit.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(new RegExp(`/pets/${pet.id}$`))
  await expect(edit).toHaveCount(0)
})

test('Manage Pets lays out one pet alone, two side by side, more in a grid', async ({
  page,
  newClient,
}, testInfo) => {
  await newClient()
  const names = [uniqueName('Biscuit'), uniqueName('Mochi'), uniqueName('Pepper')]
  await apiAddPet(page.request, names[0])
  await page.goto('/pets')
  const grid = page.getByRole('list', { name: 'Pets' })
  await expect(grid).toHaveClass(/pet-grid-single/)
  const card = grid.getByRole('listitem').first()
  await expect(card.getByRole('link', { name: names[0] })).toBeVisible()
  const thumb = card.locator('img')
  await expect(thumb).toHaveAttribute('loading', 'lazy')
  await expect(thumb).toHaveAttribute('width', '400')
  await expect(thumb).toHaveAttribute('height', '400')
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'pets-one')

  await apiAddPet(page.request, names[1], 'cat')
  await page.goto('/pets')
  await expect(grid).toHaveClass(/pet-grid-double/)
  await snap(page, testInfo, 'pets-two')

  await apiAddPet(page.request, names[2])
  await page.goto('/pets')
  await expect(grid).not.toHaveClass(/pet-grid-(single|double)/)
  await expect(grid.getByRole('listitem')).toHaveCount(3)
  await grid.getByRole('link', { name: names[1] }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(names[1])
})

test('staff see every pet with its owner; another client sees Unauthorized', async ({
  page,
  newClient,
  loginAs,
}, testInfo) => {
  const { user } = await newClient({ fname: 'Ada', lname: 'Owner' })
  const pet = await apiAddPet(page.request, uniqueName('Pippin'))
  expect(user.id).toBeGreaterThan(0)

  await loginAs('employee')
  // Staff see the hotel 50 pets a page and other journeys add many: find it by its name.
  await page.goto(`/pets?q=${encodeURIComponent(pet.name)}`)
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: pet.name }) })
  await expect(card.getByText('Owner: Ada Owner')).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'pets-staff')
  await card.getByRole('link', { name: pet.name }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pet.name)
  await expect(page.getByText(/Owner: Ada Owner/)).toBeVisible()

  await newClient()
  await page.goto(`/pets/${pet.id}`)
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
  await page.goto(`/pets/${pet.id}/edit`)
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
  await page.goto('/pets/99999999')
  await expect(page.getByRole('heading', { name: 'Pet not found' })).toBeVisible()
  await expectNoA11yViolations(page)
})

test('the pet page shows its current booking with a link to manage it', async ({
  page,
  newClient,
}) => {
  const { user } = await newClient()
  const pet = await apiAddPet(page.request, uniqueName('Nala'), 'cat')
  const services = (await (await page.request.get('/api/services')).json()) as {
    services: { id: number }[]
  }
  // The clock is pinned to 2026-11-23 10:00 at the hotel: a stay next week.
  const res = await page.request.post('/api/bookings', {
    data: {
      client_id: user.id,
      pet_id: pet.id,
      booking_type: 'boarding_care',
      drop_off_date: '2026-12-01 09:00:00',
      pick_up_date: '2026-12-03 10:00:00',
      services: [services.services[0].id],
    },
  })
  expect(res.status()).toBe(201)
  await page.goto(`/pets/${pet.id}`)
  const bookings = page.getByRole('region', { name: 'Bookings' })
  await expect(bookings.getByText('Upcoming')).toBeVisible()
  await expect(bookings.getByRole('link', { name: 'Manage reservation' })).toHaveAttribute(
    'href',
    `/bookings/pet/${pet.id}`,
  )
  await expectNoA11yViolations(page)
})
