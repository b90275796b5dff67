import { pino, stdSerializers, type Logger } from 'pino'
import { getEnv } from '../app/infra/env.server'

// Logs say what happened, never who typed what: no headers, cookies, bodies
// or passwords, and no SQL parameters. A database error is logged with its
// SQL (knex's compileSqlOnError is off, so placeholders stay placeholders)
// and its code and constraint, but not PostgreSQL's `detail`, which quotes
// the offending values ("Key (lower(email))=(ada@example.com) already exists").

const SAFE_ERROR_FIELDS = ['type', 'message', 'stack', 'code', 'constraint', 'table', 'routine']

export function serializeError(error: unknown) {
  const serialized = stdSerializers.err(error as Error) as Record<string, unknown>
  if (!serialized || typeof serialized !== 'object') return serialized
  const out: Record<string, unknown> = {}
  for (const key of SAFE_ERROR_FIELDS) if (serialized[key] !== undefined) out[key] = serialized[key]
  if (serialized.cause) out.cause = serializeError((error as { cause?: unknown }).cause)
  return out
}

/**
 * The app's logger: JSON lines to `destination`, by default stdout written
 * asynchronously in batches: lines wait until 4 KB have gathered or a
 * quarter second has passed, whichever comes first, so a busy server makes
 * one write for a dozen lines, and a quiet one still shows each line within
 * a quarter second to whoever tails the log. (A write per line, each a
 * system call and a wake-up of the log's reader, cost a quarter of the
 * throughput of the day's bookings on a 2-core machine.) pino flushes what
 * is left when the process exits; a process killed outright (SIGKILL) loses
 * at most that quarter second of lines.
 */
export function createLogger(destination?: pino.DestinationStream): Logger {
  const env = getEnv()
  return pino(
    {
      level: env.LOG_LEVEL,
      serializers: { err: serializeError, error: serializeError },
      // Belt and braces: nothing that looks like a secret may reach a log line.
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          'password',
          '*.password',
          'token',
          '*.token',
        ],
        remove: true,
      },
    },
    destination ?? pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 }),
  )
}

/**
 * Resolves when the log's buffered lines are written, or could not be, or
 * after `ms`. A process ends by this and not by pino's own flush at exit:
 * that one writes synchronously and, with sonic-boom 4, retries a write to a
 * closed pipe forever (a server whose log collector had died never stopped).
 * Written asynchronously, a closed pipe is an error pino recognises (EPIPE),
 * after which it stops writing, its flush at exit included; a pipe that is
 * merely full cannot hold the exit for longer than `ms`.
 */
export function flushLog(logger: Logger, ms = 2_000) {
  return new Promise<void>((resolve) => {
    const giveUp = setTimeout(resolve, ms)
    logger.flush(() => {
      clearTimeout(giveUp)
      resolve()
    })
  })
}
