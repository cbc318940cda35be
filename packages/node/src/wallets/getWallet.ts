import { apiPath } from '../api/apiPath'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'
import { toWallet, type Wallet } from './toWallet'

/**
 * One wallet of one of the app's users, with its policies and delegated signers.
 *
 * @throws {ApiError} `embedded_wallet_not_found`, also for another app's wallet.
 * @example
 * const wallet = await getWallet(context, { walletId })
 */
export async function getWallet(
  context: SatchelNodeContext,
  { walletId }: { walletId: string },
): Promise<Wallet> {
  return requestJson(context, { method: 'GET', path: apiPath`/wallets/${walletId}` }, toWallet)
}
