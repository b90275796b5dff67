import path from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'

// API, model and unit tests. Each file runs in its own process with its own
// database (tests/support/setup-db.ts); the browser journeys have their own config.
// The cluster test (two servers, nginx, one database) needs PostgreSQL: on the
// embedded database alone it is left out, and scripts/test.sh says so.
const CLUSTER_TEST = 'tests/api/cluster.test.ts'
export default defineConfig({
  resolve: { alias: { '~': path.resolve('app') } },
  test: {
    include: ['tests/api/**/*.test.ts', 'app/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : [CLUSTER_TEST])],
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
