import { capturedLog } from './captured-log'
import { startExtraServer } from './http'

// A server of the test's own whose request log the test reads: the log line
// of a request says how the server answered it (a visitor page kept or
// rendered, JSON the server sent itself), which is how a test sees that a
// fast way of answering is really taken and not only that it would be right.

export async function startLoggedServer() {
  const { logger, lines } = capturedLog()
  const { base, close } = await startExtraServer({ logger })

  /**
   * The `req` of the log line of the last request for `path`, waiting for it
   * (it is written when the answer is done); the lines so far are then forgotten.
   */
  async function loggedRequest(path: string): Promise<Record<string, any>> {
    for (let i = 0; i < 100; i++) {
      const line = lines.findLast((l) => l.req?.path === path)
      if (line) {
        lines.length = 0
        return line.req
      }
      await new Promise((resolve) => setImmediate(resolve))
    }
    throw new Error(`no log line for ${path}`)
  }
  /** The error lines logged so far (level 50 and up), without forgetting any line. */
  const loggedErrors = () => lines.filter((l) => l.level >= 50)
  return { base, close, loggedRequest, loggedErrors }
}
