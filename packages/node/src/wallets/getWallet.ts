import { requestApi } from '../api/requestApi'
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
  const { body } = await requestApi(context, {
    method: 'GET',
    path: `/api/v1/wallets/${encodeURIComponent(walletId)}`,
  })
  return toWallet(body)
}
