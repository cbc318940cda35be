import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { readAuth } from '../identity/guards/readAuth'
import { sessionPublicKeySchema } from '../identity/sessions/schemas'
import { getP256KeyThumbprint } from '../identity/signedRequests/authorizationSignature'
import { recordAudit } from '../platform/audit/recordAudit'
import { createId } from '../platform/crypto/tokens'
import { listPoliciesByIds } from './policies/policyStore'
import { toWalletJson, walletJsonSchema } from './toWalletJson'

/** How many delegated signers one wallet may have at a time. */
export const MAX_SIGNERS_PER_WALLET = 10

const walletIdParams = z.object({ wallet_id: z.string().min(1).max(100) })

/**
 * Delegated session signers: `PATCH /api/v1/wallets/:wallet_id {additional_signers}` makes an app
 * server's P-256 keys (with their policies) signers of the wallet; `POST /api/v1/wallets/revoke`
 * removes every delegation of the user's wallets. Both are `user+signed+stepup`: the user's consent,
 * signed with the session key, with a fresh second factor when they have one.
 */
export function signerRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const wallets = ctx.wallets

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
        // The user's consent to delegate: signed by the session key, with a fresh second factor when
        // the user has one (a stolen token, or a signing session alone, cannot hand the wallet over).
        config: { guard: 'user+signed+stepup' },
      },
      async (request) => {
        const auth = readAuth(request)
        const wallet = await wallets.getWallet(request.params.wallet_id)
        // Another user's (or another app's) wallet is answered exactly like one that does not exist.
        if (!wallet || wallet.userId !== auth.userId || wallet.appId !== auth.app.id)
          throw new ApiError('embedded_wallet_not_found')
        const requested = request.body.additional_signers
        const thumbprints = requested.map((signer) => getP256KeyThumbprint(signer.signer_public_key))
        if (new Set(thumbprints).size !== thumbprints.length) {
          throw new ApiError('invalid_data', { message: 'A signer key is listed twice' })
        }
        await assertPoliciesOfApp(
          ctx,
          auth.app.id,
          requested.flatMap((signer) => signer.policy_ids),
        )
        await wallets.replaceSigners(
          wallet.id,
          requested.map((signer, index) => ({
            id: createId('signer'),
            publicKey: signer.signer_public_key,
            keyThumbprint: thumbprints[index] ?? '',
            policyIds: [...new Set(signer.policy_ids)],
          })),
          new Date(ctx.now()),
        )
        await recordAudit(ctx, {
          appId: auth.app.id,
          userId: auth.userId,
          sessionId: auth.sessionId,
          action: 'wallet.signers.update',
          outcome: 'success',
          details: { wallet_id: wallet.id, signers: thumbprints.length },
        })
        const updated = await wallets.getWallet(wallet.id)
        if (!updated) throw new ApiError('embedded_wallet_not_found')
        return toWalletJson(updated, await wallets.listSigners([updated.id]))
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
        // Changes who controls the wallets, like adding a signer: the same guard.
        config: { guard: 'user+signed+stepup' },
      },
      async (request) => {
        const auth = readAuth(request)
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
