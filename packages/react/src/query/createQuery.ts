/** `pending` until the first answer; `error` when the last read failed (earlier data stays in `data`). */
export type ReadStatus = 'pending' | 'success' | 'error'

export type ReadState<data> = {
  status: ReadStatus
  /** The last good answer, kept while a refetch runs and after a refetch fails. */
  data: data | undefined
  /** Why the last read failed, once its retries are spent. */
  error: Error | undefined
  /** A read (the first, a retry or a refetch) is under way. */
  isFetching: boolean
  /** Failed tries of the read under way (0 once it succeeds). */
  failureCount: number
  /** The last failed try's error, also while retries are still to come. */
  failureReason: Error | undefined
}

/** What a read receives: `signal` aborts when its result is no longer wanted. */
export type ReadContext = { signal: AbortSignal }

export type ReadBehaviour<data> = {
  /**
   * How many times a failed read is tried again (or a rule per failure). Default 3; a number never
   * retries an answer that asking again cannot change (see `isPermanentError`).
   */
  retry?: number | ((failureCount: number, error: Error) => boolean) | undefined
  /** How long to wait before try number `failureCount + 1`, in ms. Default 500 ms doubling up to 8 s. */
  retryDelay?: ((failureCount: number) => number) | undefined
  /** Reads again this long after each answer (or as `data` decides: `false` stops). Default never. */
  refetchInterval?: number | false | ((data: data | undefined) => number | false) | undefined
}

export type CreateQueryParameters<data> = ReadBehaviour<data> & {
  queryFn: (context: ReadContext) => Promise<data>
  /** Interval refetches wait while this is false. Default: the page is not hidden. */
  isVisible?: (() => boolean) | undefined
}

export type Query<data> = {
  getState(): ReadState<data>
  subscribe(listener: (state: ReadState<data>) => void): () => void
  /** Reads now; a read under way is aborted (its answer is dropped). */
  fetch(): void
  /** Replaces `data` with an answer known otherwise (a write's result), as a success. */
  setData(data: data): void
  /** Aborts the read under way and stops retries and refetches for good. */
  destroy(): void
}

/** 500 ms, 1 s, 2 s, ... at most 8 s. */
export const defaultRetryDelay = (failureCount: number): number =>
  Math.min(500 * 2 ** Math.max(failureCount - 1, 0), 8000)

export const initialReadState: ReadState<never> = {
  status: 'pending',
  data: undefined,
  error: undefined,
  isFetching: false,
  failureCount: 0,
  failureReason: undefined,
}

/**
 * An error that asking again will not fix: the server's 4xx (but 408 and 429), a signed-out client,
 * a feature the server does not have.
 *
 * @example
 * isPermanentError(new ApiError({ code: 'not_found' })) // true
 */
export function isPermanentError(error: Error): boolean {
  const status: unknown = Reflect.get(error, 'status')
  if (typeof status === 'number') return status >= 400 && status < 500 && status !== 408 && status !== 429
  return error.name === 'NotAuthenticatedError' || error.name === 'FeatureNotAvailableError'
}

/** Whether try number `failureCount + 1` should happen under `retry`. */
export function shouldRetry(
  retry: NonNullable<ReadBehaviour<unknown>['retry']>,
  failureCount: number,
  error: Error,
): boolean {
  return typeof retry === 'function'
    ? retry(failureCount, error)
    : failureCount <= retry && !isPermanentError(error)
}

const toError = (value: unknown): Error => (value instanceof Error ? value : new Error(String(value)))
const pageVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden'

/**
 * One read of the server with its state: retries with back-off, optional refetch on an interval, and
 * cancellation (a new `fetch` or `destroy` aborts the read under way, and no late answer lands).
 * Framework-free; `useRead` runs one per component and key.
 *
 * @example
 * const query = createQuery({ queryFn: ({ signal }) => getSessions(client, { signal }) })
 * query.subscribe((state) => render(state))
 * query.fetch()
 */
export function createQuery<data>({
  queryFn,
  retry = 3,
  retryDelay = defaultRetryDelay,
  refetchInterval,
  isVisible = pageVisible,
}: CreateQueryParameters<data>): Query<data> {
  let state: ReadState<data> = initialReadState
  let controller: AbortController | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let destroyed = false
  const listeners = new Set<(state: ReadState<data>) => void>()

  const set = (next: Partial<ReadState<data>>) => {
    state = { ...state, ...next }
    for (const listener of listeners) listener(state)
  }
  /** The data is in, from the server or set by the app: no error, no fetch, no failures left. */
  const succeed = (data: data) =>
    set({
      status: 'success',
      data,
      error: undefined,
      isFetching: false,
      failureCount: 0,
      failureReason: undefined,
    })
  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const pause = setTimeout(resolve, ms)
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(pause)
          resolve()
        },
        { once: true },
      )
    })

  const schedule = () => {
    const interval = typeof refetchInterval === 'function' ? refetchInterval(state.data) : refetchInterval
    if (destroyed || interval === false || interval === undefined) return
    const tick = () => {
      if (isVisible()) void run()
      else timer = setTimeout(tick, interval)
    }
    timer = setTimeout(tick, interval)
  }

  async function run() {
    controller?.abort()
    clearTimeout(timer)
    const current = new AbortController()
    controller = current
    const { signal } = current
    set({ isFetching: true, failureCount: 0, failureReason: undefined })
    for (let failureCount = 0; ; ) {
      try {
        const data = await queryFn({ signal })
        if (signal.aborted) return
        succeed(data)
        break
      } catch (caught) {
        if (signal.aborted) return
        const error = toError(caught)
        failureCount++
        if (!shouldRetry(retry, failureCount, error)) {
          set({ status: 'error', error, isFetching: false, failureCount, failureReason: error })
          break
        }
        set({ failureCount, failureReason: error })
        await wait(retryDelay(failureCount), signal)
        if (signal.aborted) return
      }
    }
    schedule()
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    fetch() {
      if (!destroyed) void run()
    },
    setData(data) {
      if (destroyed) return
      controller?.abort()
      clearTimeout(timer)
      succeed(data)
      schedule()
    },
    destroy() {
      destroyed = true
      controller?.abort()
      clearTimeout(timer)
      listeners.clear()
    },
  }
}
