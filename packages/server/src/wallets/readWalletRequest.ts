import type { FastifyRequest } from 'fastify'
import type { App } from '../identity/apps/types'
import type { ServerContext } from '../identity/context'
import { type AuthorizedWalletRequest, authorizeWalletRequest } from './authorizeWalletRequest'
import { readWalletId } from './readWalletId'

declare module '../identity/guards/routeGuard' {
  interface GuardedKinds {
    wallet: { app: App; authorized: AuthorizedWalletRequest }
  }
}

/**
 * The `wallet` guard's check (wallet RPC): the request must be signed by the user's session key or
 * by an app's delegated signer ({@link authorizeWalletRequest}); a refusal is audited as `wallet.rpc`.
 *
 * @example
 * installGuards(app, ctx, { wallet: createWalletGuardHook(ctx) })
 */
export function createWalletGuardHook(ctx: ServerContext): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const body: unknown = request.body
    const method = typeof body === 'object' && body !== null && 'method' in body ? body.method : undefined
    const authorized = await authorizeWalletRequest(ctx, request, {
      walletId: readWalletId(request.params),
      allowDelegated: true,
      audit: {
        action: 'wallet.rpc',
        method: typeof method === 'string' ? method.slice(0, 64) : undefined,
      },
    })
    request.guarded = { kind: 'wallet', app: authorized.app, authorized }
  }
}

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
