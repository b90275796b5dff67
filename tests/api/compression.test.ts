import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { createReview, createUser } from '../support/factories'
import { startServer } from '../support/http'

// What the server compresses, and how: pages and JSON of 1 KB or more, in
// brotli for browsers that take it, else gzip; small answers as they are (the
// framing would cost more than it saves); built files compressed once and
// answered with an ETag (304 when the browser has them). fetch() would undo
// the encoding by itself, so these requests go through node:http, which
// shows the bytes as they came.

let base: string
beforeAll(async () => {
  base = await startServer()
})

function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(base + url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        )
      })
      .on('error', reject)
  })
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br'
    ? zlib.brotliDecompressSync(body)
    : encoding === 'gzip'
      ? zlib.gunzipSync(body)
      : body

/** A page's HTML without its per-answer nonce (named in its CSP), to compare two answers. */
function withoutNonce(html: string, headers: http.IncomingHttpHeaders) {
  const nonce = /'nonce-([^']+)'/.exec(String(headers['content-security-policy']))![1]
  return html.split(nonce).join('NONCE')
}

describe('compression', () => {
  it('streams a page in brotli or gzip, as the browser asks, and the page arrives whole', async () => {
    const plain = await get('/reviews')
    expect(plain.headers['content-encoding']).toBeUndefined()
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0.1, gzip;q=0.9', 'gzip'],
    ]) {
      const res = await get('/reviews', { 'Accept-Encoding': accept })
      expect(res.status).toBe(200)
      expect(res.headers['content-encoding'], accept).toBe(expected)
      expect(res.headers.vary).toMatch(/Accept-Encoding/i)
      const html = decode(expected, res.body).toString()
      expect(res.body.length).toBeLessThan(html.length / 2)
      expect(withoutNonce(html, res.headers)).toBe(
        withoutNonce(plain.body.toString(), plain.headers),
      )
    }
  })

  it('compresses JSON of 1 KB or more; a small answer goes as it is, with its length', async () => {
    const author = await createUser()
    for (let i = 0; i < 12; i++)
      await createReview({ author, review: `A long and lovely stay, number ${i}, `.repeat(4) })
    const big = await get('/api/reviews', { 'Accept-Encoding': 'gzip' })
    expect(big.headers['content-encoding']).toBe('gzip')
    const reviews = JSON.parse(zlib.gunzipSync(big.body).toString())
    expect(reviews.reviews.length).toBeGreaterThanOrEqual(12)

    const small = await get('/api/auth', { 'Accept-Encoding': 'gzip, br' })
    expect(small.status).toBe(401)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(Number(small.headers['content-length'])).toBe(small.body.length)
    expect(JSON.parse(small.body.toString())).toEqual({ message: expect.any(String) })
  })

  it('answers a built file compressed, with an ETag, and 304 when the browser has it', async () => {
    const dir = path.resolve(process.env.BUILD_DIR ?? 'build', 'client', 'assets')
    const file = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size)[0]
    const original = fs.readFileSync(path.join(dir, file))
    const br = await get(`/assets/${file}`, { 'Accept-Encoding': 'br, gzip' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true)
    const etag = br.headers.etag!
    expect(etag).toMatch(/^"[^"]+"$/)

    const again = await get(`/assets/${file}`, { 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    const plain = await get(`/assets/${file}`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.equals(original)).toBe(true)

    // A file that is not there is the app's 404, not an error.
    expect((await get('/assets/no-such-file.js')).status).toBe(404)
  })
})
