import { describe, expect, it } from 'vitest'
import { createDb } from '../../app/infra/db.server'
import { capturedLog } from '../support/captured-log'

// knex's own warnings go to the server's log as JSON lines. knex's default
// prints them with console.log: on stdout among the log's lines, and, when
// the log's reader had died, as an EPIPE that crashed the server.

describe("knex's warnings", () => {
  it('are logged through the logger given, not printed', async () => {
    const { logger, lines } = capturedLog()
    const printed: unknown[] = []
    const print = console.log
    console.log = (...args: unknown[]) => void printed.push(args)
    // Port 1: nothing listens there, so every connection is refused.
    const { db } = createDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', logger })
    try {
      await expect(db.raw('select 1')).rejects.toThrow(/ECONNREFUSED/)
    } finally {
      console.log = print
      await db.destroy()
    }
    expect(printed).toEqual([])
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        from: 'knex',
        msg: expect.stringMatching(/^Acquire connection error: .*ECONNREFUSED/s),
      }),
    )
  })
})
