import { RETRY_DEFAULT_DELAY_MS, RETRY_DEFAULT_RETRIES } from '../constants'
import { BaseError } from '../errors/BaseError'
import { NetworkError } from '../errors/NetworkError'

export type WithRetryParameters = {
  /** Retries after the first failure, a positive integer. Defaults to 3. */
  retries?: number | undefined
  /** Wait between tries in milliseconds. Defaults to 1000. */
  delayMs?: number | undefined
  /** Decides whether an error is worth another try. Defaults to {@link isRetryableError}. */
  shouldRetry?: ((error: unknown, attempt: number) => boolean) | undefined
  /** Stops retrying, and waiting, when aborted. */
  signal?: AbortSignal | undefined
  /** How to wait; tests pass an instant one. Defaults to a timer that an abort cancels. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined
}

// What browsers, Node and React Native say when fetch() could not reach the server at all.
const fetchFailure =
  /fetch failed|failed to fetch|networkerror when attempting to fetch|load failed|network request failed/i

/**
 * True for a failure that another try may fix: a network failure or timeout, a `TypeError` from
 * `fetch` that never reached the server, an answer with status 429 or 5xx. Never for an abort or any
 * other 4xx: those fail the same way every time, or were asked for.
 *
 * @example
 * isRetryableError(new ApiError('too_many_requests')) // true
 * isRetryableError(new ApiError('invalid_data')) // false
 */
export function isRetryableError(error: unknown): boolean {
  if (error instanceof NetworkError) return error.kind === 'failed' || error.kind === 'timeout'
  if (error instanceof TypeError) return fetchFailure.test(error.message)
  if (typeof error !== 'object' || error === null) return false
  // AbortSignal.timeout() rejects with a DOMException named TimeoutError.
  if ('name' in error && error.name === 'TimeoutError') return true
  if ('status' in error && typeof error.status === 'number') {
    return error.status === 429 || (error.status >= 500 && error.status <= 599)
  }
  return false
}

/**
 * Calls `fn` and, when it fails with an error worth retrying, calls it again after `delayMs`, up to
 * `retries` more times. The last error is thrown as it is; an abort through `signal` rejects with
 * `NetworkError` of kind `aborted` at once, even in the middle of a wait.
 *
 * @throws {BaseError} `retries must be a positive integer`, `delayMs must be a non-negative number`.
 * @example
 * const user = await withRetry(() => client.getUser(), { retries: 3, delayMs: 1000 })
 */
export async function withRetry<result>(
  fn: (attempt: number) => Promise<result>,
  {
    retries = RETRY_DEFAULT_RETRIES,
    delayMs = RETRY_DEFAULT_DELAY_MS,
    shouldRetry = isRetryableError,
    signal,
    sleep = defaultSleep,
  }: WithRetryParameters = {},
): Promise<result> {
  if (!Number.isInteger(retries) || retries < 1) throw new BaseError('retries must be a positive integer')
  if (!Number.isFinite(delayMs) || delayMs < 0) throw new BaseError('delayMs must be a non-negative number')

  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw aborted(signal)
    try {
      return await fn(attempt)
    } catch (error) {
      if (signal?.aborted) throw aborted(signal)
      if (attempt >= retries || !shouldRetry(error, attempt)) throw error
    }
    try {
      await sleep(delayMs, signal)
    } catch (error) {
      if (signal?.aborted) throw aborted(signal)
      throw error
    }
  }
}

function aborted(signal: AbortSignal): NetworkError {
  return new NetworkError('aborted', { cause: signal.reason })
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
