import { now } from './clock.server'

// A queue that runs at most `concurrency` jobs at a time, in arrival order.
// A job that waits longer than `maxWaitMs` for its turn is refused with
// QueueTimeoutError instead of piling up: the caller answers "busy, try
// again" (503) rather than holding a request open. The wait is measured on
// the app clock when the job's turn comes (so tests can pin it), and a timer
// refuses a job whose turn never comes.

export class QueueTimeoutError extends Error {
  constructor(public waitedMs: number) {
    super(`Waited ${waitedMs} ms for a turn`)
    this.name = 'QueueTimeoutError'
  }
}

type Waiting = { start: () => void; refuse: (error: Error) => void; since: number }

export type WorkQueue = {
  run<T>(job: () => Promise<T>): Promise<T>
  /** Jobs waiting for a turn (not counting those running). */
  readonly waiting: number
  readonly running: number
}

export function createWorkQueue({
  concurrency,
  maxWaitMs,
}: {
  concurrency: number
  maxWaitMs: number
}): WorkQueue {
  let running = 0
  const queue: Waiting[] = []

  function next() {
    while (running < concurrency && queue.length) {
      const turn = queue.shift()!
      const waited = now().getTime() - turn.since
      if (waited > maxWaitMs) turn.refuse(new QueueTimeoutError(waited))
      else turn.start()
    }
  }

  return {
    get waiting() {
      return queue.length
    },
    get running() {
      return running
    },
    run<T>(job: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const turn: Waiting = {
          since: now().getTime(),
          refuse: (error) => {
            clearTimeout(timer)
            reject(error)
          },
          start: () => {
            clearTimeout(timer)
            running += 1
            // A job that throws before it returns its promise still frees its turn.
            Promise.resolve()
              .then(job)
              .then(resolve, reject)
              .finally(() => {
                running -= 1
                next()
              })
          },
        }
        queue.push(turn)
        const timer = setTimeout(() => {
          const i = queue.indexOf(turn)
          if (i >= 0) {
            queue.splice(i, 1)
            reject(new QueueTimeoutError(maxWaitMs))
          }
        }, maxWaitMs)
        timer.unref?.()
        next()
      })
    },
  }
}
