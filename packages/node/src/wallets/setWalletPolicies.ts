import { apiPath } from '../api/apiPath'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'
import { toWallet, type Wallet } from './toWallet'

/**
 * Sets the policies that bind every signature of a user's wallet (an empty list removes them all):
 * the app's own policies, or the wallet owner's, of the wallet's chain type.
 *
 * @throws {ApiError} `embedded_wallet_not_found`, or `invalid_data` naming an unknown policy.
 * @example
 * await setWalletPolicies(context, { walletId, policyIds: [policy.id] })
 */
export async function setWalletPolicies(
  context: SatchelNodeContext,
  { walletId, policyIds }: { walletId: string; policyIds: readonly string[] },
): Promise<Wallet> {
  const path = apiPath`/wallets/${walletId}/policies`
  return requestJson(context, { method: 'PATCH', path, body: { policy_ids: [...policyIds] } }, toWallet)
}
