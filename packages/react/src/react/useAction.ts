import { useCallback, useEffect, useRef, useState } from 'react'
import type { ActionOptions } from '../query/options'

export type ActionStatus = 'idle' | 'pending' | 'success' | 'error'

export type UseActionReturnType<parameters, result> = {
  status: ActionStatus
  isPending: boolean
  data: result | undefined
  error: Error | undefined
  /** Runs the action; rejects with its error. */
  mutateAsync: (parameters: parameters) => Promise<result>
  /** Runs the action; the error is only in `error`. */
  mutate: (parameters: parameters) => void
  reset: () => void
}

type State<result> = { status: ActionStatus; data: result | undefined; error: Error | undefined }

/**
 * Runs an action and tracks its status, TanStack Query's `useMutation` shape without needing a
 * QueryClient: only the latest call's outcome is kept, and nothing is set after unmount.
 *
 * @example
 * const { mutateAsync, isPending, error } = useAction(actionOptions(client, 'signMessage', signMessage))
 */
export function useAction<parameters, result>({
  mutationFn,
}: ActionOptions<parameters, result>): UseActionReturnType<parameters, result> {
  const [state, setState] = useState<State<result>>({ status: 'idle', data: undefined, error: undefined })
  const latest = useRef(0)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const mutateAsync = useCallback(
    async (parameters: parameters) => {
      const call = ++latest.current
      const settle = (next: State<result>) => {
        if (mounted.current && call === latest.current) setState(next)
      }
      settle({ status: 'pending', data: undefined, error: undefined })
      try {
        const data = await mutationFn(parameters)
        settle({ status: 'success', data, error: undefined })
        return data
      } catch (error) {
        settle({
          status: 'error',
          data: undefined,
          error: error instanceof Error ? error : new Error(String(error)),
        })
        throw error
      }
    },
    [mutationFn],
  )
  const mutate = useCallback(
    (parameters: parameters) => void mutateAsync(parameters).catch(() => {}),
    [mutateAsync],
  )
  const reset = useCallback(() => {
    latest.current++
    setState({ status: 'idle', data: undefined, error: undefined })
  }, [])
  return { ...state, isPending: state.status === 'pending', mutateAsync, mutate, reset }
}
