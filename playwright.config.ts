import { defineConfig, devices } from '@playwright/test'

// Browser journeys: every spec runs twice — JavaScript on ('js') and
// off ('no-js') — against the built app with a fresh embedded database, the
// clock pinned and demo mode on (tests/e2e/support/start-server.ts).
// Debian's chromium is used as installed; no browser is ever downloaded.
//   BUILD_DIR=build-me npx playwright test [--project=js] [tests/e2e/auth.spec.ts]

// A port per build dir, so engineers running suites side by side don't collide.
const buildDir = process.env.BUILD_DIR ?? 'build'
const port = Number(
  process.env.E2E_PORT ??
    4100 + ([...buildDir].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % 800),
)
const baseURL = `http://127.0.0.1:${port}`

const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Per build dir: engineers running suites side by side must not wipe each other's artifacts.
  outputDir: `test-results/playwright-${buildDir}`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // The limits catch a hang, not slowness. CI machines here are two slow cores
  // shared by the server, two browsers and the runner: a journey that takes
  // 20 s on a quiet machine can take a minute there, and a page several
  // seconds to show what it shows at once here.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: `test-results/report-${buildDir}` }]]
    : [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // A failed journey keeps its trace: every action, with the DOM, network
    // and console before and after it. Not the screencast: filming every
    // journey (to keep the failed ones' films) was a fifth of the run's CPU —
    // Chromium compositing and encoding frames nobody looks at — and the
    // failure's own screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  projects: [
    // A test titled "… @js-only" (or "… @no-js-only") is listed in one project only.
    { name: 'js', use: { ...chromium, javaScriptEnabled: true }, grepInvert: /@no-js-only/ },
    { name: 'no-js', use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/support/start-server.ts',
    url: `${baseURL}/healthz`,
    env: { ...inheritedEnv(), PORT: String(port), BUILD_DIR: buildDir },
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})

function inheritedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === 'string'),
  )
}
