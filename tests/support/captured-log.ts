import { Writable } from 'node:stream'
import type { Logger } from 'pino'
import { createLogger } from '../../server/logger'

/**
 * The app's logger at level info (the tests' own environment silences it),
 * writing its JSON lines to a list the test reads, each line parsed.
 */
export function capturedLog(): { logger: Logger; lines: Record<string, any>[] } {
  const lines: Record<string, any>[] = []
  const logger = createLogger(
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
        done()
      },
    }),
  )
  logger.level = 'info'
  return { logger, lines }
}
