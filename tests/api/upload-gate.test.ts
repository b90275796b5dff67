import net from 'node:net'
import { describe, expect, it, onTestFinished } from 'vitest'
import { setNow } from '../../app/infra/clock.server'
import { createWorkQueue, type WorkQueue } from '../../app/infra/work-queue.server'
import { UPLOAD_WAIT_MS } from '../../server/app'
import { createUser } from '../support/factories'
import { Client, startExtraServer } from '../support/http'

// Large uploads (the photo forms, up to 55 MB) are read and handled a few at
// a time, so memory holds a bounded number of them; one that waits too long
// for its turn is told to try again (503 with Retry-After), and its body was
// never read. Here the server takes ONE at a time.

const MB = 1024 * 1024

/**
 * The queue the server is given, watched: `when(holds)` resolves once `holds()`
 * is true after an upload arrives or starts. The test waits on the queue's own
 * changes, however long the server takes to reach them (a session read on a
 * busy PostgreSQL), never on a count of event-loop turns.
 */
function watchedQueue(queue: WorkQueue) {
  const watchers = new Set<() => void>()
  const changed = () => watchers.forEach((check) => check())
  const uploads: WorkQueue = {
    get waiting() {
      return queue.waiting
    },
    get running() {
      return queue.running
    },
    run(job) {
      const done = queue.run(() => {
        changed()
        return job()
      })
      changed()
      return done
    },
  }
  const when = (holds: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!holds()) return
        watchers.delete(check)
        resolve()
      }
      watchers.add(check)
      check()
    })
  return { uploads, when }
}

/** A raw upload that sends its head and `sent` bytes of a `size`-byte body, then waits. */
async function startUpload(base: string, cookie: string, size: number, sent: number) {
  const { hostname, port } = new URL(base)
  const socket = net.connect(Number(port), hostname)
  await new Promise((resolve) => socket.once('connect', resolve))
  // Whatever the test's end, the socket goes first (the server's close waits for it).
  onTestFinished(() => void socket.destroy())
  let text = ''
  socket.on('data', (chunk) => (text += String(chunk)))
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  const answered = new Promise<number>((resolve) => {
    const check = () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]
      if (status && text.includes('\r\n\r\n')) resolve(Number(status))
    }
    socket.on('data', check)
    socket.on('close', check)
  })
  const write = (chunk: Buffer | string) =>
    new Promise<void>((resolve, reject) =>
      socket.write(chunk, (error) => (error ? reject(error) : resolve())),
    )
  await write(
    `POST /api/pets HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${size}\r\n\r\n`,
  )
  await write(Buffer.alloc(sent, 0x61))
  return {
    answered,
    headers: () => text.split('\r\n\r\n')[0],
    async finish() {
      await write(Buffer.alloc(size - sent, 0x61)).catch(() => {})
      return answered
    },
    close: async () => {
      socket.end()
      await closed
    },
  }
}

describe('large uploads, one at a time', () => {
  it('an upload that waited past its turn gets 503 with Retry-After; the next one is served', async () => {
    const start = Date.parse('2031-05-01T12:00:00.000Z')
    setNow(new Date(start))
    const { uploads, when } = watchedQueue(
      createWorkQueue({ concurrency: 1, maxWaitMs: UPLOAD_WAIT_MS }),
    )
    const server = await startExtraServer({ uploads })
    onTestFinished(server.close)
    const user = await createUser()
    const client = new Client(server.base)
    await client.login(user.email)

    // The first takes the only turn and holds it: its last bytes are still to come.
    const first = await startUpload(server.base, client.cookie, 2 * MB, 2 * MB - 10)
    await when(() => uploads.running === 1)
    // The second waits for its turn; its body is not read meanwhile.
    const second = await startUpload(server.base, client.cookie, 2 * MB, 64 * 1024)
    await when(() => uploads.waiting === 1)
    setNow(new Date(start + UPLOAD_WAIT_MS + 1000))
    // The first ends (its body is no pet: 400); the second's turn comes too late.
    expect(await first.finish()).toBe(400)
    expect(await second.answered).toBe(503)
    expect(second.headers()).toMatch(/\r\nRetry-After: 30\r\n/i)
    await Promise.all([first.close(), second.close()])

    // With the way clear, an upload is served at once.
    const third = await startUpload(server.base, client.cookie, 1 * MB, 1 * MB - 10)
    expect(await third.finish()).toBe(400)
    await third.close()
  })
})
