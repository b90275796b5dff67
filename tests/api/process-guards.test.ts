import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

// No rejected promise that nobody awaits can exit the server: it is logged
// and the process keeps serving. Shown in a process of its own, with and
// without the guard that server.ts installs.

function run(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tests/support/scripts/unhandled-rejection.ts', ...args],
    { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'info' }, timeout: 60_000 },
  )
  const out = result.stdout.trim().split('\n').filter(Boolean).at(-1)
  return { status: result.status, report: out ? JSON.parse(out) : null }
}

describe('an unhandled promise rejection', () => {
  it('is logged, and the process carries on', () => {
    const { status, report } = run('--guard')
    expect(status).toBe(0)
    expect(report.alive).toBe(true)
    const entry = JSON.parse(report.logged[0])
    expect(entry.level).toBe(50) // error
    expect(entry.msg).toMatch(/unhandled promise rejection/)
    expect(entry.err.message).toBe('Invalid time value')
  })

  it('would end the process without the guard (what the guard protects against)', () => {
    const { status, report } = run()
    expect(status).not.toBe(0)
    expect(report).toBeNull()
  })
})
