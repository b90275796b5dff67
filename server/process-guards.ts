import type { Logger } from 'pino'
import { flushLog } from './logger'

// What the process does about failures outside any request.

/**
 * A promise that rejects with nobody listening (a query left running when a
 * handler threw, say) must not take the server down: Node's default is to
 * exit. The request that caused it has already had its 500; the rejection is
 * logged and the server keeps serving everyone else.
 */
export function keepServingOnUnhandledRejections(logger: Logger) {
  const onRejection = (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled promise rejection (the server keeps serving)')
  }
  process.on('unhandledRejection', onRejection)
  return () => process.off('unhandledRejection', onRejection)
}

/**
 * A log collector that has gone away is no reason to stop serving. A line a
 * library prints on stdout or stderr (console.log) after the reader of that
 * pipe has died fails with EPIPE, which Node raises as an uncaught exception
 * and so as a crash. Those lines are dropped instead; any other failure of
 * the two streams is still thrown.
 */
export function keepServingWhenOutputIsClosed() {
  const onError = (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
  }
  process.stdout.on('error', onError)
  process.stderr.on('error', onError)
  return () => {
    process.stdout.off('error', onError)
    process.stderr.off('error', onError)
  }
}

/**
 * An exception nobody caught leaves the process in a state no one can vouch
 * for, so it still ends the process, with code 1 for its supervisor to
 * restart it; first it is logged, and the log flushed asynchronously.
 * Node's own ending skips the log and leaves pino's synchronous flush at
 * exit, which hangs for ever when the log's pipe is closed (flushLog says
 * why): a crashed server that never exits is never restarted. For the same
 * reason the line is logged at level error, not fatal: pino flushes a fatal
 * line synchronously, there and then.
 */
export function exitOnUncaughtException(logger: Logger) {
  let ending = false
  const onException = (error: Error) => {
    if (ending) return
    ending = true
    logger.error({ err: error }, 'uncaught exception: the server stops')
    void flushLog(logger).then(() => process.exit(1))
  }
  process.on('uncaughtException', onException)
  return () => process.off('uncaughtException', onException)
}
