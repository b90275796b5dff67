import http from 'node:http'
import { beforeAll, describe, expect, it } from 'vitest'
import { petForm } from '../support/forms'
import { Client, startServer } from '../support/http'
import { createPet, createUser } from '../support/factories'

// Every request body is counted as it streams in, whatever its framing, and
// refused with 413 at its route's limit: 1 MB for JSON and forms without
// files, 55 MB for a pet form (five photos of 10 MB and its fields). Before,
// only Content-Length was checked: a chunked 400 MB form to /login was read
// whole and the process grew to gigabytes.

let base: string
let client: Client
let petId: number

beforeAll(async () => {
  base = await startServer()
  const user = await createUser()
  client = new Client(base)
  await client.login(user.email)
  petId = (await createPet({ owner: user })).id
})

const MB = 1024 * 1024

type Sent = { status: number; sentBytes: number; body: string; headers: http.IncomingHttpHeaders }

/**
 * Sends a chunked body of up to `totalBytes` (made as it is sent, never held
 * whole) and stops sending as soon as the answer arrives.
 */
function sendChunked(
  method: string,
  path: string,
  {
    totalBytes,
    contentType,
    head = '',
    cookie,
  }: { totalBytes: number; contentType: string; head?: string; cookie?: string },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0
    let answered = false
    const req = http.request(`${base}${path}`, {
      method,
      headers: {
        'Content-Type': contentType,
        'Transfer-Encoding': 'chunked',
        ...(cookie ? { Cookie: cookie } : {}),
      },
    })
    req.on('response', (res) => {
      answered = true
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c) => (body += c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, sentBytes, body, headers: res.headers }),
      )
    })
    req.on('error', (error) => {
      // Past the limit the server ends the connection once it has answered.
      const code = (error as NodeJS.ErrnoException).code
      if (answered || code === 'EPIPE' || code === 'ECONNRESET') return
      reject(error)
    })
    const chunk = Buffer.alloc(256 * 1024, 'a')
    if (head) {
      req.write(head)
      sentBytes += Buffer.byteLength(head)
    }
    const pump = () => {
      while (!answered && sentBytes < totalBytes) {
        sentBytes += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (!answered) req.end()
    }
    pump()
  })
}

