import { afterEach, describe, expect, it, vi } from 'vitest'
import { setNow } from './clock.server'
import { createWorkQueue, QueueTimeoutError } from './work-queue.server'

// The queue that keeps photo decoding to one job at a time: jobs run in
// arrival order, never more than `concurrency` at once; a job whose turn
// comes after more than `maxWaitMs` on the app clock is refused with
// QueueTimeoutError (and never run) while the jobs behind it still run; a
// job that fails gives its turn back. Jobs are held open by promises the test
// controls, and the clock is pinned, so nothing here sleeps.

const MAX_WAIT_MS = 30_000
const T0 = new Date('2026-03-08T15:00:00Z')
const at = (ms: number) => new Date(T0.getTime() + ms)

/** A promise the test settles by hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/**
 * A job that records when it starts and ends and stays open until the test
 * releases it; `started` settles when the queue gives it its turn.
 */
function heldJob<T>(name: string, log: string[], value: T) {
  const gate = deferred<void>()
  const started = deferred<void>()
  let calls = 0
  const job = async () => {
    calls += 1
    log.push(`start ${name}`)
    started.resolve()
    await gate.promise
    log.push(`end ${name}`)
    return value
  }
  return {
    job,
    started: started.promise,
    release: () => gate.resolve(),
    fail: (error: Error) => gate.reject(error),
    get calls() {
      return calls
    },
  }
}

/** Lets every pending promise callback run (a job's clean-up included); no time passes. */
const promiseCallbacksRun = () => new Promise<void>((resolve) => setImmediate(resolve))

afterEach(() => {
  vi.useRealTimers()
})

