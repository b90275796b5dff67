import path from 'node:path'
import { defineConfig } from 'vitest/config'

// API, model and unit tests. Each file runs in its own process with its own
// database (tests/support/setup-db.ts); the browser journeys have their own config.
export default defineConfig({
  resolve: { alias: { '~': path.resolve('app') } },
  test: {
    include: ['tests/api/**/*.test.ts', 'app/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/setup-db.ts'],
    pool: 'forks',
    isolate: true,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    onConsoleLog: (log, type) => {
      // Noise is a bug: console.error output fails the run (see setup-db.ts).
      if (type === 'stderr' && log.includes('AWS SDK')) return false
    },
  },
})
