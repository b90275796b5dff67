// Run by tests/api/process-guards.test.ts in a process of its own: installs
// the server's guard, lets a promise reject with nobody listening (as a
// query does when its handler has already thrown), and then shows it is
// still alive. Without the guard, Node exits with code 1 at the rejection.
import { Writable } from 'node:stream'
import { createLogger } from '../../../server/logger'
import { keepServingOnUnhandledRejections } from '../../../server/process-guards'

const lines: string[] = []
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk))
    done()
  },
})
if (process.argv.includes('--guard')) keepServingOnUnhandledRejections(createLogger(sink))

void Promise.reject(new RangeError('Invalid time value'))

setImmediate(() =>
  setImmediate(() => {
    process.stdout.write(JSON.stringify({ alive: true, logged: lines }) + '\n')
  }),
)
