import { afterEach, describe, expect, it } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { getDb } from '../../app/infra/db.server'
import { createSession } from '../../app/models/session.server'
import { startMaintenance } from '../../server/maintenance'
import { capturedLog } from '../support/captured-log'
import { createUser } from '../support/factories'

// Every app server's housekeeping (server/maintenance.ts) runs once at start
// and then every ten minutes. A server told to stop closes its database
// after stop(): a run in progress must finish first, not have its queries
// cut off (which it logged as a failure at every quick restart).

afterEach(() => setNow(undefined))

describe('maintenance', () => {
  it('stop() resolves once the run in progress is done', async () => {
    const db = await getDb()
    const user = await createUser()
    setNow('2031-05-01T12:00:00Z')
    await createSession({ userId: user.id, userAgent: 'never used again' })
    // 91 days on, the session is past both its idle and its total limit.
    setNow('2031-07-31T12:00:00Z')
    const { logger, lines } = capturedLog()

    const stop = startMaintenance(logger)
    await stop()

    const left = await db('sessions').where({ user_id: user.id }).count({ n: '*' }).first()
    expect(Number(left!.n)).toBe(0)
    expect(lines.filter((l) => l.level >= 40)).toEqual([])
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'purged expired rows' }))
  })
})
