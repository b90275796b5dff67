import fs from 'node:fs'
import path from 'node:path'
import { apiLogin, demoEmail, expect, snap, test } from './support/fixtures'

// The run sheet, as the front desk prints it and downloads it, with
// JavaScript on and off: printing the day sheet gives only the run sheet
// (no navigation, one line per pet with a box to tick) — rendered to a PDF
// by Chromium for a person to look at — and "Download CSV" saves the day's
// file. The clock is pinned to Monday 23 November 2026 in New York; the demo
// hotel has pets arriving, staying and in day care that day.

test('print the day sheet as a run sheet, and download it as CSV', async ({ page }, testInfo) => {
  await apiLogin(page.request, demoEmail('employee'))
  await page.goto('/bookingsByDate?date=2026-11-23')
  const runSheet = page.locator('.run-sheet')
  await expect(runSheet).toBeHidden() // paper only

  // "Print run sheet" needs window.print(): it is there only with JavaScript.
  const printButton = page.getByRole('button', { name: 'Print run sheet' })
  if (testInfo.project.name === 'no-js') await expect(printButton).toHaveCount(0)
  else await expect(printButton).toBeVisible()

  await page.emulateMedia({ media: 'print' })
  await expect(runSheet).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(page.locator('.day-sheet-grid')).toBeHidden()
  const lines = runSheet.locator('tbody tr')
  expect(await lines.count()).toBeGreaterThan(0)
  // Every line has its box to tick, a pet and a status.
  for (const line of await lines.all()) {
    await expect(line.locator('.tick-box')).toBeVisible()
    await expect(line.getByRole('rowheader')).not.toBeEmpty()
  }
  await snap(page, testInfo, 'run-sheet-print')

  const dir = path.join('test-results', 'screenshots', testInfo.project.name)
  fs.mkdirSync(dir, { recursive: true })
  const pdf = await page.pdf({ path: path.join(dir, 'run-sheet.pdf'), preferCSSPageSize: true })
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  await page.emulateMedia({ media: 'screen' })

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Download CSV/ }).click(),
  ])
  expect(download.suggestedFilename()).toBe('run-sheet-2026-11-23.csv')
  const csv = fs.readFileSync(await download.path(), 'utf8')
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    'List,Time,Pet,Species,Breed,Owner,Phone,Behavior,Feeding,Medication,Services,Vaccines,Vet,Emergency contact,Status,Drop-off,Pick-up,Booking',
  )
  expect(csv.trim().split('\r\n').length).toBe((await lines.count()) + 1)
})
