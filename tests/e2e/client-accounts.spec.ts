import {
  expect,
  expectNoA11yViolations,
  fillPetForm,
  photo,
  snap,
  test,
  uniqueName,
} from './support/fixtures'

// The front desk takes a walk-in, with JavaScript on and off: a manager
// makes the client's account on /users (a taken email is refused with its
// message), follows "Add their pet" to the Add Pet form for that client,
// and lands on the pet's page, ready to book. The clock is pinned to Monday
// 23 November 2026, 10:00 in New York.

test.use({ role: 'manager' })

test('a manager makes a walk-in client’s account and adds their pet', async ({
  page,
}, testInfo) => {
  const fname = uniqueName('Ana')
  const email = `${fname.toLowerCase().replace(/\W/g, '')}@example.com`
  await page.goto('/users')
  const form = page.locator('#client-form')
  const fill = async (address: string) => {
    await form.getByLabel('First name').fill(fname)
    await form.getByLabel('Last name').fill('Reyes')
    await form.getByLabel('Email').fill(address)
    await form.getByLabel('Phone').fill('(212) 555-0142')
    await form.getByLabel('Address').fill('12 Harbor Road')
    await form.getByLabel('City').fill('Portland')
    await form.getByLabel('State').fill('Maine')
    await form.getByLabel('Zip').fill('04101')
  }
  // The demo client's address is taken: refused, with the message under the field.
  await fill('demo-client@example.com')
  await form.getByRole('button', { name: 'Create account' }).click()
  await expect(
    page.locator('#client-form-email-error').getByText('Email address is already in use.'),
  ).toBeVisible()
  await expectNoA11yViolations(page)

  await fill(email)
  await form.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Client account made.')).toBeVisible()
  await expectNoA11yViolations(page)
  await snap(page, testInfo, 'users-client-made')

  await page.getByRole('link', { name: 'Add their pet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Pet' })
  await expect(dialog.getByText(`A pet of ${fname} Reyes.`)).toBeVisible()
  const petName = uniqueName('Churro')
  await fillPetForm(dialog, {
    name: petName,
    breed: 'Beagle',
    age: '2',
    weight: '22',
    color: 'Tan',
    dob: '2024-05-01',
  })
  await dialog.getByLabel('Main photo').setInputFiles(await photo('churro.jpg', '#c98b4a'))
  await dialog.getByRole('button', { name: 'Add Pet' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(petName)
  await expect(page.getByText(`Owner: ${fname} Reyes`)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Book a Reservation' }).first()).toBeVisible()
})
