import { useSatchel, useSessionSigners, type WalletSessionSigners } from '@satchel/react'
import { useCallback, useEffect, useState } from 'react'

/** A policy the user can read (the app's or their own), by id, for naming a signer's limits. */
export type PolicySummary = { id: string; name: string; chainType: string; ownedByApp: boolean }

export type Delegations =
  | { status: 'loading' }
  | { status: 'ready'; wallets: WalletSessionSigners[]; policies: PolicySummary[] }
  | { status: 'error'; error: unknown }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function toPolicies(answer: unknown): PolicySummary[] {
  const list: unknown[] = isRecord(answer) && Array.isArray(answer.data) ? answer.data : []
  return list.flatMap((policy) =>
    isRecord(policy) && typeof policy.id === 'string' && typeof policy.name === 'string'
      ? [
          {
            id: policy.id,
            name: policy.name,
            chainType: typeof policy.chainType === 'string' ? policy.chainType : 'ethereum',
            ownedByApp: policy.ownerId === null,
          },
        ]
      : [],
  )
}

/**
 * The user's wallets with their delegated signers, and the policies that name their limits, with
 * `reload` after a change. Policies that cannot be read only cost their names (ids are shown).
 *
 * @example
 * const { delegations, reload } = useDelegations()
 */
export function useDelegations(): { delegations: Delegations; reload: () => void } {
  const { client } = useSatchel()
  const { getSessionSigners } = useSessionSigners()
  const [delegations, setDelegations] = useState<Delegations>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt reads again after a change
  useEffect(() => {
    let live = true
    const policies = client
      .request({ method: 'GET', path: '/api/v1/policies', auth: true })
      .then(toPolicies, () => [])
    Promise.all([getSessionSigners(), policies]).then(
      ([wallets, known]) => live && setDelegations({ status: 'ready', wallets, policies: known }),
      (error: unknown) => live && setDelegations({ status: 'error', error }),
    )
    return () => {
      live = false
    }
  }, [client, getSessionSigners, attempt])

  return { delegations, reload: useCallback(() => setAttempt((n) => n + 1), []) }
}
