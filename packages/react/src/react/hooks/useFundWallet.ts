import { useMemo } from 'react'
import {
  type FundingStatus,
  type FundWalletParameters,
  type FundWalletReturnType,
  fundWallet,
  getFundingStatus,
} from '../../client/actions/fundWallet'
import type { SatchelClient } from '../../client/createSatchelClient'
import { actionOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import { type UseActionReturnType, useAction } from '../useAction'

async function fundAndOpen(
  client: SatchelClient,
  parameters: FundWalletParameters,
): Promise<FundWalletReturnType> {
  // The window opens in the click's own turn (before any await) so it is not blocked as a popup;
  // where it is blocked anyway, this tab goes to the provider instead.
  const popup = typeof window === 'undefined' ? null : window.open('about:blank', '_blank')
  try {
    const result = await fundWallet(client, parameters)
    if (popup) popup.location.href = result.url
    else window.location.assign(result.url)
    return result
  } catch (error) {
    popup?.close()
    throw error
  }
}

/**
 * Buys crypto with a card into an embedded wallet: opens the onramp provider's page, then
 * `getStatus` tells how the purchase went.
 *
 * @example
 * const { fundWallet, getStatus } = useFundWallet()
 * const { partnerUserId } = await fundWallet({ asset: 'USDC', network: 'base', amount: 20 })
 */
export function useFundWallet(): {
  fundWallet: (parameters: FundWalletParameters) => Promise<FundWalletReturnType>
  getStatus: (parameters: { partnerUserId: string }) => Promise<FundingStatus>
} & UseActionReturnType<FundWalletParameters, FundWalletReturnType> {
  const client = useSatchelClient('useFundWallet')
  const action = useAction(useMemo(() => actionOptions(client, 'fundWallet', fundAndOpen), [client]))
  return {
    ...action,
    fundWallet: action.mutateAsync,
    getStatus: (parameters) => getFundingStatus(client, parameters),
  }
}
