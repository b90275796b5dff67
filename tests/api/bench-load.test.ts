import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { load } from '../../scripts/lib/load'

// The bench's load (scripts/lib/load.ts) must run its warm-up before the
// seconds it counts: a server is measured warm (docs/decisions/048). Called
// with a callback, autocannon skipped the warm-up without a word and counted
// from the first request. The warm-up is a run of its own, on connections of
// its own, so a server that counts the connections it accepted shows whether
// it came (a count, not a timing).

let server: http.Server
let connections = 0
let answered = 0
let url = ''

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    answered += 1
    res.end('ok')
  })
  server.on('connection', () => (connections += 1))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

test('a warm-up runs on its own connections before the counted load, and is not counted', async () => {
  const measured = await load(url, { connections: 2, seconds: 1, warmup: 1 })
  expect(measured.errors).toBe(0)
  expect(measured.requests).toBeGreaterThan(0)
  // Two connections to warm up, two for the counted second.
  expect(connections).toBe(4)
  // The warm-up's requests were answered but not counted.
  expect(answered).toBeGreaterThan(measured.requests)
})
