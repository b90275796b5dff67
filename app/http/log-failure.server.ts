import type { AppLoadContext } from 'react-router'

/**
 * Logs a failure on our side with its stack, through the request's logger
 * (console.error where there is none). A request its client gave up on is
 * not logged: nothing went wrong but the client leaving.
 */
export function logFailure(
  error: unknown,
  { request, context }: { request: Request; context?: AppLoadContext },
) {
  if (request.signal.aborted) return
  const logger = context?.logger
  if (logger) logger.error({ err: error }, 'unhandled error')
  else console.error(error)
}
