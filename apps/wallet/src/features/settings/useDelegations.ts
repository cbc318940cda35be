import { type Policy, usePolicies, useSessionSignerList, type WalletSessionSigners } from '@satchel/react'
import { useCallback } from 'react'

export type Delegations =
  | { status: 'loading' }
  | { status: 'ready'; wallets: WalletSessionSigners[]; policies: Policy[] }
  | { status: 'error'; error: unknown }

/**
 * The user's wallets with their delegated signers, and the policies that name their limits, with
 * `reload` after a change. Policies that cannot be read only cost their names (ids are shown).
 *
 * @example
 * const { delegations, reload } = useDelegations()
 */
export function useDelegations(): { delegations: Delegations; reload: () => void } {
  const signers = useSessionSignerList()
  // Policies that cannot be read only cost their names: no retries before showing the ids.
  const policies = usePolicies({ retry: 0 })
  const { refetch: refetchSigners } = signers
  const { refetch: refetchPolicies } = policies
  const reload = useCallback(() => {
    refetchSigners()
    refetchPolicies()
  }, [refetchSigners, refetchPolicies])
  const policiesSettled = policies.data !== undefined || policies.status === 'error'
  const delegations: Delegations =
    signers.status === 'error'
      ? { status: 'error', error: signers.error }
      : signers.data && policiesSettled
        ? { status: 'ready', wallets: signers.data, policies: policies.data ?? [] }
        : { status: 'loading' }
  return { delegations, reload }
}
