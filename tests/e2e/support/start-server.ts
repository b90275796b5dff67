// Starts the built app for the browser tests (playwright.config.ts webServer):
// a fresh embedded database in a temp DATA_DIR, the clock pinned, demo mode on.
// server.ts migrates and seeds the demo data on start. The temp dir goes away
// when the server stops.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-hotel-e2e-'))
const defaults: Record<string, string> = {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  FIXED_NOW: '2026-11-23T15:00:00Z', // Monday 10:00 in New York
  HOTEL_TIMEZONE: 'America/New_York',
  DEMO_MODE: 'true',
  LOG_LEVEL: 'warn',
  // Every browser of the run comes from 127.0.0.1 and signs up many clients.
  RATE_LIMIT_SIGNUPS_PER_IP: '100000',
  RATE_LIMIT_REVIEWS_PER_USER: '100000',
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: '100000',
  RATE_LIMIT_LOGINS_PER_IP: '100000',
}
for (const [key, value] of Object.entries(defaults)) process.env[key] ??= value
process.env.DATA_DIR = dataDir // always fresh, whatever the caller's shell says
delete process.env.DATABASE_URL // the browser journeys run on the embedded database

process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))

// Build (only when sources changed) into this run's BUILD_DIR before serving it,
// as a production build whatever NODE_ENV the server runs with. A build made by
// the vitest run (NODE_ENV=test gives React's development build) is redone.
const buildEnv = { ...process.env, NODE_ENV: 'production' }
execSync('node scripts/ensure-build.mjs', { stdio: 'inherit', env: buildEnv })
if (isDevelopmentBuild(path.resolve(process.env.BUILD_DIR ?? 'build', 'client/assets'))) {
  execSync('npx react-router build', { stdio: 'inherit', env: buildEnv })
}

function isDevelopmentBuild(assetsDir: string) {
  if (!fs.existsSync(assetsDir)) return false
  return fs
    .readdirSync(assetsDir)
    .filter((f) => f.startsWith('entry.client') && f.endsWith('.js'))
    .some((f) =>
      fs.readFileSync(path.join(assetsDir, f), 'utf8').includes('Download the React DevTools'),
    )
}

await import('../../../server')
