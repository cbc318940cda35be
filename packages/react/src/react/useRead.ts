import { useCallback, useEffect, useRef, useState } from 'react'
import {
  createQuery,
  defaultRetryDelay,
  initialReadState,
  type Query,
  type ReadBehaviour,
  type ReadState,
  shouldRetry,
} from '../query/createQuery'
import type { ReadOptions } from '../query/options'

export type UseReadParameters<data> = ReadOptions<data> &
  ReadBehaviour<data> & {
    /** Reads only while true (e.g. while signed in). Default `true`. */
    enabled?: boolean | undefined
  }

export type UseReadReturnType<data> = ReadState<data> & {
  isPending: boolean
  isSuccess: boolean
  isError: boolean
  /** Reads again now (the Try again button); a read under way is dropped. */
  refetch: () => void
  /** Shows an answer known otherwise (a write's result) without asking the server. */
  setData: (data: data) => void
}

// Keys hold strings, numbers and plain objects; a bigint (a transaction's value) is written as digits.
const hashKey = (key: readonly unknown[]) =>
  JSON.stringify(key, (_, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value))

type Current<data> = { key: string; query: Query<data> | undefined; state: ReadState<data> }

/**
 * Reads from the server into a component, TanStack Query's `useQuery` shape without a QueryClient:
 * `status`, `data`, `error`, `refetch`; a failed read is retried with back-off (3 times by default),
 * `refetchInterval` polls, and the read is cancelled on unmount and when the key changes (a new key
 * starts over from `pending`, never showing the previous key's data). Each component reads on its own.
 *
 * @example
 * const client = useSatchelClient()
 * const { data, error, refetch } = useRead(sessionsQueryOptions(client))
 */
export function useRead<data>({
  queryKey,
  queryFn,
  enabled = true,
  retry,
  retryDelay,
  refetchInterval,
}: UseReadParameters<data>): UseReadReturnType<data> {
  const key = hashKey(queryKey)
  // The latest functions, read by the query when it calls them: a new closure is not a new key.
  const latest = useRef({ queryFn, retry, retryDelay, refetchInterval })
  useEffect(() => {
    latest.current = { queryFn, retry, retryDelay, refetchInterval }
  })
  const [current, setCurrent] = useState<Current<data>>({
    key,
    query: undefined,
    state: initialReadState,
  })

  useEffect(() => {
    if (!enabled) return
    const query = createQuery<data>({
      queryFn: (context) => latest.current.queryFn(context),
      retry: (failureCount, error) => shouldRetry(latest.current.retry ?? 3, failureCount, error),
      retryDelay: (failureCount) => (latest.current.retryDelay ?? defaultRetryDelay)(failureCount),
      refetchInterval: (data) => {
        const interval = latest.current.refetchInterval
        return typeof interval === 'function' ? interval(data) : (interval ?? false)
      },
    })
    const unsubscribe = query.subscribe((state) => setCurrent({ key, query, state }))
    setCurrent({ key, query, state: query.getState() })
    query.fetch()
    return () => {
      unsubscribe()
      query.destroy()
    }
  }, [key, enabled])

  const mine = enabled && current.key === key
  const query = mine ? current.query : undefined
  const state: ReadState<data> = mine ? current.state : initialReadState
  const refetch = useCallback(() => query?.fetch(), [query])
  const setData = useCallback((data: data) => query?.setData(data), [query])
  return {
    ...state,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    refetch,
    setData,
  }
}
