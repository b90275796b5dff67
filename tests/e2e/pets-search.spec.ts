import type { APIRequestContext, Locator, Page } from '@playwright/test'
import {
  apiAddPet,
  expect,
  expectNoA11yViolations,
  photo,
  snap,
  test,
  uniqueName,
} from './support/fixtures'

// The staff's Manage Pets: every pet of the hotel, 50 a page, and a search by
// the pet's name or its owner's — a plain GET form, so it works the same with
// JavaScript on and off. On a phone and on a desktop: search by pet name and
// by owner name, page through the results with the search kept, clear it, and
// find nothing; axe on the results and on "No pets found"; the search row
// fits the screen with full-size tap targets; and the keyboard alone does it.

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]
const PAGE_SIZE = 50

/**
 * Adds dogs of these names for the client logged in on `request`, a few at a
 * time, each with a small photo (quick to make into a thumbnail).
 */
async function addPets(request: APIRequestContext, names: string[]) {
  const preview = await photo('preview.jpg', '#c98b4a', 160, 120)
  const add = async (name: string) => {
    const res = await request.post('/api/pets', {
      multipart: {
        name,
        type: 'dog',
        breed: 'Beagle',
        age: '3',
        gender: 'female',
        color: 'Cream',
        weight: '12',
        dob: '2023-02-01',
        size: 'he chomnk',
        behavior: 'calm',
        preview_image: preview,
      },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  for (let i = 0; i < names.length; i += 8) await Promise.all(names.slice(i, i + 8).map(add))
}

/** The search form's parts. */
function search(page: Page) {
  const form = page.getByRole('search', { name: 'Pets' })
  return {
    form,
    field: form.getByLabel('Pet or owner name'),
    submit: form.getByRole('button', { name: 'Search' }),
    clear: form.getByRole('link', { name: 'Clear' }),
  }
}

/** A value as a GET form puts it in the URL (spaces as +). */
const formEncoded = (value: string) => new URLSearchParams({ q: value }).toString().slice(2)

const cards = (page: Page) => page.getByRole('list', { name: 'Pets' }).getByRole('listitem')

/** The search row fits the screen: nothing scrolls sideways, every control a full tap target. */
async function expectSearchRowFits(page: Page) {
  const { field, submit, clear } = search(page)
  const viewport = page.viewportSize()!
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(sideways, 'the page scrolls sideways').toBeLessThanOrEqual(0)
  const controls: Locator[] = [field, submit]
  if (await clear.count()) controls.push(clear)
  for (const control of controls) {
    const box = (await control.boundingBox())!
    expect(box.x, `${control} starts on screen`).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width, `${control} ends on screen`).toBeLessThanOrEqual(viewport.width)
    expect(box.height, `${control} is a full tap target`).toBeGreaterThanOrEqual(44)
    expect(box.width, `${control} is a full tap target`).toBeGreaterThanOrEqual(44)
  }
  // The field is wide enough to read what was typed, and its buttons sit on its row.
  const fieldBox = (await field.boundingBox())!
  expect(fieldBox.width).toBeGreaterThanOrEqual(Math.min(240, viewport.width * 0.4))
  for (const control of controls.slice(1)) {
    const box = (await control.boundingBox())!
    expect(Math.abs(box.y - fieldBox.y), `${control} on the field's row`).toBeLessThan(2)
  }
}

/** Presses Tab (or Shift+Tab) until `target` has focus: reachable, in a sensible number of steps. */
async function tabTo(page: Page, target: Locator, { backwards = false } = {}) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error(`Tab never reached ${target}`)
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('staff search by pet and owner name, page through the results, clear, and find nothing', async ({
      page,
      newClient,
      loginAs,
      javaScriptEnabled,
    }, testInfo) => {
      // A client of our own whose last name is this run's alone, with one pet
      // of a name no one else has and enough more for a second page.
      const lname = uniqueName('Quill')
      await newClient({ fname: 'Quentin', lname })
      const petName = uniqueName('Zephyr')
      const others = Array.from({ length: PAGE_SIZE + 1 }, (_, i) =>
        uniqueName(`Pup${String(i + 1).padStart(2, '0')}`),
      )
      await addPets(page.request, [petName]) // the first of theirs, by id
      await addPets(page.request, others)

      await loginAs('employee')
      await page.goto('/pets')
      const { field, submit, clear } = search(page)
      await expect(field).toHaveValue('')
      await expect(clear).toHaveCount(0)
      await expectSearchRowFits(page)

      // By the pet's name, in another case.
      await field.fill(petName.toLowerCase())
      await submit.click()
      await expect(page).toHaveURL(`/pets?q=${formEncoded(petName.toLowerCase())}`)
      await expect(cards(page)).toHaveCount(1)
      await expect(cards(page).getByRole('link', { name: petName })).toBeVisible()
      await expect(cards(page).getByText(`Owner: Quentin ${lname}`)).toBeVisible()
      await expect(field).toHaveValue(petName.toLowerCase())
      await expect(clear).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Pets pages' })).toHaveCount(0)
      await expectSearchRowFits(page)

      // By the owner's full name: 52 pets, 50 on the first page.
      const owner = `quentin ${lname.toUpperCase()}`
      await field.fill(owner)
      await submit.click()
      await expect(page).toHaveURL(`/pets?q=${formEncoded(owner)}`)
      await expect(cards(page)).toHaveCount(PAGE_SIZE)
      await expect(cards(page).first().getByRole('link', { name: petName })).toBeVisible()
      await expect(cards(page).getByText(`Owner: Quentin ${lname}`)).toHaveCount(PAGE_SIZE)
      const pages = page.getByRole('navigation', { name: 'Pets pages' })
      await expect(pages.getByText('Page 1')).toBeVisible()
      await expect(pages.getByRole('link', { name: 'Previous' })).toHaveCount(0)
      await expectNoA11yViolations(page)
      if (viewport.width === 1280) await snap(page, testInfo, 'pets-search-results')
      const firstPage = await cards(page).getByRole('link').allTextContents()

      // Next keeps the search; the second page holds the other two.
      await pages.getByRole('link', { name: 'Next' }).click()
      await expect(page).toHaveURL(`/pets?q=${formEncoded(owner)}&page=2`)
      await expect(cards(page)).toHaveCount(2)
      const secondPage = await cards(page).getByRole('link').allTextContents()
      expect([...firstPage, ...secondPage].sort()).toEqual([petName, ...others].sort())
      await expect(pages.getByText('Page 2')).toBeVisible()
      await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0)
      await expect(field).toHaveValue(owner)
      await expectNoA11yViolations(page)

      // Previous goes back to the first page, the search still there.
      await pages.getByRole('link', { name: 'Previous' }).click()
      await expect(page).toHaveURL(`/pets?q=${formEncoded(owner)}`)
      await expect(cards(page)).toHaveCount(PAGE_SIZE)
      await expect(field).toHaveValue(owner)

      // Clear: every pet of the hotel again, the field empty.
      await clear.click()
      await expect(page).toHaveURL(/\/pets$/)
      await expect(field).toHaveValue('')
      await expect(clear).toHaveCount(0)
      await expect(cards(page)).toHaveCount(PAGE_SIZE)

      // Nothing matches: said plainly, with the search kept to change.
      const nothing = `no such pet ${uniqueName('x')}`
      await field.fill(nothing)
      await submit.click()
      await expect(page.getByRole('heading', { name: 'No pets found' })).toBeVisible()
      await expect(page.getByText(`No pet or owner name contains “${nothing}”.`)).toBeVisible()
      await expect(cards(page)).toHaveCount(0)
      await expect(field).toHaveValue(nothing)
      await expectSearchRowFits(page)
      await expectNoA11yViolations(page)
      if (viewport.width === 1280) await snap(page, testInfo, 'pets-search-none')

      // Back in the browser's history, the field shows that page's search again.
      if (javaScriptEnabled) {
        await page.goBack()
        await expect(page).toHaveURL(/\/pets$/)
        await expect(field).toHaveValue('')
        await page.goBack()
        await expect(page).toHaveURL(`/pets?q=${formEncoded(owner)}`)
        await expect(field).toHaveValue(owner)
      }
    })

    test('the search works with the keyboard alone', async ({
      page,
      newClient,
      loginAs,
      javaScriptEnabled,
    }) => {
      await newClient({ fname: 'Kit', lname: uniqueName('Keys') })
      const petName = uniqueName('Tabby')
      await apiAddPet(page.request, petName, 'cat')
      await loginAs('manager')
      await page.goto('/pets')

      const { field, clear } = search(page)
      await tabTo(page, field)
      await page.keyboard.type(petName.toUpperCase())
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/pets\?q=TABBY\+/)
      await expect(cards(page)).toHaveCount(1)
      await expect(cards(page).getByRole('link', { name: petName })).toBeVisible()

      // From the results, Tab reaches Clear and then the pet; Enter follows each.
      await tabTo(page, clear)
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/pets$/)
      await expect(field).toHaveValue('')
      // A new page starts at its top; in the browser, focus goes on from where
      // Clear was, just after the field.
      await tabTo(page, field, { backwards: javaScriptEnabled })
      await page.keyboard.type(petName)
      await page.keyboard.press('Enter')
      await tabTo(page, cards(page).getByRole('link', { name: petName }))
      await page.keyboard.press('Enter')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(petName)
    })
  })
}

test('a client’s Manage Pets has no search of the hotel', async ({ page, newClient }) => {
  await newClient()
  const petName = uniqueName('Mochi')
  await apiAddPet(page.request, petName, 'cat')
  await page.goto('/pets?q=zephyr')
  await expect(page.getByRole('search')).toHaveCount(0)
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page).getByRole('link', { name: petName })).toBeVisible()
})
