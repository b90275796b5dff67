import type { IncomingMessage, ServerResponse } from 'node:http'
import { BODY_TOO_LARGE_ERROR } from '../app/http/body-limits'

// Every request body is counted as it streams in — Content-Length or chunked
// alike — against its route's limit (app/http/body-limits.ts), and nothing
// past the limit is ever read into memory:
//
//  - a declared Content-Length over the limit is refused at once (413);
//  - the app reads the body through `stream()`, which fails with a
//    BodyTooLargeError the moment the count passes the limit (the readers of
//    app/http answer 413);
//  - a body the app did not read (a 401 before the upload, say) is read and
//    thrown away once the answer starts, up to the limit, so the client —
//    still sending — gets the answer and the connection stays usable. This is
//    what nginx calls a lingering close.
//
// Past the limit the connection is closed: the answer is sent with
// `Connection: close`, the rest of the body is discarded for a short while
// (so the client, still writing, reads the answer rather than a reset), and
// then the socket is destroyed.

const LINGER_MS = 2_000

export class RequestBody {
  /** Bytes read so far (by the app, or drained). */
  read = 0
  exceeded = false
  private mode: 'idle' | 'stream' | 'drain' = 'idle'
  private controller?: ReadableStreamDefaultController<Uint8Array>
  private lingering = false

  constructor(
    private req: IncomingMessage,
    readonly limit: number,
  ) {}

  /** The whole body has arrived (what is left unread is already in memory, and small). */
  get complete() {
    return this.req.complete
  }

  /** True when the request declares a body longer than the limit. */
  declaredTooLarge(): boolean {
    const declared = this.req.headers['content-length']
    return declared !== undefined && Number(declared) > this.limit
  }

  /** The body for the app, counted as it is pulled. */
  stream(): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller
        },
        pull: () => {
          if (this.mode === 'idle') {
            this.mode = 'stream'
            this.req.on('data', this.onData)
            this.req.once('end', this.onEnd)
            this.req.once('error', this.onError)
          }
          if (this.mode === 'stream') this.req.resume()
        },
        cancel: () => {
          // The app stopped reading; whatever is left is drained with the answer.
          if (this.mode === 'stream') this.req.pause()
        },
      },
      { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
    )
  }

  private onData = (chunk: Buffer) => {
    this.read += chunk.length
    if (this.read > this.limit) {
      this.exceeded = true
      this.req.pause()
      this.req.off('data', this.onData)
      if (this.mode === 'stream') {
        const error = new Error('Request body is over its limit')
        error.name = BODY_TOO_LARGE_ERROR
        this.controller?.error(error)
      }
      return
    }
    if (this.mode === 'stream') {
      this.controller!.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length))
      if ((this.controller!.desiredSize ?? 1) <= 0) this.req.pause()
    }
    // drain mode: the chunk is dropped
  }

  private onEnd = () => {
    if (this.mode === 'stream') this.controller?.close()
  }

  private onError = (error: Error) => {
    if (this.mode === 'stream') this.controller?.error(error)
  }

  /** The answer is starting: read and discard whatever the app left unread, up to the limit. */
  drain() {
    if (this.lingering || this.exceeded || this.complete) return
    if (this.mode === 'stream') {
      // The app stopped reading; what it did not take is thrown away.
      this.mode = 'drain'
    } else if (this.mode === 'idle') {
      this.mode = 'drain'
      this.req.on('data', this.onData)
      this.req.once('error', () => {})
    }
    this.req.resume()
  }

  /**
   * The answer to a body past its limit goes out with `Connection: close`.
   * Node would then end AND destroy the socket as soon as the answer is
   * written, and a client still sending would read a reset instead of the
   * answer. So the socket is only half-closed (the answer, then FIN); what
   * still arrives is thrown away for LINGER_MS; then it is destroyed.
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
    this.req.resume()
    const timer = setTimeout(() => socket.destroy(), LINGER_MS)
    timer.unref()
    socket.once('close', () => clearTimeout(timer))
  }
}

/**
 * Express middleware: counts every request body against `limitFor`,
 * refuses a declared length over it with 413, and drains or closes after the
 * answer as described above. The body is at `res.locals.body`.
 */
export function guardRequestBodies(
  limitFor: (method: string, path: string) => number,
  tooLargeMessage: (method: string, path: string) => string,
) {
  return (
    req: IncomingMessage & { path?: string },
    res: ServerResponse & { locals: Record<string, unknown> },
    next: () => void,
  ) => {
    const path = req.path ?? new URL(req.url ?? '/', 'http://x').pathname
    const body = new RequestBody(req, limitFor(req.method ?? 'GET', path))
    res.locals.body = body

    const writeHead = res.writeHead
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (!this.headersSent) {
        if (body.exceeded || body.declaredTooLarge()) {
          this.setHeader('Connection', 'close')
          body.lingerAfterAnswer()
        } else body.drain()
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args)
    } as typeof res.writeHead
    // A body that passed its limit while being drained: end the connection too.
    res.once('finish', () => {
      if (body.exceeded) body.lingerAfterAnswer()
    })

    if (body.declaredTooLarge()) {
      body.exceeded = true
      const payload = JSON.stringify({ message: tooLargeMessage(req.method ?? 'GET', path) })
      res.writeHead(413, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(payload),
      })
      res.end(payload)
      return
    }
    next()
  }
}
