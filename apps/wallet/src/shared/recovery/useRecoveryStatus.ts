import { type RecoveryStatus, useRecovery, useSatchel } from '@satchel/react'
import { useCallback, useEffect, useState } from 'react'

export type RecoveryStatusState =
  | { status: 'loading' }
  | { status: 'ready'; value: RecoveryStatus }
  | { status: 'error'; error: unknown }

/**
 * The recovery lock as this session sees it (`GET /api/v1/recovery`), with `retry` after a failure
 * and `update` to take the answer of an unlock or a change. Loads only while signed in.
 *
 * @example
 * const recovery = useRecoveryStatus()
 * const blocked = recovery.state.status === 'ready' && recovery.state.value.method && !recovery.state.value.unlocked
 */
export function useRecoveryStatus(): {
  state: RecoveryStatusState
  retry: () => void
  update: (value: RecoveryStatus) => void
} {
  const { status } = useSatchel()
  const { getRecoveryStatus } = useRecovery()
  const [state, setState] = useState<RecoveryStatusState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks again after a failure
  useEffect(() => {
    if (status !== 'authenticated') return
    let live = true
    setState({ status: 'loading' })
    getRecoveryStatus().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => live && setState({ status: 'error', error }),
    )
    return () => {
      live = false
    }
  }, [getRecoveryStatus, status, attempt])

  return {
    state,
    retry: useCallback(() => setAttempt((n) => n + 1), []),
    update: useCallback((value: RecoveryStatus) => setState({ status: 'ready', value }), []),
  }
}

/** True when the wallets are locked and this session has not been unlocked: signing is blocked. */
export function isSigningBlocked(state: RecoveryStatusState): boolean {
  return state.status === 'ready' && state.value.method !== null && !state.value.unlocked
}
