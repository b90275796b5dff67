import type { RequestHandler } from 'express'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { createApp, createLogger, type BuildSource } from './server/app'
import { ensureDemoData } from './app/models/demo-seed.server'
import { closeDb, getDb } from './app/infra/db.server'
import { getEnv } from './app/infra/env.server'
import { closeLoginThrottle } from './app/infra/login-throttle.server'

// `npm start`: migrate, seed an empty database, serve the built app.
// `npm run dev`: the same with Vite's dev server and hot reload.
const dev = process.argv.includes('--dev')
const env = getEnv()
const logger = createLogger()

await getDb() // runs migrations
await ensureDemoData({ demo: env.DEMO_MODE, logger })

let build: BuildSource
let devServer: { middlewares: RequestHandler } | undefined
if (dev) {
  const vite = await import('vite')
  const server = await vite.createServer({ server: { middlewareMode: true } })
  devServer = { middlewares: server.middlewares as unknown as RequestHandler }
  build = () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
} else {
  build = (await import(
    pathToFileURL(path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js')).href
  )) as ServerBuild
}

const app = createApp({ build, logger, dev: devServer })
const server = app.listen(env.PORT, () => {
  logger.info(`Pet hotel serving on http://localhost:${env.PORT}`)
})

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down')
  server.close()
  await closeLoginThrottle()
  await closeDb()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
