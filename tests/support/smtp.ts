import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

// A real SMTP server on 127.0.0.1 for the mail tests (as s3rver is for S3):
// it accepts every message and keeps it, parsed. It can be stopped and
// started again on the same port, to play an SMTP server that is down.

export type LocalSmtp = {
  url: string
  port: number
  messages: ParsedMail[]
  /** Resolves with the next message to arrive (or the n-th in all, counting from 1). */
  waitForMessages: (count: number) => Promise<ParsedMail[]>
  stop: () => Promise<void>
  start: () => Promise<void>
}

export async function startLocalSmtp({ port = 0 } = {}): Promise<LocalSmtp> {
  const messages: ParsedMail[] = []
  const waiters: { count: number; resolve: (m: ParsedMail[]) => void }[] = []
  let server: SMTPServer | undefined
  let boundPort = port

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        // Plain SMTP on the loopback: no certificate to trust in tests.
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((mail) => {
              messages.push(mail)
              for (const waiter of [...waiters])
                if (messages.length >= waiter.count) {
                  waiters.splice(waiters.indexOf(waiter), 1)
                  waiter.resolve(messages.slice(0, waiter.count))
                }
              callback()
            })
            .catch(callback)
        },
      })
      server.once('error', reject)
      server.listen(boundPort, '127.0.0.1', () => {
        boundPort = (server!.server.address() as AddressInfo).port
        resolve()
      })
    })

  await listen()
  return {
    get url() {
      return `smtp://127.0.0.1:${boundPort}`
    },
    get port() {
      return boundPort
    },
    messages,
    waitForMessages: (count) =>
      messages.length >= count
        ? Promise.resolve(messages.slice(0, count))
        : new Promise((resolve) => waiters.push({ count, resolve })),
    stop: () => new Promise<void>((resolve) => server!.close(() => resolve())),
    start: listen,
  }
}
