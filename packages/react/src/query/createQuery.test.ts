import { ApiError } from '@satchel/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NotAuthenticatedError } from '../errors/errors'
import { createQuery, defaultRetryDelay, type ReadContext, type ReadState } from './createQuery'

/** A read the test answers by hand, one call at a time. */
function manualRead<data>() {
  const calls: { signal: AbortSignal; resolve: (value: data) => void; reject: (error: Error) => void }[] = []
  const queryFn = ({ signal }: ReadContext) =>
    new Promise<data>((resolve, reject) => {
      calls.push({ signal, resolve, reject })
    })
  return { calls, queryFn }
}

function track<data>(query: { subscribe: (listener: (state: ReadState<data>) => void) => () => void }) {
  const states: ReadState<data>[] = []
  query.subscribe((state) => states.push(state))
  return states
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.useRealTimers()
})

describe('createQuery', () => {
  it('goes from pending to success with the answer', async () => {
    const read = manualRead<string[]>()
    const query = createQuery({ queryFn: read.queryFn })
    expect(query.getState()).toMatchObject({ status: 'pending', data: undefined, isFetching: false })
    query.fetch()
    expect(query.getState()).toMatchObject({ status: 'pending', isFetching: true })
    read.calls[0]?.resolve(['session_1'])
    await settle()
    expect(query.getState()).toMatchObject({
      status: 'success',
      data: ['session_1'],
      error: undefined,
      isFetching: false,
      failureCount: 0,
    })
  })

  it('tries a failing read again `retry` times, then shows the error; a refetch recovers', async () => {
    let answers = 0
    const queryFn = vi.fn(async () => {
      answers++
      if (answers <= 3) throw new Error(`offline ${answers}`)
      return 'back'
    })
    const query = createQuery({ queryFn, retry: 2, retryDelay: () => 0 })
    const states = track(query)
    query.fetch()
    await vi.waitFor(() => expect(query.getState().status).toBe('error'))
    expect(queryFn).toHaveBeenCalledTimes(3)
    expect(query.getState()).toMatchObject({
      error: new Error('offline 3'),
      failureCount: 3,
      isFetching: false,
    })
    // While retries were still to come, the reason was there but the read was not yet an error.
    expect(states).toContainEqual(
      expect.objectContaining({ status: 'pending', failureCount: 1, failureReason: new Error('offline 1') }),
    )
    query.fetch()
    await vi.waitFor(() => expect(query.getState().status).toBe('success'))
    expect(query.getState()).toMatchObject({ data: 'back', error: undefined, failureReason: undefined })
  })

  it('does not ask again when the answer cannot change (a 404, signed out), but does after a 503 or 429', async () => {
    for (const [code, tries] of [
      ['not_found', 1],
      ['service_unavailable', 3],
      ['too_many_requests', 3],
    ] as const) {
      const queryFn = vi.fn(async () => {
        throw new ApiError(code)
      })
      const query = createQuery({ queryFn, retry: 2, retryDelay: () => 0 })
      query.fetch()
      await vi.waitFor(() => expect(query.getState().status).toBe('error'))
      expect(queryFn).toHaveBeenCalledTimes(tries)
    }
    const signedOut = vi.fn(async () => {
      throw new NotAuthenticatedError({ action: 'getSessions' })
    })
    const query = createQuery({ queryFn: signedOut, retryDelay: () => 0 })
    query.fetch()
    await vi.waitFor(() => expect(query.getState().status).toBe('error'))
    expect(signedOut).toHaveBeenCalledTimes(1)
  })

  it('keeps the last good data when a later read fails', async () => {
    let fail = false
    const query = createQuery({
      queryFn: async () => {
        if (fail) throw new Error('down')
        return 42
      },
      retry: 0,
    })
    query.fetch()
    await vi.waitFor(() => expect(query.getState().data).toBe(42))
    fail = true
    query.fetch()
    await vi.waitFor(() => expect(query.getState().status).toBe('error'))
    expect(query.getState()).toMatchObject({ data: 42, error: new Error('down') })
  })

  it('backs off 500 ms, 1 s, 2 s, 4 s, then 8 s at most between tries', () => {
    expect([1, 2, 3, 4, 5, 9].map(defaultRetryDelay)).toEqual([500, 1000, 2000, 4000, 8000, 8000])
  })

  it('waits the back-off before trying again', async () => {
    vi.useFakeTimers()
    const queryFn = vi.fn(async () => {
      throw new Error('offline')
    })
    const query = createQuery({ queryFn, retry: 2 })
    query.fetch()
    await vi.advanceTimersByTimeAsync(499)
    expect(queryFn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(queryFn).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1000)
    expect(queryFn).toHaveBeenCalledTimes(3)
    expect(query.getState().status).toBe('error')
  })

  it('a new fetch aborts the read under way, and its late answer is dropped', async () => {
    const read = manualRead<string>()
    const query = createQuery({ queryFn: read.queryFn })
    query.fetch()
    query.fetch()
    expect(read.calls[0]?.signal.aborted).toBe(true)
    expect(read.calls[1]?.signal.aborted).toBe(false)
    read.calls[1]?.resolve('new')
    read.calls[0]?.resolve('old')
    await settle()
    expect(query.getState().data).toBe('new')
  })

  it('destroy aborts the read, drops its answer and stops retries', async () => {
    vi.useFakeTimers()
    const read = manualRead<string>()
    const query = createQuery({ queryFn: read.queryFn })
    const states = track(query)
    query.fetch()
    read.calls[0]?.reject(new Error('offline'))
    await vi.advanceTimersByTimeAsync(0)
    query.destroy()
    expect(read.calls[0]?.signal.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(read.calls).toHaveLength(1)
    const seen = states.length
    query.fetch()
    expect(read.calls).toHaveLength(1)
    expect(states).toHaveLength(seen)
  })

  it('polls while the answer says so, and stops when it is final', async () => {
    vi.useFakeTimers()
    const answers = ['pending', 'pending', 'mined']
    const queryFn = vi.fn(async () => answers.shift() ?? 'unexpected')
    const query = createQuery({
      queryFn,
      refetchInterval: (data) => (data === 'pending' ? 1500 : false),
      isVisible: () => true,
    })
    query.fetch()
    await vi.advanceTimersByTimeAsync(1500 * 5)
    expect(queryFn).toHaveBeenCalledTimes(3)
    expect(query.getState().data).toBe('mined')
  })

  it('does not poll while the page is hidden, and reads again once it is visible', async () => {
    vi.useFakeTimers()
    let visible = false
    const queryFn = vi.fn(async () => 'balance')
    const query = createQuery({ queryFn, refetchInterval: 1000, isVisible: () => visible })
    query.fetch()
    await vi.advanceTimersByTimeAsync(5000)
    expect(queryFn).toHaveBeenCalledTimes(1)
    visible = true
    await vi.advanceTimersByTimeAsync(1000)
    expect(queryFn).toHaveBeenCalledTimes(2)
    query.destroy()
  })

  it('setData shows an answer known otherwise and drops the read under way', async () => {
    const read = manualRead<string>()
    const query = createQuery({ queryFn: read.queryFn })
    query.fetch()
    query.setData('from the write')
    read.calls[0]?.resolve('stale read')
    await settle()
    expect(query.getState()).toMatchObject({ status: 'success', data: 'from the write', isFetching: false })
  })
})
