import crypto from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { writeReadableStreamToWritable } from '@react-router/node'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { keepDrainListenersRemovable } from '../../server/app'

// A big page streamed the way React Router streams it (write; on backpressure
// once('drain') then off('drain')) through gzip must not pile drain listeners
// onto the zlib stream (expressjs/compression#135), and must arrive whole.

const CHUNKS = 300
const CHUNK_BYTES = 16 * 1024
let server: Server
let base = ''
let body: Buffer

beforeAll(async () => {
  // Random bytes do not compress, so gzip pushes back on almost every chunk.
  body = crypto.randomBytes(CHUNKS * CHUNK_BYTES)
  const app = express()
  app.use(compression(), keepDrainListenersRemovable)
  app.get('/big', async (_req, res) => {
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= body.length) return controller.close()
        controller.enqueue(body.subarray(sent, sent + CHUNK_BYTES))
        sent += CHUNK_BYTES
      },
    })
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    await writeReadableStreamToWritable(stream, res)
  })
  app.get('/small', (_req, res) => {
    res.json({ ok: true })
  })
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

test('a big streamed page through gzip adds no drain-listener leak and arrives whole', async () => {
  const warnings: string[] = []
  const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`)
  process.on('warning', onWarning)
  try {
    const res = await fetch(`${base}/big`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    // (fetch undoes the gzip itself)
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true)
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve))
    expect(warnings).toEqual([])
  } finally {
    process.off('warning', onWarning)
  }
})

test('responses that are not compressed still drain and finish', async () => {
  const res = await fetch(`${base}/big`, { headers: { 'Accept-Encoding': 'identity' } })
  expect(res.headers.get('content-encoding')).toBeNull()
  expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true)
  const small = await fetch(`${base}/small`)
  expect(await small.json()).toEqual({ ok: true })
})
