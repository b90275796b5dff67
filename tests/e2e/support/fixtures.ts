/**
 * Playwright fixtures for the browser journeys. HOW TO WRITE AN E2E SPEC:
 *
 *   import { test, expect, expectNoA11yViolations, snap } from './support/fixtures'
 *
 *   // 1. Log in as a demo role for every test of a file or describe block:
 *   test.use({ role: 'manager' })                  // 'client' | 'employee' | 'manager' | 'owner'
 *   test('manager creates a service', async ({ page }) => { await page.goto('/services') … })
 *
 *   // 2. Or log in inside a test (switch users mid-test too):
 *   test('…', async ({ page, loginAs }) => { await loginAs('employee'); await page.goto('/bookingsByDate') })
 *
 *   // 3. A brand-new client of your own (no pets, no bookings, no reviews), already logged in:
 *   test('…', async ({ page, newClient }) => {
 *     const { user, password } = await newClient()          // or newClient({ fname: 'Ada' })
 *     await page.goto('/pets')
 *   })
 *
 *   // 4. Talk to the JSON API with the SAME session as the page (set up data fast):
 *   const res = await page.request.post('/api/reviews', { data: { review: 'Lovely', paws: 5 } })
 *
 *   // 5. Accessibility and screenshots:
 *   await expectNoA11yViolations(page)                       // axe: every default rule (WCAG 2.0–2.2 A/AA + best practices), 0 violations
 *   await expectNoA11yViolations(page, { include: 'dialog' }) // only part of the page
 *   await snap(page, testInfo, 'pets-list')                 // test-results/screenshots/<project>/pets-list-390.png and -1280.png
 *
 *   // 6. JS-only or no-JS-only: prefer ONE journey for both projects that branches on the fixture
 *   test('Add Pet', async ({ page, javaScriptEnabled }) => { if (javaScriptEnabled) { …dialog… } else { …page… } })
 *   //    and only when a test truly makes sense in one project, tag its title (no test.skip — skipped tests
 *   //    are not allowed here); playwright.config.ts lists it in that project only:
 *   test('live total updates as you pick services @js-only', …)      // or '… @no-js-only'
 *
 * Every spec runs in two projects: 'js' and 'no-js' (javaScriptEnabled: false). Both share ONE server and
 * ONE fresh database per run (demo data seeded, clock pinned to FIXED_NOW = 2026-11-23T15:00:00Z, i.e.
 * Monday 10:00 in America/New_York; "today" for the hotel is 2026-11-23). Tests run 2 at a time, so make
 * your data unique (newClient(), uniqueName('Rex')) and never assume a list is empty unless your own
 * fresh client owns it. Nothing needs cleaning up: the database is thrown away after the run.
 * Demo accounts: demo-<role>@example.com / password 'password'.
 */
import AxeBuilder from '@axe-core/playwright'
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

export { expect }

export type Role = 'client' | 'employee' | 'manager' | 'owner'
export const DEMO_PASSWORD = 'password'
export const demoEmail = (role: Role) => `demo-${role}@example.com`

export type SessionUser = {
  id: number
  username: string
  email: string
  fname: string
  lname: string
  staff: boolean
  position?: string
}

let counter = 0
/**
 * A short tag no other worker of this run makes: the worker's letter (A, B, …;
 * a restarted worker gets the next one) and a three-digit count, so no tag is
 * part of another. Every run has a fresh database, so that is unique — and it
 * reads like data in the screenshots.
 */
function nextTag() {
  counter += 1
  const worker = (test.info().workerIndex + 10).toString(36).toUpperCase()
  return `${worker}${String(counter).padStart(3, '0')}`
}

/** A name no other test of this run uses: uniqueName('Rex') → 'Rex B007'. Capitalised prefixes stay capitalised. */
export function uniqueName(prefix: string) {
  return `${prefix} ${nextTag()}`
}

/**
 * Every call through a request context (these helpers', and the specs' own
 * with `page.request`) may be sent once more when its connection was reset
 * before any answer (ECONNRESET, the only error Playwright retries).
 * The request context keeps its connection open while the test drives the
 * browser, and the server closes a connection left idle for 5 s (its
 * keep-alive): a call made at that moment goes out on a socket being closed,
 * unread, so sending it again repeats nothing. (The server never resets a
 * connection after reading a request: it answers, if only with a 4xx or 5xx,
 * which is never retried.)
 */
export const ONCE_MORE_IF_RESET = { maxRetries: 1 }

/** Logs the page's browser context in through POST /api/auth/login (the cookie lands in the context). */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<SessionUser> {
  const res = await request.post('/api/auth/login', {
    data: { email, password },
    ...ONCE_MORE_IF_RESET,
  })
  if (res.status() !== 200)
    throw new Error(`Login as ${email} failed: ${res.status()} ${await res.text()}`)
  return (await res.json()) as SessionUser
}

