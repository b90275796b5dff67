import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'

// The real `server.ts` in a process of its own, for what only a whole server
// shows: that it is still up after a request that used to kill it, what it
// logs on start, how it shuts down. It uses the test file's database when
// that is PostgreSQL, and its own embedded database (in a temp DATA_DIR) otherwise.

export type SpawnedServer = {
  url: string
  child: ChildProcess
  /** Every log line so far (pino JSON, parsed). */
  logs: Record<string, unknown>[]
  stop: () => Promise<number | null>
}

export async function spawnServer(
  env: Record<string, string | undefined> = {},
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: Record<string, unknown>[] = []
  let stderr = ''
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)))
  const url = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>
        logs.push(entry)
        if (typeof entry.port === 'number') resolve(`http://127.0.0.1:${entry.port}`)
      } catch {
        logs.push({ msg: line })
      }
    })
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code} before listening:\n${stderr}`)),
    )
  })
  const stop = async () => {
    if (child.exitCode !== null) return child.exitCode
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const code = await exited
    fs.rmSync(dataDir, { recursive: true, force: true })
    return code
  }
  return { url, child, logs, stop }
}
