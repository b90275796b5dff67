import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import autocannon from 'autocannon'

// Load with autocannon, and the fastest Node answers the same bytes here: a
// bare `node:http` server, in a process of its own, replaying an answer the
// app gave (status, headers, body) — the yardstick of every bench figure.

export type Captured = { status: number; headers: [string, string][]; body: Buffer }

/** The app's answer to one GET, as the bare server will replay it. */
export async function capture(url: string, cookie?: string): Promise<Captured> {
  const res = await fetch(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' })
  const body = Buffer.from(await res.arrayBuffer())
  const headers: [string, string][] = []
  res.headers.forEach((value, key) => {
    // The bare server adds its own framing headers.
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(key))
      headers.push([key, value])
  })
  return { status: res.status, headers, body }
}

export type Running = { url: string; stop: () => Promise<void> }

export async function startBare(captured: Captured): Promise<Running> {
  const file = path.join(os.tmpdir(), `bench-bare-${process.pid}.json`)
  fs.writeFileSync(file, JSON.stringify({ ...captured, body: captured.body.toString('base64') }))
  const code = `
    const http = require('node:http')
    const c = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'))
    const body = Buffer.from(c.body, 'base64')
    const headers = [...c.headers.flat(), 'content-length', String(body.length)]
    const server = http.createServer((req, res) => { res.writeHead(c.status, headers); res.end(body) })
    server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })))
  `
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
  const url = await new Promise<string>((resolve) => {
    readline
      .createInterface({ input: child.stdout! })
      .once('line', (line) => resolve(`http://127.0.0.1:${JSON.parse(line).port}`))
  })
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

export type Measured = {
  rps: number
  p50: number
  p99: number
  errors: number
  /** Requests counted (the warm-up's are not). */
  requests: number
}

/**
 * `connections` keep-alive connections GET `url` as fast as it answers for
 * `seconds`, after `warmup` seconds of the same load that are not counted.
 * A server that has just started compiles each page's code as it first
 * serves it (V8's optimising compiler, on threads of its own that take CPU
 * from the server's main thread on this 2-core host), so its first seconds
 * under load are slower than the hours that follow: the warm-up is what lets
 * a measurement see the server as it runs all day. Errors: failed or
 * timed-out requests and non-2xx answers.
 */
export async function load(
  url: string,
  {
    connections,
    seconds,
    cookie,
    warmup = 1,
  }: { connections: number; seconds: number; cookie?: string; warmup?: number },
): Promise<Measured> {
  // Called with a callback, autocannon skips `warmup` without a word and
  // counts from the first request; its promise runs the warm-up first.
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: cookie ? { cookie } : {},
    warmup: { connections, duration: warmup },
  } as autocannon.Options)
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  }
}

export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits

export const machine = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}`

/**
 * What a server under measured load runs with: production, the demo accounts
 * (demoLogin), and no login throttle worth the name, since autocannon and the
 * logins all come from one address.
 */
export const LOAD_SERVER_ENV = {
  NODE_ENV: 'production',
  DEMO_MODE: 'true',
  SESSION_SECRET: 'bench-secret-bench-secret',
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: '100000',
  RATE_LIMIT_LOGINS_PER_IP: '100000',
}

/** A cookie for a demo account (the password of every demo account is "password"). */
export async function demoLogin(url: string, who: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `demo-${who}@example.com`, password: 'password' }),
  })
  if (res.status !== 200) throw new Error(`login as ${who}: ${res.status}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}