export type NewClientFields = Partial<{
  username: string
  email: string
  password: string
  fname: string
  lname: string
  phone_num: string
  address: string
  city: string
  state: string
  zip: string
}>

/** Signs a new client up through POST /api/auth/signup; the context is then logged in as them. */
export async function apiSignup(request: APIRequestContext, overrides: NewClientFields = {}) {
  const tag = nextTag().toLowerCase()
  const body = {
    username: `nova.${tag}`,
    email: `nova.${tag}@example.com`,
    password: 'a-long-password',
    fname: 'Nova',
    lname: 'Tester',
    phone_num: '5551234567',
    address: '7 Harbor Road',
    city: 'Portland',
    state: 'Maine',
    zip: '04101',
    ...overrides,
  }
  const res = await request.post('/api/auth/signup', { data: body, ...ONCE_MORE_IF_RESET })
  if (res.status() !== 201) throw new Error(`Signup failed: ${res.status()} ${await res.text()}`)
  return { user: (await res.json()) as SessionUser, password: body.password }
}

type Fixtures = {
  /** Demo role to log in as before the test (test.use({ role: 'manager' })); null = logged out. */
  role: Role | null
  /** Log the page in as a demo role. */
  loginAs: (role: Role) => Promise<SessionUser>
  /** Sign up (and log in) a fresh client. */
  newClient: (overrides?: NewClientFields) => Promise<{ user: SessionUser; password: string }>
}

export const test = base.extend<Fixtures>({
  role: [null, { option: true }],
  // (Playwright's `use` is named `provide` here: the React hooks lint rule would mistake it for a hook.)
  page: async ({ page, role }, provide) => {
    // An error the page throws and nothing catches fails the journey — a
    // failed hydration among them (React reports it as one), which a journey
    // would otherwise pass through as a page that merely reloads on each click.
    const thrown: string[] = []
    page.on('pageerror', (error) => thrown.push(`${error.name}: ${error.message}`))
    if (role) await apiLogin(page.request, demoEmail(role))
    await provide(page)
    // The script-enabled copies axe ran on (expectNoA11yViolations) go with the test.
    for (const context of copyContexts.splice(0)) await context.close()
    expect(thrown, `errors thrown in the page of "${test.info().title}"`).toEqual([])
  },
  loginAs: async ({ page }, provide) => {
    await provide((role) => apiLogin(page.request, demoEmail(role)))
  },
  newClient: async ({ page }, provide) => {
    await provide((overrides) => apiSignup(page.request, overrides))
  },
})

/**
 * Runs axe on the page (or the `include` selector) with all its default rules —
 * WCAG 2.0/2.1/2.2 A and AA and best practices — and fails listing every violation.
 *
 * axe runs in the page itself (legacy mode): the default also runs each
 * frame's part apart and opens a blank page in the context to merge them,
 * which took longer than the rules did (1.1–2.0 s a page against 0.4–0.8 s).
 * Legacy mode leaves out cross-origin frames only, and the app's one frame (a
 * mail's HTML in the development mailbox, sandboxed) is cross-origin either
 * way. Only violations are gathered: nothing reads the passing nodes, and axe
 * then skips building their selectors (a few per cent more). Manager's
 * every-route: 47.7 s → 30.9 s with JavaScript, 53.7 s → 36.2 s without.
 */
export async function expectNoA11yViolations(
  page: Page,
  { include, exclude }: { include?: string; exclude?: string } = {},
) {
  let builder = new AxeBuilder({ page: await scriptablePage(page) })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
  if (include) builder = builder.include(include)
  if (exclude) builder = builder.exclude(exclude)
  const { violations } = await builder.analyze()
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`).join('\n')}`,
  )
  expect(summary, `axe violations on ${page.url()}`).toEqual([])
}

/** The script-enabled copy of each JavaScript-disabled page, and the HTML it serves next. */
const copies = new WeakMap<Page, { copy: Page; served: { url: string; html: string } }>()
const copyContexts: BrowserContext[] = []

/**
 * axe runs as script inside the page, which a JavaScript-disabled page cannot
 * do. In the 'no-js' project we therefore check an exact copy: the page's
 * current DOM (open menus, server-rendered errors and all), minus its scripts,
 * served at the same URL to a script-enabled page so styles load as they did.
 * One copy per page, kept until the test ends: a new browser context for
 * every check made the manager's no-JS every-route take 62.8 s instead of 47.5 s.
 */
async function scriptablePage(page: Page): Promise<Page> {
  if (test.info().project.use.javaScriptEnabled !== false) return page
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
  const url = page.url()
  let entry = copies.get(page)
  if (!entry) {
    const context = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: true, viewport: page.viewportSize() })
    copyContexts.push(context)
    const copy = await context.newPage()
    const served = { url, html }
    await copy.route(
      (u) => u.href === served.url,
      (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: served.html }),
    )
    entry = { copy, served }
    copies.set(page, entry)
  }
  entry.served.url = url
  entry.served.html = html
  await entry.copy.setViewportSize(page.viewportSize() ?? { width: 1280, height: 800 })
  // Through a blank page: going to the same URL with another #fragment would
  // only scroll the copy, not load the new HTML.
  await entry.copy.goto('about:blank')
  await entry.copy.goto(url)
  return entry.copy
}

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]

