import http from 'node:http'
import zlib from 'node:zlib'

// A request over node:http that keeps the answer as it came: the status and
// reason, the headers in their order, the bytes (still compressed) — for tests
// that compare two ways of answering byte for byte.

export type Raw = { status: number; statusText: string; headers: [string, string][]; body: Buffer }

export function rawRequest(
  url: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const pairs: [string, string][] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          pairs.push([res.rawHeaders[i].toLowerCase(), res.rawHeaders[i + 1]])
        resolve({
          status: res.statusCode!,
          statusText: res.statusMessage ?? '',
          headers: pairs,
          body: Buffer.concat(chunks),
        })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/** The headers that are the same for every answer of a kind (not the CSP nonce, the request id or the date). */
export const stableHeaders = (r: Raw) =>
  r.headers.filter(([name]) => !['content-security-policy', 'x-request-id', 'date'].includes(name))

/** The value of a header (lower-case name), or undefined. */
export const headerOf = (r: Raw, name: string) => r.headers.find(([n]) => n === name)?.[1]

/** The body as text, uncompressed. */
export function decodedText(r: Raw): string {
  const encoding = headerOf(r, 'content-encoding')
  if (encoding === 'br') return zlib.brotliDecompressSync(r.body).toString()
  if (encoding === 'gzip') return zlib.gunzipSync(r.body).toString()
  return r.body.toString()
}