describe('createWorkQueue', () => {
  it('runs jobs one at a time, in the order they arrived', async () => {
    setNow(T0)
    const queue = createWorkQueue({ concurrency: 1, maxWaitMs: MAX_WAIT_MS })
    const log: string[] = []
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldJob(name, log, name.toUpperCase()))
    const results = [a, b, c].map((j) => queue.run(j.job))

    await a.started
    expect(log).toEqual(['start a'])
    expect([b.calls, c.calls]).toEqual([0, 0])

    a.release()
    await b.started
    expect(log).toEqual(['start a', 'end a', 'start b'])
    expect(c.calls).toBe(0)

    b.release()
    await c.started
    c.release()
    expect(await Promise.all(results)).toEqual(['A', 'B', 'C'])
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
  })

  it('runs at most `concurrency` jobs at once', async () => {
    setNow(T0)
    const queue = createWorkQueue({ concurrency: 2, maxWaitMs: MAX_WAIT_MS })
    const log: string[] = []
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldJob(name, log, name))
    const results = [a, b, c].map((j) => queue.run(j.job))
    await Promise.all([a.started, b.started])
    expect(queue.running).toBe(2)
    expect(queue.waiting).toBe(1)
    expect(c.calls).toBe(0)
    b.release()
    await c.started
    expect(queue.running).toBe(2)
    expect(queue.waiting).toBe(0)
    a.release()
    c.release()
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c'])
    expect(queue.running).toBe(0)
  })

  it('counts the jobs waiting and running', async () => {
    setNow(T0)
    const queue = createWorkQueue({ concurrency: 1, maxWaitMs: MAX_WAIT_MS })
    expect([queue.waiting, queue.running]).toEqual([0, 0])
    const log: string[] = []
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldJob(name, log, name))

    const ra = queue.run(a.job)
    // A free queue starts the job at once.
    expect([queue.waiting, queue.running]).toEqual([0, 1])
    const rb = queue.run(b.job)
    const rc = queue.run(c.job)
    expect([queue.waiting, queue.running]).toEqual([2, 1])

    a.release()
    await ra
    await b.started
    expect([queue.waiting, queue.running]).toEqual([1, 1])
    b.release()
    await rb
    await c.started
    expect([queue.waiting, queue.running]).toEqual([0, 1])
    c.release()
    await rc
    await promiseCallbacksRun()
    expect(queue.running).toBe(0)
    expect(queue.waiting).toBe(0)
  })

  it('refuses a job whose turn comes after more than maxWaitMs, and still runs the next one', async () => {
    setNow(T0)
    const queue = createWorkQueue({ concurrency: 1, maxWaitMs: MAX_WAIT_MS })
    const log: string[] = []
    const held = heldJob('held', log, 'held')
    const late = heldJob('late', log, 'late')
    const onTime = heldJob('on time', log, 'on time')

    const heldResult = queue.run(held.job)
    await held.started
    // Queued at T0: its turn will come 30.001 s later.
    const lateResult = queue.run(late.job)
    const lateOutcome = lateResult.then(
      () => 'ran',
      (error: unknown) => error,
    )
    // Queued 1 s later: it will have waited 29.001 s.
    setNow(at(1_000))
    const onTimeResult = queue.run(onTime.job)
    expect(queue.waiting).toBe(2)

    setNow(at(MAX_WAIT_MS + 1))
    held.release()
    expect(await heldResult).toBe('held')

    const refusal = await lateOutcome
    expect(refusal).toBeInstanceOf(QueueTimeoutError)
    expect((refusal as QueueTimeoutError).waitedMs).toBe(MAX_WAIT_MS + 1)
    expect((refusal as QueueTimeoutError).name).toBe('QueueTimeoutError')
    // A refused job is never started.
    expect(late.calls).toBe(0)

    await onTime.started
    expect(queue.waiting).toBe(0)
    expect(queue.running).toBe(1)
    onTime.release()
    expect(await onTimeResult).toBe('on time')
    expect(log).toEqual(['start held', 'end held', 'start on time', 'end on time'])
  })

  it('still runs a job that waited exactly maxWaitMs', async () => {
    setNow(T0)
    const queue = createWorkQueue({ concurrency: 1, maxWaitMs: MAX_WAIT_MS })
    const log: string[] = []
    const held = heldJob('held', log, 1)
    const next = heldJob('next', log, 2)
    const results = [queue.run(held.job), queue.run(next.job)]
    await held.started
    setNow(at(MAX_WAIT_MS))
    held.release()
    await next.started
    next.release()
    expect(await Promise.all(results)).toEqual([1, 2])
  })

  it('refuses a job whose turn never comes once maxWaitMs has passed on a timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    setNow(T0)
    const queue = createWorkQueue({ concurrency: 1, maxWaitMs: MAX_WAIT_MS })
    const log: string[] = []
    const held = heldJob('held', log, 'held')
    const stuck = heldJob('stuck', log, 'stuck')
    const heldResult = queue.run(held.job)
    const stuckOutcome = queue.run(stuck.job).then(
      () => 'ran',
      (error: unknown) => error,
    )
    expect(queue.waiting).toBe(1)

    vi.advanceTimersByTime(MAX_WAIT_MS - 1)
    expect(queue.waiting).toBe(1)
    vi.advanceTimersByTime(1)
    expect(queue.waiting).toBe(0)
    expect(await stuckOutcome).toBeInstanceOf(QueueTimeoutError)

    // The job that was running is not disturbed, and the refused one never runs.
    held.release()
    expect(await heldResult).toBe('held')
    expect(stuck.calls).toBe(0)
    await promiseCallbacksRun()
    expect(queue.running).toBe(0)
  })

  it('gives the turn back when a job fails', async () => {
    setNow(T0)
    const queue = createWorkQueue({ concurrency: 1, maxWaitMs: MAX_WAIT_MS })
    const log: string[] = []
    const failing = heldJob('failing', log, 'never')
    const next = heldJob('next', log, 'next')
    const failed = queue.run(failing.job).then(
      () => 'resolved',
      (error: unknown) => error,
    )
    const nextResult = queue.run(next.job)
    await failing.started
    const boom = new Error('decoder crashed')
    failing.fail(boom)
    // The caller gets the job's own error, not a queue error.
    expect(await failed).toBe(boom)

    await next.started
    expect(queue.running).toBe(1)
    next.release()
    expect(await nextResult).toBe('next')
    await promiseCallbacksRun()
    expect(queue.running).toBe(0)
  })

  it('gives the turn back when a job throws before returning its promise', async () => {
    setNow(T0)
    const queue = createWorkQueue({ concurrency: 1, maxWaitMs: MAX_WAIT_MS })
    const boom = new Error('thrown synchronously')
    const throwing = () => {
      throw boom
    }
    const failed = queue.run(throwing as () => Promise<never>).then(
      () => 'resolved',
      (error: unknown) => error,
    )
    expect(await failed).toBe(boom)
    await promiseCallbacksRun()
    expect(queue.running).toBe(0)

    const log: string[] = []
    const next = heldJob('next', log, 'next')
    const nextResult = queue.run(next.job)
    expect(queue.running).toBe(1)
    next.release()
    expect(await nextResult).toBe('next')
  })
})