/** Full-page PNGs at 390 px and 1280 px: test-results/screenshots/<project>/<name>-<width>.png. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  const dir = path.join('test-results', 'screenshots', testInfo.project.name)
  fs.mkdirSync(dir, { recursive: true })
  const original = page.viewportSize()
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    await page.evaluate(() => document.fonts.ready)
    await page.screenshot({
      path: path.join(dir, `${name}-${size.width}.png`),
      fullPage: true,
      animations: 'disabled',
    })
  }
  if (original) await page.setViewportSize(original)
}

export type Upload = { name: string; mimeType: string; buffer: Buffer }

/** A JPEG of one colour, for photo uploads. */
export async function photo(
  name: string,
  color: string,
  width = 800,
  height = 600,
): Promise<Upload> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 85 })
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

/** Adds a pet through the API with the page's session (fast set-up); `fields` override the defaults. */
export async function apiAddPet(
  request: APIRequestContext,
  name: string,
  type: 'cat' | 'dog' = 'dog',
  fields: Record<string, string> = {},
) {
  const preview = await photo('preview.jpg', type === 'cat' ? '#b0b0b8' : '#c98b4a')
  const res = await request.post('/api/pets', {
    ...ONCE_MORE_IF_RESET,
    multipart: {
      name,
      type,
      breed: type === 'cat' ? 'Siamese' : 'Beagle',
      age: '3',
      gender: 'female',
      color: 'Cream',
      weight: '12',
      dob: '2023-02-01',
      size: 'he chomnk',
      behavior: 'calm',
      ...fields,
      preview_image: preview,
    },
  })
  expect(res.status()).toBe(201)
  return (await res.json()) as { id: number; name: string; owner_id: number }
}

/** Records the vaccines the demo hotel requires of the species, valid well past every stay. */
export async function apiVaccinate(
  request: APIRequestContext,
  petId: number,
  type: 'cat' | 'dog' = 'dog',
) {
  const vaccines = type === 'dog' ? ['Rabies', 'DHPP', 'Bordetella'] : ['Rabies', 'FVRCP']
  for (const vaccine of vaccines) {
    const res = await request.post(`/api/pets/${petId}/vaccinations`, {
      ...ONCE_MORE_IF_RESET,
      data: { vaccine, given_on: '2026-01-05', expires_on: '2028-01-05' },
    })
    expect(res.status()).toBe(201)
  }
}

/**
 * Books a stay through the API with the page's session, with the first
 * service offered to the pet's species; answers the booking.
 */
export async function apiBookStay(
  request: APIRequestContext,
  stay: {
    clientId: number
    petId: number
    type?: 'day_care' | 'boarding_care'
    species?: 'cat' | 'dog'
    dropOff: string
    pickUp: string
  },
) {
  const { services } = (await (await request.get('/api/services', ONCE_MORE_IF_RESET)).json()) as {
    services: { id: number; species: string }[]
  }
  const species = stay.species ?? 'dog'
  const res = await request.post('/api/bookings', {
    ...ONCE_MORE_IF_RESET,
    data: {
      client_id: stay.clientId,
      pet_id: stay.petId,
      booking_type: stay.type ?? 'boarding_care',
      drop_off_date: stay.dropOff,
      pick_up_date: stay.pickUp,
      services: [services.find((s) => s.species === 'both' || s.species === species)!.id],
    },
  })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { booking: { id: number; total: number } }).booking
}

/** Fills the pet form (inside the Add or Edit dialog / page section). */
export async function fillPetForm(
  scope: ReturnType<Page['locator']>,
  values: { name: string; breed: string; age: string; weight: string; color: string; dob: string },
) {
  await scope.getByLabel('Name', { exact: true }).fill(values.name)
  await scope.getByLabel('Breed', { exact: true }).fill(values.breed)
  await scope.getByLabel('Dog', { exact: true }).check()
  await scope.getByLabel('Male', { exact: true }).check()
  await scope.getByLabel('Age (years)').fill(values.age)
  await scope.getByLabel('Weight (lbs)').fill(values.weight)
  await scope.getByLabel('Color', { exact: true }).fill(values.color)
  await scope.getByLabel('Date of birth (DOB)').fill(values.dob)
  await scope.getByLabel('Size').selectOption('a heckin chonker')
  await scope.getByLabel('Behavior').selectOption('playful')
  await scope.getByLabel('Dietary note (optional)').fill('Grain-free kibble, twice a day')
}
