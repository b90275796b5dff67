import path from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'

// API, model and unit tests. Each file runs in its own process with its own
// database (tests/support/setup-db.ts); the browser journeys have their own config.
// Two tests need PostgreSQL: the cluster test (two servers, nginx, one
// database) and the read pipeline's (the embedded database has one connection
// and nothing to pipeline). On the embedded database alone they are left out,
// and scripts/test.sh says so.
const POSTGRES_ONLY = ['tests/api/cluster.test.ts', 'tests/api/read-pipeline.test.ts']
export default defineConfig({
  resolve: { alias: { '~': path.resolve('app') } },
  test: {
    include: ['tests/api/**/*.test.ts', 'app/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : POSTGRES_ONLY)],
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
