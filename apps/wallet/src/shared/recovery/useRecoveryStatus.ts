import { type RecoveryStatus, useRecoveryStatus as useSdkRecoveryStatus } from '@satchel/react'

export type RecoveryStatusState =
  | { status: 'loading' }
  | { status: 'ready'; value: RecoveryStatus }
  | { status: 'error'; error: unknown }

/**
 * The recovery lock as this session sees it (the SDK's `useRecoveryStatus`), with `retry` after a
 * failure and `update` to take the answer of an unlock or a change. Loads only while signed in.
 *
 * @example
 * const recovery = useRecoveryStatus()
 * const blocked = isSigningBlocked(recovery.state)
 */
export function useRecoveryStatus(): {
  state: RecoveryStatusState
  retry: () => void
  update: (value: RecoveryStatus) => void
} {
  const recovery = useSdkRecoveryStatus()
  const state: RecoveryStatusState = recovery.data
    ? { status: 'ready', value: recovery.data }
    : recovery.status === 'error'
      ? { status: 'error', error: recovery.error }
      : { status: 'loading' }
  return { state, retry: recovery.refetch, update: recovery.setData }
}

/** True when the wallets are locked and this session has not been unlocked: signing is blocked. */
export function isSigningBlocked(state: RecoveryStatusState): boolean {
  return state.status === 'ready' && state.value.method !== null && !state.value.unlocked
}
