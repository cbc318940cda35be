import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { recordAudit } from '../audit/recordAudit'
import type { ServerContext } from '../context'
import { createId } from '../crypto/tokens'
import { requireAuth } from '../http/requestContext'
import { listPoliciesByIds } from '../policies/policyStore'
import { sessionPublicKeySchema } from '../sessions/schemas'
import { getP256KeyThumbprint } from './authorizationSignature'
import {
  type AuthorizedWalletRequest,
  authorizeWalletRequest,
  claimRequestOnce,
} from './authorizeWalletRequest'
import { readWalletId } from './rpcRoutes'
import { toWalletJson, walletJsonSchema } from './toWalletJson'
import { getWalletsRepository } from './walletsRepository'

/** How many delegated signers one wallet may have at a time. */
export const MAX_SIGNERS_PER_WALLET = 10

const walletIdParams = z.object({ wallet_id: z.string().min(1).max(100) })

/**
 * Delegated session signers: `PATCH /api/v1/wallets/:wallet_id {additional_signers}` makes an app
 * server's P-256 keys (with their policies) signers of the wallet, signed with the user's session
 * key (the user's consent: a stolen access token alone cannot delegate); `POST /api/v1/wallets/revoke`
 * removes every delegation of the user's wallets.
 */
export function signerRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const wallets = getWalletsRepository(ctx)
  const signed = new WeakMap<FastifyRequest, AuthorizedWalletRequest>()

  return async (app) => {
    app.patch(
      '/api/v1/wallets/:wallet_id',
      {
        schema: {
          tags: ['wallets'],
          summary: "Set the wallet's delegated signers (signed with the session key: the user's consent)",
          security: [{ bearer: [] }],
          params: walletIdParams,
          body: z.object({
            additional_signers: z
              .array(
                z.object({
                  signer_public_key: sessionPublicKeySchema,
                  policy_ids: z.array(z.string().min(1).max(100)).max(10).default([]),
                }),
              )
              .max(MAX_SIGNERS_PER_WALLET),
          }),
          response: { 200: walletJsonSchema },
        },
        // The signature is checked before the body is validated, as for wallet RPC.
        preValidation: async (request) => {
          signed.set(
            request,
            await authorizeWalletRequest(ctx, request, {
              walletId: readWalletId(request.params),
              allowDelegated: false,
              audit: { action: 'wallet.signers.update' },
            }),
          )
        },
      },
      async (request) => {
        const authorized = signed.get(request)
        if (authorized?.actor.kind !== 'user') throw new ApiError('internal_error')
        await claimRequestOnce(ctx, authorized)
        const requested = request.body.additional_signers
        const thumbprints = requested.map((signer) => getP256KeyThumbprint(signer.signer_public_key))
        if (new Set(thumbprints).size !== thumbprints.length) {
          throw new ApiError('invalid_data', { message: 'A signer key is listed twice' })
        }
        await assertPoliciesOfApp(
          ctx,
          authorized.app.id,
          requested.flatMap((signer) => signer.policy_ids),
        )
        await wallets.replaceSigners(
          authorized.wallet.id,
          requested.map((signer, index) => ({
            id: createId('signer'),
            publicKey: signer.signer_public_key,
            keyThumbprint: thumbprints[index] ?? '',
            policyIds: [...new Set(signer.policy_ids)],
          })),
          new Date(ctx.now()),
        )
        await recordAudit(ctx, {
          appId: authorized.app.id,
          userId: authorized.wallet.userId,
          sessionId: authorized.actor.auth.sessionId,
          action: 'wallet.signers.update',
          outcome: 'success',
          details: { wallet_id: authorized.wallet.id, signers: thumbprints.length },
        })
        const wallet = await wallets.getWallet(authorized.wallet.id)
        if (!wallet) throw new ApiError('embedded_wallet_not_found')
        return toWalletJson(wallet, await wallets.listSigners([wallet.id]))
      },
    )

    app.post(
      '/api/v1/wallets/revoke',
      {
        schema: {
          tags: ['wallets'],
          summary: "Remove every delegated signer of the user's wallets",
          security: [{ bearer: [] }],
          body: z.object({}).optional(),
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        // Only the user's access token is needed: revoking can only take power away.
        const auth = await requireAuth(ctx, request)
        const revoked = await wallets.revokeAllSigners(auth.userId, new Date(ctx.now()))
        await recordAudit(ctx, {
          appId: auth.app.id,
          userId: auth.userId,
          sessionId: auth.sessionId,
          action: 'wallet.signers.revoke',
          outcome: 'revoked',
          details: { signers: revoked },
        })
        return { message: `Revoked ${revoked} delegated signer${revoked === 1 ? '' : 's'}` }
      },
    )
  }
}

/** Signer policies must be the app's own: another app's policy id is as unknown as a missing one. */
async function assertPoliciesOfApp(ctx: ServerContext, appId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return
  const found = await listPoliciesByIds(ctx.db, unique)
  const known = new Set(found.filter((policy) => policy.appId === appId).map((policy) => policy.id))
  const missing = unique.filter((id) => !known.has(id))
  if (missing.length > 0)
    throw new ApiError('invalid_data', { message: `Unknown policy: ${missing.join(', ')}` })
}
