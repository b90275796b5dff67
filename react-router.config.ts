import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // Parallel work trees (and test runs) may build side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // Lazy route discovery would fetch a manifest at runtime; an eager manifest
  // keeps navigation working behind proxies that cache aggressively.
  routeDiscovery: { mode: 'initial' },
} satisfies Config
