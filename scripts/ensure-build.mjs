// `npm start` on a fresh clone builds first; later starts reuse the build
// unless app code is newer than it.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const buildDir = process.env.BUILD_DIR ?? 'build'
const marker = path.resolve(buildDir, 'server/index.js')

function newestMtime(dir) {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    // Tests beside the code are not part of the build.
    if (!entry.isDirectory() && /\.test\.tsx?$/.test(entry.name)) continue
    const m = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs
    if (m > newest) newest = m
  }
  return newest
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0
const sources = Math.max(
  newestMtime(path.resolve('app')),
  newestMtime(path.resolve('migrations')),
  ...['vite.config.ts', 'react-router.config.ts', 'package-lock.json'].map(
    (f) => fs.statSync(f).mtimeMs,
  ),
)
if (built < sources) {
  console.log('Building the app…')
  // Always a production build: vitest runs this with NODE_ENV=test, which
  // would otherwise give the API tests React's development build.
  execSync('npx react-router build', {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
}
