import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../errors/ApiError'
import { NetworkError, type NetworkErrorKind } from '../errors/NetworkError'
import { isRetryableError, withRetry } from './withRetry'

/** A sleep that returns at once and remembers how long it was asked to wait. */
function instantSleep() {
  const waits: number[] = []
  return { waits, sleep: async (ms: number) => void waits.push(ms) }
}

/** A function that fails with the given errors in turn, then answers 'ok'. */
function failing(...errors: unknown[]) {
  return vi.fn(async (_attempt: number) => {
    if (errors.length > 0) throw errors.shift()
    return 'ok'
  })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('withRetry', () => {
  it('returns the first success without waiting', async () => {
    const { waits, sleep } = instantSleep()
    const fn = failing()
    await expect(withRetry(fn, { sleep })).resolves.toBe('ok')
    expect(fn).toHaveBeenCalledTimes(1)
    expect(waits).toEqual([])
  })

  it('retries a network failure, waiting 1000 ms between tries by default', async () => {
    const { waits, sleep } = instantSleep()
    const fn = failing(new NetworkError('failed'), new NetworkError('timeout'))
    await expect(withRetry(fn, { sleep })).resolves.toBe('ok')
    expect(fn.mock.calls.map(([attempt]) => attempt)).toEqual([0, 1, 2])
    expect(waits).toEqual([1000, 1000])
  })

  it('gives up after 3 retries by default and throws the last error', async () => {
    const { waits, sleep } = instantSleep()
    const last = new ApiError('service_unavailable')
    const fn = failing(
      new NetworkError('failed'),
      new NetworkError('failed'),
      new NetworkError('failed'),
      last,
    )
    await expect(withRetry(fn, { sleep })).rejects.toBe(last)
    expect(fn).toHaveBeenCalledTimes(4)
    expect(waits).toEqual([1000, 1000, 1000])
  })

  it('takes retries and delayMs', async () => {
    const { waits, sleep } = instantSleep()
    const fn = failing(new NetworkError('failed'), new NetworkError('failed'))
    await expect(withRetry(fn, { retries: 1, delayMs: 250, sleep })).rejects.toBeInstanceOf(NetworkError)
    expect(fn).toHaveBeenCalledTimes(2)
    expect(waits).toEqual([250])
  })

  it('does not retry a 4xx', async () => {
    const { waits, sleep } = instantSleep()
    const invalid = new ApiError('invalid_data')
    const fn = failing(invalid)
    await expect(withRetry(fn, { sleep })).rejects.toBe(invalid)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(waits).toEqual([])
  })

  it('uses shouldRetry instead of the default rule', async () => {
    const { sleep } = instantSleep()
    const shouldRetry = vi.fn((error: unknown, _attempt: number) => error instanceof RangeError)
    const fn = failing(new RangeError('busy'), new NetworkError('failed'))
    await expect(withRetry(fn, { sleep, shouldRetry })).rejects.toBeInstanceOf(NetworkError)
    expect(shouldRetry.mock.calls.map(([, attempt]) => attempt)).toEqual([0, 1])
  })

  it.each([0, -1, 1.5, Number.NaN])('refuses retries %s', async (retries) => {
    const fn = failing()
    await expect(withRetry(fn, { retries })).rejects.toThrow('retries must be a positive integer')
    expect(fn).not.toHaveBeenCalled()
  })

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses delayMs %s', async (delayMs) => {
    await expect(withRetry(failing(), { delayMs })).rejects.toThrow('delayMs must be a non-negative number')
  })

  it('accepts a delay of 0', async () => {
    const { waits, sleep } = instantSleep()
    await expect(withRetry(failing(new NetworkError('failed')), { delayMs: 0, sleep })).resolves.toBe('ok')
    expect(waits).toEqual([0])
  })

  it('does not start when the signal is already aborted', async () => {
    const fn = failing()
    const error = await withRetry(fn, { signal: AbortSignal.abort('left the page') }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ kind: 'aborted', message: 'Aborted', cause: 'left the page' })
    expect(fn).not.toHaveBeenCalled()
  })

  it('stops waiting as soon as the signal aborts', async () => {
    vi.useFakeTimers()
    const controller = new AbortController()
    const fn = failing(new NetworkError('failed'))
    const result = withRetry(fn, { signal: controller.signal, delayMs: 60_000 }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(10)
    controller.abort()
    const error = await result
    expect(error).toMatchObject({ kind: 'aborted', message: 'Aborted' })
    expect(fn).toHaveBeenCalledTimes(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('waits delayMs with the default sleep', async () => {
    vi.useFakeTimers()
    const fn = failing(new NetworkError('failed'))
    const result = withRetry(fn, { delayMs: 1000, signal: new AbortController().signal })
    await vi.advanceTimersByTimeAsync(999)
    expect(fn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toBe('ok')
    expect(fn).toHaveBeenCalledTimes(2)
  })

  it('throws an abort that happens while fn runs rather than retrying', async () => {
    const { sleep } = instantSleep()
    const controller = new AbortController()
    const fn = vi.fn(async () => {
      controller.abort()
      throw new NetworkError('failed')
    })
    await expect(withRetry(fn, { sleep, signal: controller.signal })).rejects.toMatchObject({
      kind: 'aborted',
    })
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('passes on an error from the sleep function', async () => {
    const broken = new Error('timer broke')
    const sleep = async () => {
      throw broken
    }
    await expect(withRetry(failing(new NetworkError('failed')), { sleep })).rejects.toBe(broken)
  })
})

describe('isRetryableError', () => {
  it.each([
    ['failed', true],
    ['timeout', true],
    ['aborted', false],
    ['already_read', false],
    ['body_not_allowed', false],
  ] satisfies [NetworkErrorKind, boolean][])('NetworkError %s -> %s', (kind, retryable) => {
    expect(isRetryableError(new NetworkError(kind))).toBe(retryable)
  })

  it.each([
    'fetch failed',
    'Failed to fetch',
    'NetworkError when attempting to fetch resource.',
    'Load failed',
    'Network request failed',
  ])('retries the fetch TypeError %j', (message) => {
    expect(isRetryableError(new TypeError(message))).toBe(true)
  })

  it('does not retry a TypeError from a bug', () => {
    expect(isRetryableError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
  })

  it.each([
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [599, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [408, false],
    [600, false],
  ])('status %i -> %s', (status, retryable) => {
    expect(isRetryableError({ status })).toBe(retryable)
  })

  it('reads the status of catalogued API errors', () => {
    expect(isRetryableError(new ApiError('too_many_requests'))).toBe(true)
    expect(isRetryableError(new ApiError('internal_error'))).toBe(true)
    expect(isRetryableError(new ApiError('must_be_authenticated'))).toBe(false)
  })

  it('retries a timeout from AbortSignal.timeout but not an abort', () => {
    expect(isRetryableError(new DOMException('The operation timed out.', 'TimeoutError'))).toBe(true)
    expect(isRetryableError(new DOMException('This operation was aborted', 'AbortError'))).toBe(false)
  })

  it.each([new Error('boom'), 'boom', null, undefined, { status: '500' }])('does not retry %o', (error) => {
    expect(isRetryableError(error)).toBe(false)
  })
})
