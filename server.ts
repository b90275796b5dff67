import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { createApp, type BuildSource } from './server/app'
import { shutDownGracefully } from './server/graceful-shutdown'
import { createLogger } from './server/logger'
import { startCacheSync } from './server/cache-sync'
import { startMaintenance } from './server/maintenance'
import { startMailWorker } from './server/mail-worker'
import {
  exitOnUncaughtException,
  keepServingOnUnhandledRejections,
  keepServingWhenOutputIsClosed,
} from './server/process-guards'
import { demoAccountsPresent, ensureDemoData } from './app/models/demo-seed.server'
import { closeDb, getDb, logDatabaseTo } from './app/infra/db.server'
import { getEnv } from './app/infra/env.server'

// `npm start`: migrate, seed an empty database (demo mode), serve the built app.
// `npm run dev`: the same with Vite's dev server and hot reload.
const dev = process.argv.includes('--dev')
const env = getEnv()
const logger = createLogger()
keepServingOnUnhandledRejections(logger)
keepServingWhenOutputIsClosed()
exitOnUncaughtException(logger)
logDatabaseTo(logger)

await getDb() // runs migrations
await ensureDemoData({ demo: env.DEMO_MODE, logger })
if (env.NODE_ENV === 'production') {
  const demo = await demoAccountsPresent()
  if (demo.length)
    logger.warn(
      { accounts: demo.length },
      '!!! DEMO ACCOUNTS EXIST IN PRODUCTION: they share the published password "password". Delete them or change their passwords now. !!!',
    )
}

let build: BuildSource
let devServer: Parameters<typeof createApp>[0]['dev']
if (dev) {
  const vite = await import('vite')
  const server = await vite.createServer({ server: { middlewareMode: true } })
  devServer = { middlewares: server.middlewares }
  build = () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
} else {
  build = (await import(
    pathToFileURL(path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js')).href
  )) as ServerBuild
}

const app = createApp({ build, logger, dev: devServer })
const server = app.listen(env.PORT, () => {
  const { port } = server.address() as AddressInfo
  logger.info({ port }, `Pet hotel serving on http://localhost:${port}`)
})
const stopMaintenance = startMaintenance(logger)
const stopMailWorker = startMailWorker({ logger })
// Other app servers may share a PostgreSQL database; the embedded one is ours alone.
const stopCacheSync = env.DATABASE_URL ? startCacheSync(logger) : () => {}

const shutdown = shutDownGracefully(server, {
  logger,
  onDrained: async () => {
    await stopMaintenance()
    stopCacheSync()
    await stopMailWorker()
    await closeDb()
  },
})
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
