import type { Logger } from 'pino'

// What server/app.ts hands every loader and action.
declare module 'react-router' {
  interface AppLoadContext {
    cspNonce: string
    clientIp: string
    requestId: string
    logger?: Logger
  }
}

export {}
