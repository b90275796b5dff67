import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: {
    target: 'es2022',
    rollupOptions: {
      onwarn(warning, warn) {
        // The browser fetches some code when needed (form validation, forms
        // only some people see), while the server imports it all up front. On
        // the server that is by design; in the browser's build the warning
        // means a split has failed, so it stays.
        if (isSsrBuild && warning.message.includes('dynamic import will not move module')) return
        warn(warning)
      },
      // Rollup would give each small shared module a file of its own (a page
      // fetched 17–25 of them); on a phone every request costs a round trip
      // before the page is interactive. Modules under 2 KB join a chunk that is
      // loaded anyway, as long as that runs no code a page didn't run before.
      output: {
        experimentalMinChunkSize: 2_000,
        // The layout's footer and the pieces of the day sheet the server writes
        // once share <MemoizedMarkup>. Left to itself, the merge above puts that
        // small shared module with a form only managers see (1.2 KB more for
        // every visitor of the landing page); it stays with the footer, which
        // every page loads.
        manualChunks: (id) =>
          /\/components\/(site-footer|memoized-markup)\.tsx$/.test(id) ? 'site-footer' : undefined,
      },
    },
  },
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
}))
