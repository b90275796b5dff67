import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import boundaries from 'eslint-plugin-boundaries'

// The layers of app/ (docs/decisions/009) and which may import which: imports
// flow one way, from routes down to domain; infra sits beside models and http.
const LAYERS = [
  { type: 'routes', pattern: 'app/routes' },
  { type: 'components', pattern: 'app/components' },
  { type: 'http', pattern: 'app/http' },
  { type: 'models', pattern: 'app/models' },
  { type: 'schemas', pattern: 'app/schemas' },
  { type: 'infra', pattern: 'app/infra' },
  // The messages the hotel mails: text and HTML made from plain data.
  { type: 'mail', pattern: 'app/mail' },
  { type: 'domain', pattern: 'app/domain' },
  // What is left: app/root.tsx, app/routes.ts, app/entry.*.tsx (the app's own entry points).
  { type: 'entry', pattern: 'app' },
]
const MAY_IMPORT = {
  entry: ['entry', 'routes', 'components', 'http', 'infra', 'domain'],
  routes: ['entry', 'routes', 'components', 'http', 'models', 'schemas', 'infra', 'mail', 'domain'],
  components: ['components', 'schemas', 'domain'],
  http: ['http', 'models', 'schemas', 'infra', 'mail', 'domain'],
  models: ['models', 'schemas', 'infra', 'mail', 'domain'],
  schemas: ['schemas', 'domain'],
  infra: ['infra', 'mail', 'domain'],
  mail: ['mail', 'domain'],
  domain: ['domain'],
}

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      'playwright-report/',
      'data/',
      '.react-router/',
      'test-results/',
      'node_modules/',
      // Written by `npm run openapi` (openapi-typescript).
      'examples/api-types.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': LAYERS,
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'disallow',
          policies: Object.entries(MAY_IMPORT).map(([from, to]) => ({
            from: { element: { type: from } },
            allow: { to: { element: { types: { anyOf: to } } } },
          })),
        },
      ],
    },
  },
  {
    // Every page's links go through app/components/link.tsx and nav-link.tsx, which the server
    // writes without React Router's per-link hooks (decision 043).
    files: ['app/**/*.{ts,tsx}'],
    ignores: [
      'app/components/link.tsx',
      'app/components/nav-link.tsx',
      'app/components/link.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link'],
              message:
                "Import Link from '~/components/link' (the server writes plain links itself).",
            },
            {
              name: 'react-router',
              importNames: ['NavLink'],
              message:
                "Import NavLink from '~/components/nav-link' (the server writes plain links itself).",
            },
          ],
        },
      ],
    },
  },
  {
    // Test clients read whatever JSON a call returns; each test asserts its shape.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
