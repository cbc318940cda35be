import type { FastifyRequest } from 'fastify'
import type { AuthorizedWalletRequest } from '../../wallets/authorizeWalletRequest'

/**
 * The signed wallet request the `wallet` guard authorized: the wallet, who signed (the user's session
 * key or a delegated signer), and what the replay guard needs.
 *
 * @example
 * const { wallet, actor } = readWalletRequest(request)
 */
export function readWalletRequest(request: FastifyRequest): AuthorizedWalletRequest {
  const guarded = request.guarded
  if (guarded?.kind !== 'wallet')
    throw new Error(`${request.routeOptions.url}: its guard authorizes no wallet request`)
  return guarded.authorized
}
