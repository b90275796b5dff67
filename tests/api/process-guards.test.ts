import { spawn, spawnSync } from 'node:child_process'
import readline from 'node:readline'
import { describe, expect, it, onTestFinished } from 'vitest'

// The guards server.ts installs (server/process-guards.ts), each shown in a
// process of its own. No rejected promise that nobody awaits, and no line
// printed after the log's reader has died, can exit the server; an exception
// nobody caught does end it, logged, and always with code 1.

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

/** tests/support/scripts/closed-output.ts in a process of its own, driven line by line. */
async function startProcess(args: string[], { closeStdout }: { closeStdout: boolean }) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/support/scripts/closed-output.ts', ...args],
    { env: { ...process.env, LOG_LEVEL: 'info' }, stdio: ['pipe', 'pipe', 'pipe'] },
  )
  // 'close', not 'exit': by then every line the process wrote has been read.
  const exited = new Promise<string>((resolve) =>
    child.once('close', (code) => resolve(`exit ${code}`)),
  )
  const said: string[] = []
  const listeners: (() => void)[] = []
  readline.createInterface({ input: child.stderr! }).on('line', (line) => {
    said.push(line)
    for (const listener of listeners) listener()
  })
  /** Resolves with `line` once the process has said it on stderr, or with how it exited first. */
  const hears = (line: string) =>
    Promise.race([
      exited,
      new Promise<string>((resolve) => {
        const check = () => said.includes(line) && resolve(line)
        listeners.push(check)
        check()
      }),
    ])
  expect(await hears('ready')).toBe('ready')
  const logged: Record<string, unknown>[] = []
  if (closeStdout)
    await new Promise<void>((resolve) => child.stdout!.once('close', resolve).destroy())
  else
    readline
      .createInterface({ input: child.stdout! })
      .on('line', (line) => logged.push(JSON.parse(line)))
  const send = (command: string) => child.stdin!.write(`${command}\n`)
  onTestFinished(() => void child.kill('SIGKILL'))
  return { send, hears, exited, logged }
}

// A log collector that died leaves the server writing into a closed pipe.
describe('a closed stdout', () => {
  it('drops a line a library prints there, and the process carries on', async () => {
    const proc = await startProcess(['--guard'], { closeStdout: true })
    proc.send('print')
    expect(await proc.hears('alive')).toBe('alive')
  })

  it('would end the process without the guard (what the guard protects against)', async () => {
    const proc = await startProcess([], { closeStdout: true })
    proc.send('print')
    expect(await proc.hears('alive')).toBe('exit 1')
  })
})

describe('an uncaught exception', () => {
  it('is logged, and ends the process with code 1', async () => {
    const proc = await startProcess(['--guard'], { closeStdout: false })
    proc.send('crash')
    expect(await proc.exited).toBe('exit 1')
    expect(proc.logged.map((l) => l.msg)).toEqual([
      'a line waiting in the buffer',
      'uncaught exception: the server stops',
    ])
    expect(proc.logged[1]).toMatchObject({ level: 50, err: { message: 'nobody catches this' } })
  })

  // Node's own ending leaves pino's synchronous flush at exit, which retried
  // the buffered line into the closed pipe for ever: the process never ended.
  it('ends the process with code 1 when its log pipe is closed', async () => {
    const proc = await startProcess(['--guard'], { closeStdout: true })
    proc.send('crash')
    expect(await proc.exited).toBe('exit 1')
  })
})
