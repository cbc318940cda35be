import { z } from 'zod'
import { requestApi } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'
import { toWallet, type Wallet } from './toWallet'

const listSchema = z.object({ data: z.array(z.unknown()) })

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
  const { body } = await requestApi(context, {
    method: 'GET',
    path: `/api/v1/wallets?user_id=${encodeURIComponent(userId)}`,
  })
  return listSchema.parse(body).data.map(toWallet)
}
