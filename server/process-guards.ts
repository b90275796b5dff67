import type { Logger } from 'pino'

// A promise that rejects with nobody listening (a query left running when a
// handler threw, say) must not take the server down: Node's default is to
// exit. The request that caused it has already had its 500; the rejection is
// logged and the server keeps serving everyone else.
export function keepServingOnUnhandledRejections(logger: Logger) {
  const onRejection = (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled promise rejection (the server keeps serving)')
  }
  process.on('unhandledRejection', onRejection)
  return () => process.off('unhandledRejection', onRejection)
}
