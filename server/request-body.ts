import type { IncomingMessage, ServerResponse } from 'node:http'

// Every request body is counted as it streams in — Content-Length or chunked
// alike — against its route's limit (app/http/body-limits.ts), and nothing
// past the limit is ever read into memory:
//
//  - a declared Content-Length over the limit is refused at once (413);
//  - before React Router runs a route, the body is read in full, counting,
//    and a body that passes the limit is refused with 413 without the route
//    ever running — so an oversized request changes nothing, whatever the
//    route would have done with it;
//  - an answer given before the body was read (a cross-site refusal, say)
//    reads and throws away the rest while it goes out, up to the limit, so
//    the client — still sending — gets the answer and the connection stays
//    usable. This is what nginx calls a lingering close.
//
// Past the limit the connection is closed: the answer goes out with
// `Connection: close`, what still arrives is thrown away for a short while
// (so a client still writing reads the answer, not a reset), and then the
// socket is destroyed.

const LINGER_MS = 2_000

export class RequestBody {
  /** Bytes read so far. */
  read = 0
  exceeded = false
  private reading = false
  private lingering = false

  constructor(
    private req: IncomingMessage,
    readonly limit: number,
  ) {}

  /** True when the request declares a body longer than the limit. */
  declaredTooLarge(): boolean {
    const declared = this.req.headers['content-length']
    return declared !== undefined && Number(declared) > this.limit
  }

  /** The whole body, or null when it passed the limit (reading stops there). */
  readAll(): Promise<Buffer | null> {
    this.reading = true
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = []
      const onData = (chunk: Buffer) => {
        this.read += chunk.length
        if (this.read > this.limit) {
          this.exceeded = true
          cleanup()
          this.req.pause()
          resolve(null)
          return
        }
        chunks.push(chunk)
      }
      const onEnd = () => {
        cleanup()
        resolve(Buffer.concat(chunks))
      }
      const onError = (error: Error) => {
        cleanup()
        reject(error)
      }
      const cleanup = () => {
        this.req.off('data', onData)
        this.req.off('end', onEnd)
        this.req.off('error', onError)
      }
      this.req.on('data', onData)
      this.req.on('end', onEnd)
      this.req.on('error', onError)
    })
  }

  /**
   * Reads the whole body and keeps none of it: true when it ended within the
   * limit, false when it passed it (reading stops there).
   */
  discardAll(): Promise<boolean> {
    this.reading = true
    return new Promise((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        this.read += chunk.length
        if (this.read > this.limit) {
          this.exceeded = true
          cleanup()
          this.req.pause()
          resolve(false)
        }
      }
      const onEnd = () => {
        cleanup()
        resolve(true)
      }
      const onError = (error: Error) => {
        cleanup()
        reject(error)
      }
      const cleanup = () => {
        this.req.off('data', onData)
        this.req.off('end', onEnd)
        this.req.off('error', onError)
      }
      this.req.on('data', onData)
      this.req.on('end', onEnd)
      this.req.on('error', onError)
    })
  }

  /** The answer is starting before the body was read: read and discard it, up to the limit. */
  drainWhileAnswering() {
    if (this.reading || this.lingering || this.req.complete) return
    this.reading = true
    this.req.on('data', (chunk: Buffer) => {
      this.read += chunk.length
      if (this.read > this.limit && !this.exceeded) {
        this.exceeded = true
        this.lingerAfterAnswer()
      }
    })
    this.req.on('error', () => {})
    this.req.resume()
  }

  /**
   * Ends the connection of a body past its limit. Node would end AND destroy
   * a `Connection: close` socket as soon as the answer is written, and a
   * client still sending would read a reset instead of the answer. So the
   * socket is only half-closed (the answer, then FIN); what still arrives is
   * thrown away for LINGER_MS; then it is destroyed.
   */
  lingerAfterAnswer() {
    if (this.lingering) return
    this.lingering = true
    const socket = this.req.socket
    if (!socket || socket.destroyed) return
    const patched = socket as typeof socket & { destroySoon?: () => void }
    patched.destroySoon = () => {
      socket.end()
    }
    this.req.removeAllListeners('data')
    this.req.on('data', () => {})
    this.req.on('error', () => {})
    this.req.resume()
    const timer = setTimeout(() => socket.destroy(), LINGER_MS)
    timer.unref()
    socket.once('close', () => clearTimeout(timer))
  }
}

/** True when a request comes with a body (a length above 0, or chunked). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length']
  if (length !== undefined) return length !== '0'
  return req.headers['transfer-encoding'] !== undefined
}

/**
 * Counts the body of `req` against `limit` and drains or closes around the
 * answer as described above: the first time the answer's head is written, a
 * body past its limit gets `Connection: close` and a lingering close, and a
 * body not yet read is read and thrown away while the answer goes out.
 */
export function countBody(req: IncomingMessage, res: ServerResponse, limit: number): RequestBody {
  const body = new RequestBody(req, limit)
  if (!hasBody(req)) return body
  const writeHead = res.writeHead
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) {
      if (body.exceeded || body.declaredTooLarge()) {
        this.setHeader('Connection', 'close')
        body.lingerAfterAnswer()
      } else body.drainWhileAnswering()
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args)
  } as typeof res.writeHead
  return body
}
