import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../identity/context'
import { readCaller } from '../identity/guards/readCaller'
import type { WalletRecord } from './walletsRepository'

/**
 * A wallet the caller of a `['user', 'app']` route may read: the user's own, or one of the app's
 * users' for the app's backend. Anything else is answered as `embedded_wallet_not_found`, like a wallet that does not exist.
 *
 * @example
 * const wallet = await requireReadableWallet(ctx, request, request.params.wallet_id)
 */
export async function requireReadableWallet(
  ctx: ServerContext,
  request: FastifyRequest,
  walletId: string,
): Promise<WalletRecord> {
  const caller = readCaller(request)
  const wallet = await ctx.wallets.getWallet(walletId)
  const readable =
    wallet !== undefined &&
    wallet.appId === caller.app.id &&
    (caller.kind === 'app' || wallet.userId === caller.auth.userId)
  if (!wallet || !readable) throw new ApiError('embedded_wallet_not_found')
  return wallet
}
