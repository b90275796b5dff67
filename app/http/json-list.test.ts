import { describe, expect, it, vi } from 'vitest'
import { STALLED_MS, WHOLE_LISTS_AT_ONCE, wholeList, wholeListQueue } from './json-list.server'

// The whole-list answer: read batch by batch as the client takes it, and
// only a few at a time per server.

/** Batches of numbered items; `read` counts how many batches were read so far. */
function counted(batches: number, size = 3) {
  const state = { read: 0, closed: false }
  async function* gen() {
    try {
      for (let b = 0; b < batches; b++) {
        state.read += 1
        yield Array.from({ length: size }, (_, i) => ({ id: b * size + i + 1 }))
      }
    } finally {
      state.closed = true
    }
  }
  return { state, batches: gen() }
}

const GET = new Request('http://hotel.test/api/list')

describe('wholeList', () => {
  it('answers a list of one batch at once, with its length', async () => {
    const { batches, state } = counted(1)
    const res = await wholeList(GET, 'pets', batches)
    expect(await res.json()).toEqual({ pets: [{ id: 1 }, { id: 2 }, { id: 3 }] })
    expect(state.closed).toBe(true)
    expect(await (await wholeList(GET, 'pets', counted(0).batches)).json()).toEqual({ pets: [] })
  })

  it('reads the next batch only when the client has taken the last', async () => {
    const { batches, state } = counted(1000)
    const res = await wholeList(GET, 'bookings', batches)
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = decoder.decode((await reader.read()).value)
    // Two batches to decide it streams, at most one more read ahead.
    expect(state.read).toBeLessThanOrEqual(3)
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value)
    }
    expect(state.read).toBe(1000)
    const body = JSON.parse(text)
    expect(body.bookings).toHaveLength(3000)
    expect(body.bookings.map((b: { id: number }) => b.id)).toEqual(
      Array.from({ length: 3000 }, (_, i) => i + 1),
    )
  })

  it('sends a few at a time; the next waits for a turn, which a client that leaves gives back', async () => {
    const open = []
    for (let i = 0; i < WHOLE_LISTS_AT_ONCE; i++) {
      const list = counted(10)
      open.push({ ...list, res: await wholeList(GET, 'reviews', list.batches) })
    }
    const waiting = counted(10)
    let answered = false
    const next = wholeList(GET, 'reviews', waiting.batches).then((res) => {
      answered = true
      return res
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(answered).toBe(false)
    expect(waiting.state.read).toBe(0)

    // One client goes away mid-list: its batches stop and its turn passes on.
    await open[0].res.body!.cancel()
    expect(open[0].state.closed).toBe(true)
    expect(open[0].state.read).toBeLessThan(10)
    const res = await next
    const body = await res.json()
    expect(body.reviews).toHaveLength(30)
    await open[1].res.body!.cancel()
  })

  it('gives the turn back when the client’s request is aborted, though nobody cancels the answer', async () => {
    const queue = wholeListQueue()
    await new Promise((resolve) => setImmediate(resolve)) // turns of the tests before, counted back
    expect(queue.running).toBe(0)
    // Answers made, then dropped unread (as React Router drops the answer of an aborted request).
    const left = []
    for (let i = 0; i < WHOLE_LISTS_AT_ONCE; i++) {
      const client = new AbortController()
      const list = counted(10)
      const request = new Request('http://hotel.test/api/list', { signal: client.signal })
      await wholeList(request, 'bookings', list.batches)
      left.push({ client, list })
    }
    expect(queue.running).toBe(WHOLE_LISTS_AT_ONCE)
    for (const { client } of left) client.abort()
    await new Promise((resolve) => setImmediate(resolve))
    expect(queue.running).toBe(0)
    for (const { list } of left) {
      expect(list.state.closed).toBe(true)
      expect(list.state.read).toBeLessThan(10)
    }
    // A client that left while it waited for its turn holds none once it gets it.
    const gone = new AbortController()
    gone.abort()
    const list = counted(10)
    const request = new Request('http://hotel.test/api/list', { signal: gone.signal })
    await wholeList(request, 'bookings', list.batches)
    await new Promise((resolve) => setImmediate(resolve))
    expect(queue.running).toBe(0)
    expect(list.state.closed).toBe(true)
  })

  it('lets go of a client that takes nothing for a while, so its turn passes on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const stalled = []
      for (let i = 0; i < WHOLE_LISTS_AT_ONCE; i++) {
        const list = counted(10)
        const reader = (await wholeList(GET, 'reviews', list.batches)).body!.getReader()
        await reader.read()
        stalled.push({ ...list, reader })
      }
      // Clients that keep taking, however slowly, are never cut off.
      for (let i = 0; i < 3; i++) {
        await vi.advanceTimersByTimeAsync(STALLED_MS - 1)
        for (const { reader } of stalled) expect((await reader.read()).done).toBe(false)
      }
      const waiting = counted(10)
      const next = wholeList(GET, 'reviews', waiting.batches)
      await vi.advanceTimersByTimeAsync(STALLED_MS - 1)
      expect(waiting.state.read).toBe(0)
      // Then neither has taken anything for STALLED_MS: both are let go, their batches closed.
      await vi.advanceTimersByTimeAsync(1)
      for (const { reader, state } of stalled) {
        await expect(reader.read()).rejects.toThrow(`The client took nothing for`)
        expect(state.closed).toBe(true)
        expect(state.read).toBeLessThan(10)
      }
      expect((await (await next).json()).reviews).toHaveLength(30)
      await new Promise((resolve) => setImmediate(resolve)) // the queue counts the turn back
      expect(wholeListQueue().running).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('answers a HEAD with the headers alone: no turn taken, no batch read', async () => {
    const head = new Request('http://hotel.test/api/list', { method: 'HEAD' })
    await new Promise((resolve) => setImmediate(resolve)) // turns of the tests before, counted back
    expect(wholeListQueue().running).toBe(0)
    const lists = Array.from({ length: WHOLE_LISTS_AT_ONCE + 1 }, () => counted(10))
    for (const list of lists) {
      const res = await wholeList(head, 'reviews', list.batches)
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Type')).toBe('application/json')
      expect(res.body).toBeNull()
      expect(list.state.read).toBe(0)
    }
    expect(wholeListQueue().running).toBe(0)
  })

  it('a failure while reading the first batches is thrown before anything is sent', async () => {
    async function* failing(): AsyncGenerator<unknown[]> {
      throw new Error('database went away')
    }
    await expect(wholeList(GET, 'pets', failing())).rejects.toThrow('database went away')
    // Its turn was given back: the full number still fit.
    const all = await Promise.all(
      Array.from({ length: WHOLE_LISTS_AT_ONCE }, () => wholeList(GET, 'pets', counted(1).batches)),
    )
    expect(all.every((r) => r.status === 200)).toBe(true)
  })
})
