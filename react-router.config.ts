import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // Parallel work trees (and test runs) may build side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // Lazy route discovery would fetch a manifest at runtime; an eager manifest
  // keeps navigation working behind proxies that cache aggressively.
  routeDiscovery: { mode: 'initial' },
  future: {
    // Loaders and actions get the request itself (one object per request, so
    // the session read for the root loader serves the page's loader too, and
    // no copy is made per loader); the address they read is the \`url\`
    // argument, which never has React Router's .data suffix or parameters.
    v8_passThroughRequests: true,
  },
} satisfies Config
