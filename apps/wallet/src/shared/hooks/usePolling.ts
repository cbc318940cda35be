import { useCallback, useEffect, useRef, useState } from 'react'

export type PollingState<data> = {
  status: 'loading' | 'ready' | 'error'
  data: data | undefined
  /** The last failure; the last good data stays shown beside it. */
  error: unknown
  refresh: () => void
}

/**
 * Reads `load` now and every `intervalMs` while the page is visible, keeping the last good answer on
 * screen while a new one loads (a balance must not blink to "loading" every few seconds). A new `key`
 * starts over.
 *
 * @example
 * const balances = usePolling(() => readBalances(address), `${address}`, 4000)
 */
export function usePolling<data>(
  load: () => Promise<data>,
  key: string,
  intervalMs: number,
): PollingState<data> {
  const [state, setState] = useState<Omit<PollingState<data>, 'refresh'>>({
    status: 'loading',
    data: undefined,
    error: undefined,
  })
  const loader = useRef(load)
  useEffect(() => {
    loader.current = load
  })
  const [tick, setTick] = useState(0)
  const refresh = useCallback(() => setTick((value) => value + 1), [])

  // A new key is new data: start from "loading", not from another address's balances.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the reset signal
  useEffect(() => {
    setState({ status: 'loading', data: undefined, error: undefined })
  }, [key])

  // biome-ignore lint/correctness/useExhaustiveDependencies: key and tick start a new read
  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const run = () => {
      loader
        .current()
        .then(
          (data) => live && setState({ status: 'ready', data, error: undefined }),
          (error: unknown) =>
            live &&
            setState((previous) => ({
              ...previous,
              status: previous.data === undefined ? 'error' : 'ready',
              error,
            })),
        )
        .finally(() => {
          if (live) timer = setTimeout(schedule, intervalMs)
        })
    }
    const schedule = () => {
      if (document.visibilityState === 'visible') run()
      else timer = setTimeout(schedule, intervalMs)
    }
    run()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [key, tick, intervalMs])

  return { ...state, refresh }
}
