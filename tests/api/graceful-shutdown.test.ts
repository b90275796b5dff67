import http from 'node:http'
import type { Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { Client } from '../support/http'
import { spawnServer, type SpawnedServer } from '../../scripts/lib/spawn-server'

// A server told to stop (SIGTERM, as a deploy or nginx's pool change does)
// finishes what it started: a request in flight is answered in full, an idle
// keep-alive connection is closed so its client goes elsewhere, new
// connections are refused, and the process exits 0 once the pool is closed.

let server: SpawnedServer | undefined
afterAll(async () => {
  await server?.stop()
})

/**
 * A POST held in flight: the server has taken it (its `100 Continue` says it
 * read the headers and began the request) and has half its body; the test
 * sends the rest when it likes.
 */
async function startSlowPost(url: URL, cookie: string, body: string) {
  const req = http.request(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      Expect: '100-continue',
      Cookie: cookie,
    },
  })
  const begun = new Promise<void>((resolve) => req.once('continue', () => resolve()))
  const answered = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      req.on('response', (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }))
      })
      req.on('error', reject)
    },
  )
  req.flushHeaders()
  await begun
  const half = Math.floor(body.length / 2)
  req.write(body.slice(0, half))
  return { finish: () => req.end(body.slice(half)), answered }
}

describe('SIGTERM', () => {
  it('answers the request in flight, closes idle connections, refuses new ones, exits 0', async () => {
    server = await spawnServer({ DEMO_MODE: 'true', FIXED_NOW: '2026-11-23T15:00:00Z' })
    const client = new Client(server.url)
    await client.login('demo-client@example.com', 'password')

    // An idle keep-alive connection, open before the signal.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const socket = await new Promise<Socket>((resolve) =>
      http.get(`${server!.url}/healthz`, { agent }, (res) => {
        const s = res.socket
        res.resume()
        res.on('end', () => resolve(s))
      }),
    )
    const idleClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()))

    // A request in flight: half its body sent.
    const post = await startSlowPost(
      new URL('/api/reviews', server.url),
      client.cookie,
      JSON.stringify({ review: 'Sent while the server was stopping', paws: 5 }),
    )
    server.child.kill('SIGTERM')
    await server.waitForLog((e) => String(e.msg).startsWith('shutting down'))

    await idleClosed
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()

    post.finish()
    const answer = await post.answered
    expect(answer.status).toBe(201)
    expect(JSON.parse(answer.body)).toMatchObject({
      review: 'Sent while the server was stopping',
      paws: 5,
    })
    expect(answer.headers.connection).toBe('close')

    expect(await server.exited).toBe(0)
    await server.waitForLog((e) => e.msg === 'shut down')
    agent.destroy()
  }, 60_000)

  // A log collector that died leaves the server writing into a closed pipe.
  // pino's last-gasp flush at exit (sonic-boom 4's flushSync) retries such a
  // write forever, so a server whose log nobody reads never stopped: the
  // deploy waited, then killed it.
  it('exits 0 when nobody reads its log any more', async () => {
    const orphan = await spawnServer({ DEMO_MODE: 'true', FIXED_NOW: '2026-11-23T15:00:00Z' })
    try {
      orphan.child.stdout!.destroy()
      orphan.child.kill('SIGTERM')
      expect(await orphan.exited).toBe(0)
    } finally {
      orphan.child.kill('SIGKILL')
      await orphan.stop()
    }
  }, 30_000)
})
