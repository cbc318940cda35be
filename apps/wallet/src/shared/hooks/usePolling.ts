import { useRead } from '@satchel/react'

export type PollingState<data> = {
  status: 'loading' | 'ready' | 'error'
  data: data | undefined
  /** The last failure; the last good data stays shown beside it. */
  error: unknown
  refresh: () => void
}

/**
 * Reads `load` now and every `intervalMs` while the page is visible (the SDK's `useRead`), keeping
 * the last good answer on screen while a new one loads (a balance must not blink to "loading" every
 * few seconds). A new `key` starts over.
 *
 * @example
 * const balances = usePolling(() => readBalances(address), `${address}`, 4000)
 */
export function usePolling<data>(
  load: () => Promise<data>,
  key: string,
  intervalMs: number,
): PollingState<data> {
  // No retries: the next poll is the retry.
  const read = useRead({
    queryKey: ['wallet', 'poll', key],
    queryFn: load,
    refetchInterval: intervalMs,
    retry: 0,
  })
  return {
    status: read.data !== undefined ? 'ready' : read.status === 'error' ? 'error' : 'loading',
    data: read.data,
    error: read.error,
    refresh: read.refetch,
  }
}
