import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import { requireAppSecret, requireAuth } from '../http/requestContext'
import { getWalletsRepository, type WalletRecord } from './walletsRepository'

/**
 * A wallet the caller may read: the user's own (bearer token), or one of the app's users' (Basic app
 * secret). Anything else is answered as `embedded_wallet_not_found`, like a wallet that does not exist.
 *
 * @example
 * const wallet = await requireReadableWallet(ctx, request, request.params.wallet_id)
 */
export async function requireReadableWallet(
  ctx: ServerContext,
  request: FastifyRequest,
  walletId: string,
): Promise<WalletRecord> {
  if (request.headers.authorization?.startsWith('Basic ')) {
    const app = await requireAppSecret(ctx, request)
    const wallet = await getWalletsRepository(ctx).getWallet(walletId)
    if (!wallet || wallet.appId !== app.id) throw new ApiError('embedded_wallet_not_found')
    return wallet
  }
  const auth = await requireAuth(ctx, request)
  const wallet = await getWalletsRepository(ctx).getWallet(walletId)
  if (!wallet || wallet.userId !== auth.userId) throw new ApiError('embedded_wallet_not_found')
  return wallet
}
