import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'

// The real `server.ts` in a process of its own, for what only a whole server
// shows: that it is still up after a request that used to kill it, what it
// logs on start, how it shuts down; several of them make the cluster of the
// bench, the soak and the cluster test. It uses DATABASE_URL from the
// environment when set (a test file's PostgreSQL database, say), and its own
// embedded database (in a temp DATA_DIR) otherwise. `quiet` drops the
// request log lines (a bench makes millions) instead of keeping them.

/**
 * The flags `npm start` gives Node (its `SEMI_SPACE_MB` left unset), so that a
 * server the bench, the soak or an API test starts runs as a deployed one does:
 * a young generation of 32 MB semi-spaces instead of V8's 16 (decision 050).
 * `tests/api/server-process.test.ts` checks the two agree.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32']

export type SpawnedServer = {
  url: string
  child: ChildProcess
  /** Every log line so far (pino JSON, parsed). */
  logs: Record<string, unknown>[]
  /** Resolves with the first log line (seen or to come) that `match` accepts. */
  waitForLog: (
    match: (entry: Record<string, unknown>) => boolean,
  ) => Promise<Record<string, unknown>>
  /** Resolves with the exit code when the process has exited. */
  exited: Promise<number | null>
  stop: () => Promise<number | null>
}

export async function spawnServer(
  env: Record<string, string | undefined> = {},
  {
    quiet = false,
    cwd,
  }: {
    quiet?: boolean
    /** The checkout whose server.ts (and build) to run: this one when not given. */
    cwd?: string
  } = {},
): Promise<SpawnedServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-hotel-spawn-'))
  const childEnv: Record<string, string> = {}
  for (const [k, v] of Object.entries({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'info',
    ...env,
  }))
    if (v !== undefined) childEnv[k] = v
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server.ts'], {
    cwd,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: Record<string, unknown>[] = []
  const watchers: {
    match: (e: Record<string, unknown>) => boolean
    found: (e: Record<string, unknown>) => void
  }[] = []
  const logged = (entry: Record<string, unknown>) => {
    logs.push(entry)
    for (const w of [...watchers])
      if (w.match(entry)) {
        watchers.splice(watchers.indexOf(w), 1)
        w.found(entry)
      }
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  let stderr = ''
  child.stderr!.on('data', (chunk) => (stderr = (stderr + String(chunk)).slice(-10_000)))
  const url = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      if (quiet && line.includes('"msg":"request completed"')) return
      try {
        const entry = JSON.parse(line) as Record<string, unknown>
        logged(entry)
        if (typeof entry.port === 'number') resolve(`http://127.0.0.1:${entry.port}`)
      } catch {
        logged({ msg: line })
      }
    })
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code} before listening:\n${stderr}`)),
    )
  })
  const waitForLog = (match: (entry: Record<string, unknown>) => boolean) => {
    const seen = logs.find(match)
    if (seen) return Promise.resolve(seen)
    return new Promise<Record<string, unknown>>((found) => watchers.push({ match, found }))
  }
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    const code = await exited
    fs.rmSync(dataDir, { recursive: true, force: true })
    return code
  }
  return { url, child, logs, waitForLog, exited, stop }
}
