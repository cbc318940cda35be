import { readList } from '../api/readList'
import { requestJson } from '../api/requestJson'
import { toQuery } from '../api/toQuery'
import type { SatchelNodeContext } from '../types'
import { toWallet, type Wallet } from './toWallet'

/**
 * A user's embedded wallets (`GET /api/v1/wallets?user_id=...` with the app secret).
 *
 * @throws {ApiError} `user_does_not_exist` for a user who is not the app's.
 * @example
 * const wallets = await listWallets(context, { userId })
 */
export async function listWallets(
  context: SatchelNodeContext,
  { userId }: { userId: string },
): Promise<Wallet[]> {
  return requestJson(
    context,
    { method: 'GET', path: `/api/v1/wallets?${toQuery({ userId })}` },
    readList(toWallet),
  )
}
