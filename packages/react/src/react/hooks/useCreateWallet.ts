import { type CreateWalletParameters, createWallet } from '../../client/actions/createWallet'
import type { SatchelWallet } from '../../client/types'
import { type NamedActionReturnType, useNamedAction } from '../useNamedAction'

type Parameters = CreateWalletParameters | undefined

type Return = NamedActionReturnType<'createWallet', Parameters, SatchelWallet>

/**
 * Creates an embedded wallet for the signed-in user; `useWallets` shows `creating`, then `ready`.
 *
 * @example
 * const { createWallet, isPending } = useCreateWallet()
 * await createWallet({ chainType: 'ethereum' })
 */
export function useCreateWallet(): Return {
  return useNamedAction('useCreateWallet', 'createWallet', createWallet)
}