describe('chunked bodies are counted as they stream', () => {
  it('a chunked 400 MB form to /login gets 413 after about 1 MB, and memory does not grow with it', async () => {
    const rssBefore = process.memoryUsage().rss
    const res = await sendChunked('POST', '/login', {
      totalBytes: 400 * MB,
      contentType: 'application/x-www-form-urlencoded',
      head: 'email=a%40b.c&password=',
    })
    expect(res.status).toBe(413)
    expect(res.headers.connection).toBe('close')
    // The answer came while the client was still at the start of its upload.
    expect(res.sentBytes).toBeLessThan(32 * MB)
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * MB)
  })

  it('every page action refuses a chunked form over 1 MB with 413', async () => {
    const paths = [
      '/login',
      '/signup',
      '/demo-login',
      '/logout', // refused before it runs: the session below survives
      '/',
      '/reviews',
      '/services',
      '/settings',
      '/bookings',
      `/bookings/pet/${petId}`,
      `/pets/${petId}`,
    ]
    for (const path of paths) {
      const res = await sendChunked('POST', path, {
        totalBytes: 3 * MB,
        contentType: 'application/x-www-form-urlencoded',
        head: 'intent=create&review=',
        cookie: client.cookie,
      })
      expect(res.status, path).toBe(413)
    }
    // Nothing ran: the client is still logged in.
    expect((await client.get('/api/auth/')).status).toBe(200)
  })

  it('a multipart body of 12 MB to a page that takes no photo is refused with 413', async () => {
    const boundary = 'b0undary'
    for (const framing of ['chunked', 'length'] as const) {
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="review"\r\n\r\n`
      if (framing === 'chunked') {
        const res = await sendChunked('POST', '/reviews', {
          totalBytes: 12 * MB,
          contentType: `multipart/form-data; boundary=${boundary}`,
          head,
          cookie: client.cookie,
        })
        expect(res.status).toBe(413)
      } else {
        const body = Buffer.concat([
          Buffer.from(head),
          Buffer.alloc(12 * MB, 'a'),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ])
        const res = await client.request('POST', '/reviews', {
          body,
          headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        })
        expect(res.status).toBe(413)
      }
    }
  })

  it('a chunked JSON body over 1 MB to the API gets the JSON 413', async () => {
    const res = await sendChunked('POST', '/api/auth/login', {
      totalBytes: 3 * MB,
      contentType: 'application/json',
      head: '{"email":"a@b.c","password":"',
    })
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body)).toEqual({ message: 'Request body is too large (1 MB at most)' })
  })

  it('a pet form may carry up to 55 MB: 12 MB of photos is read, and judged as photos', async () => {
    const form = petForm(
      {},
      { preview: Buffer.alloc(6 * MB, 1), additional: [Buffer.alloc(6 * MB, 2)] },
    )
    const res = await client.postForm('/api/pets', form)
    expect(res.status).toBe(400) // read in full, then refused: these bytes are no photos
    expect(res.body.errors.preview_image).toBe('Preview image must be an image')
  })
})

describe('a vaccination record with its certificate', () => {
  it('may carry one photo (11 MB in all) as multipart; more is 413, and any other body 1 MB', async () => {
    const head = '--x\r\nContent-Disposition: form-data; name="vaccine"\r\n\r\n'
    for (const path of [`/api/pets/${petId}/vaccinations`, `/pets/${petId}`]) {
      const over = await sendChunked('POST', path, {
        totalBytes: 12 * MB,
        contentType: 'multipart/form-data; boundary=x',
        head,
        cookie: client.cookie,
      })
      expect(over.status, path).toBe(413)
    }
    const api = await sendChunked('POST', `/api/pets/${petId}/vaccinations`, {
      totalBytes: 12 * MB,
      contentType: 'multipart/form-data; boundary=x',
      head,
      cookie: client.cookie,
    })
    expect(JSON.parse(api.body)).toEqual({
      message: 'Upload is too large (one photo of 10 MB at most)',
    })
    // 3 MB of JSON to the same address: held to 1 MB.
    const json = await sendChunked('POST', `/api/pets/${petId}/vaccinations`, {
      totalBytes: 3 * MB,
      contentType: 'application/json',
      head: '{"vaccine":"',
      cookie: client.cookie,
    })
    expect(json.status).toBe(413)
    expect(JSON.parse(json.body)).toEqual({ message: 'Request body is too large (1 MB at most)' })
    // 6 MB of multipart is read in full, and judged: those bytes are no photo.
    const form = new FormData()
    form.append('vaccine', 'Rabies')
    form.append('given_on', '2026-01-10')
    form.append('expires_on', '2027-01-10')
    form.append('certificate', new Blob([Buffer.alloc(6 * MB, 1)]), 'cert.jpg')
    const read = await client.postForm(`/api/pets/${petId}/vaccinations`, form)
    expect(read.status).toBe(400)
    expect(read.body.errors.certificate).toBe(
      'The certificate must be a photo (JPEG, PNG, WebP, HEIC or GIF)',
    )
  })
})

describe('a body past its limit', () => {
  it('a body past the limit is refused before the route runs, even one the route would refuse anyway', async () => {
    const res = await sendChunked('PUT', `/api/pets/${petId}`, {
      totalBytes: 70 * MB,
      contentType: 'multipart/form-data; boundary=x',
      head: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\n',
    })
    expect(res.status).toBe(413)
    expect(res.headers.connection).toBe('close')
    expect(JSON.parse(res.body)).toEqual({
      message: 'Upload is too large (10 MB per photo, five photos at most)',
    })
  })

  it('a declared length over the limit is refused at once with 413 and Connection: close', async () => {
    const res = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const req = http.request(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(5 * MB) },
      })
      req.on('response', (r) => {
        r.resume()
        resolve({ status: r.statusCode ?? 0, connection: r.headers.connection })
      })
      req.on('error', (e) =>
        ['EPIPE', 'ECONNRESET'].includes((e as NodeJS.ErrnoException).code ?? '')
          ? undefined
          : reject(e),
      )
      req.write('{"email":"')
    })
    expect(res).toEqual({ status: 413, connection: 'close' })
  })
})
