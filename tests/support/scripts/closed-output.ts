// Run by tests/api/process-guards.test.ts in a process of its own, whose
// stdout the test closes (as a log collector that died leaves a server).
// It installs the server's guards when given --guard, says "ready" on
// stderr, then does what each line on stdin names:
//   print: prints a line on stdout, as a library's console.log does, and
//          then says "alive" on stderr if it still is;
//   crash: logs a line (it waits in pino's buffer) and throws an exception
//          nobody catches.
import readline from 'node:readline'
import { createLogger } from '../../../server/logger'
import {
  exitOnUncaughtException,
  keepServingWhenOutputIsClosed,
} from '../../../server/process-guards'

const logger = createLogger()
if (process.argv.includes('--guard')) {
  keepServingWhenOutputIsClosed()
  exitOnUncaughtException(logger)
}

readline.createInterface({ input: process.stdin }).on('line', (command) => {
  if (command === 'print') {
    console.log('a line nobody reads')
    // Write callbacks run in order, after the line above has failed (or not);
    // the failure's 'error' event has been emitted by the next turn.
    process.stdout.write('', () => setImmediate(() => process.stderr.write('alive\n')))
  }
  if (command === 'crash') {
    logger.info('a line waiting in the buffer')
    setImmediate(() => {
      throw new Error('nobody catches this')
    })
  }
})
process.stderr.write('ready\n')
