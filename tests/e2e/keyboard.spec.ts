import type { Locator, Page } from '@playwright/test'
import { apiAddPet, expect, test, uniqueName } from './support/fixtures'

// Keyboard only — no mouse, no locator.click(): the skip link, the menus, a
// whole booking, and (with JavaScript) a dialog that traps focus, closes on
// Esc and gives focus back. Run with JavaScript on and off.

/** Presses Tab until `target` has focus: it must be reachable, in a sensible number of steps. */
async function tabTo(page: Page, target: Locator, maxPresses = 80) {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error(`Tab never reached ${target}`)
}

test('the skip link moves focus to the content', async ({ page, newClient }) => {
  await newClient()
  await page.goto('/pets')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible() // shown when focused
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
  // The next Tab lands on the page's first control, past the navigation.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Add Pet' }).first()).toBeFocused()
})

test('a client books a stay and logs out with the keyboard alone', async ({
  page,
  newClient,
  javaScriptEnabled,
}) => {
  await newClient()
  const pet = await apiAddPet(page.request, uniqueName('Rex'))
  await page.goto('/pets')

  await tabTo(page, page.getByRole('link', { name: pet.name }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/pets/${pet.id}$`))

  await tabTo(page, page.getByRole('link', { name: 'Book a Reservation' }).first())
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/bookings/pet/${pet.id}$`))

  const form = page.locator('form#create-booking')
  // A radio group is one Tab stop; the arrow keys choose within it.
  await tabTo(page, form.getByLabel(/Day Care/))
  await page.keyboard.press('ArrowDown')
  await expect(form.getByLabel(/Boarding Care/)).toBeChecked()
  await tabTo(page, form.getByLabel('Drop-Off Date'))
  await page.keyboard.type('12012026')
  await tabTo(page, form.getByLabel('Pick-Up Date'))
  await page.keyboard.type('12032026')
  // On a closed <select> the arrow keys move between options.
  await tabTo(page, form.getByLabel('Drop-Off Time'))
  await page.keyboard.press('ArrowDown')
  await tabTo(page, form.getByLabel('Pick-Up Time'))
  await page.keyboard.press('ArrowDown')
  await expect(form.getByLabel('Drop-Off Time')).toHaveValue('06:00')
  await expect(form.getByLabel('Pick-Up Time')).toHaveValue('07:00')
  await tabTo(page, form.getByRole('checkbox').first())
  await page.keyboard.press('Space')
  await expect(form.getByRole('checkbox').first()).toBeChecked()
  await expect(form.getByLabel('Drop-Off Date')).toHaveValue('2026-12-01')
  await expect(form.getByLabel('Pick-Up Date')).toHaveValue('2026-12-03')

  if (javaScriptEnabled) {
    await expect(page.getByText(/^Total cost: \$\d/)).toBeVisible() // live
  } else {
    await tabTo(page, form.getByRole('button', { name: 'Show total' }))
    await page.keyboard.press('Enter')
    await expect(page.getByText(/^Total cost: \$\d/)).toBeVisible() // priced by the server
  }
  await tabTo(page, page.getByRole('button', { name: 'Book Reservation' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Your reservation is booked.')).toBeVisible()

  // The profile menu is a <details>: Enter opens it, Tab walks its items.
  const profile = page.getByTestId('profile-menu')
  await tabTo(page, profile.locator('summary'))
  await page.keyboard.press('Enter')
  await tabTo(page, profile.getByRole('button', { name: 'Log Out' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByTestId('demo-menu')).toBeVisible()
})

test('the Add Pet dialog traps focus, closes on Esc and gives focus back @js-only', async ({
  page,
  newClient,
}) => {
  await newClient()
  await page.goto('/pets')
  const addPet = page.getByRole('link', { name: 'Add Pet' }).first()
  await tabTo(page, addPet)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Add Pet' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused()
  // Round the whole dialog and past its end: the page behind is inert, so focus
  // never reaches it. (Past the last control a native modal lets focus visit the
  // browser's own toolbar — activeElement is then <body> — and come back in.)
  let inDialog = 0
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab')
    const where = await dialog.evaluate((d) => {
      const active = document.activeElement
      if (!active || active === document.body) return 'browser'
      return d.contains(active) ? 'dialog' : `page: ${active.outerHTML.slice(0, 80)}`
    })
    expect(where).not.toMatch(/^page/)
    if (where === 'dialog') inDialog++
  }
  expect(inDialog).toBeGreaterThan(30)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(/\/pets$/)
  await expect(addPet).toBeFocused()
})
