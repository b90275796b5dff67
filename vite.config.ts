import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: { target: 'es2022' },
  ssr: {
    // Native and server-only packages stay external in the server bundle.
    external: [
      'sharp',
      '@node-rs/argon2',
      '@electric-sql/pglite',
      'knex',
      'knex-pglite',
      'pg',
      'pino',
    ],
  },
})
