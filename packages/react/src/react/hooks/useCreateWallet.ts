import { useMemo } from 'react'
import { type CreateWalletParameters, createWallet } from '../../client/actions/createWallet'
import type { SatchelWallet } from '../../client/types'
import { actionOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import { type UseActionReturnType, useAction } from '../useAction'

type Parameters = CreateWalletParameters | undefined

/**
 * Creates an embedded wallet for the signed-in user; `useWallets` shows `creating`, then `ready`.
 *
 * @example
 * const { createWallet, isPending } = useCreateWallet()
 * await createWallet({ chainType: 'ethereum' })
 */
export function useCreateWallet(): {
  createWallet: (parameters?: Parameters) => Promise<SatchelWallet>
} & UseActionReturnType<Parameters, SatchelWallet> {
  const client = useSatchelClient('useCreateWallet')
  const action = useAction(
    useMemo(() => actionOptions(client, 'createWallet', (c, p: Parameters) => createWallet(c, p)), [client]),
  )
  return { ...action, createWallet: action.mutateAsync }
}
