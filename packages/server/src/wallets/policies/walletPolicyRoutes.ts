import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { readCaller } from '../../identity/guards/readCaller'
import { recordAudit } from '../../platform/audit/recordAudit'
import { toWalletJson, walletJsonSchema } from '../toWalletJson'
import { lockWalletPolicyIds, setWalletPolicyIds } from '../walletsRepository'
import { forgetWalletPolicies } from './policyCache'

/** How many policies one wallet may carry. */
export const MAX_POLICIES_PER_WALLET = 10

/**
 * `PATCH /api/v1/wallets/:wallet_id/policies {policy_ids}`: sets the policies that bind every
 * signature of a wallet (an empty list removes them all). The app's backend may set them on any
 * wallet of its users (Basic app secret); the user on their own wallet (`user+signed+stepup`: signed
 * with the session key, a fresh second factor when enrolled), so a stolen access token cannot lift a
 * wallet's limits. A policy must be the app's (or the wallet owner's own) and of the wallet's chain
 * type. The app cannot detach a policy the user made, and a delegated signer stays bound by the
 * wallet policies it was consented under.
 */
export function walletPolicyRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const wallets = ctx.wallets

  return async (app) => {
    app.patch(
      '/api/v1/wallets/:wallet_id/policies',
      {
        schema: {
          tags: ['policies'],
          summary: "Set a wallet's policies (app backend, or the user signed with the session key)",
          security: [{ bearer: [] }, { appSecret: [] }],
          params: z.object({ wallet_id: z.string().min(1).max(100) }),
          body: z.object({ policy_ids: z.array(z.string().min(1).max(100)).max(MAX_POLICIES_PER_WALLET) }),
          response: { 200: walletJsonSchema },
        },
        // The app's backend, or the user's own change: signed, with a fresh second factor when they
        // have one (a stolen token must not lift a wallet's limits).
        config: { guard: ['user+signed+stepup', 'app'] },
      },
      async (request) => {
        const caller = readCaller(request)
        const appId = caller.app.id
        const target = await wallets.getWallet(request.params.wallet_id)
        // Another app's wallet, or (for a user) another user's, is answered like one that does not exist.
        if (
          !target ||
          target.appId !== appId ||
          (caller.kind === 'user' && target.userId !== caller.auth.userId)
        )
          throw new ApiError('embedded_wallet_not_found')
        const walletId = target.id
        const ids = request.body.policy_ids
        if (new Set(ids).size !== ids.length)
          throw new ApiError('invalid_data', { message: 'A policy is listed twice' })

        await ctx.db.transaction(async (tx) => {
          const wallet = await lockWalletPolicyIds(tx, walletId)
          if (!wallet) throw new ApiError('embedded_wallet_not_found')
          if (caller.kind === 'app') {
            // The app's backend may add policies and remove its own, never one the user made and
            // attached: that limit is the user's, on their own wallet. (Delegated signers stay bound
            // by the list they were consented under whatever happens here: see evaluatePolicies.)
            const detached = wallet.policyIds.filter((id) => !ids.includes(id))
            const [usersOwn] = await tx.query<{ id: string }>(
              'select id from policies where id = any($1) and owner_user_id = $2 limit 1',
              [detached, wallet.userId],
            )
            if (usersOwn)
              throw new ApiError('invalid_data', {
                message: `Policy ${usersOwn.id} is the user's own: only the user can detach it`,
              })
          }
          // Shared row locks: a policy cannot be deleted between this check and the update.
          const found = await tx.query<{
            id: string
            app_id: string
            owner_user_id: string | null
            chain_type: string
          }>('select id, app_id, owner_user_id, chain_type from policies where id = any($1) for share', [ids])
          for (const id of ids) {
            const policy = found.find((candidate) => candidate.id === id)
            const usable =
              policy?.app_id === appId &&
              (policy.owner_user_id === null || policy.owner_user_id === wallet.userId)
            if (!policy || !usable) throw new ApiError('invalid_data', { message: `Unknown policy: ${id}` })
            if (policy.chain_type !== wallet.chainType)
              throw new ApiError('invalid_data', {
                message: `Policy ${id} is for ${policy.chain_type} wallets, not ${wallet.chainType}`,
              })
          }
          await setWalletPolicyIds(tx, walletId, ids)
        })
        await forgetWalletPolicies(ctx, walletId)

        const wallet = await wallets.getWallet(walletId)
        if (!wallet) throw new ApiError('embedded_wallet_not_found')
        await recordAudit(ctx, {
          appId,
          userId: wallet.userId,
          sessionId: caller.kind === 'user' ? caller.auth.sessionId : null,
          action: 'wallet.policies.update',
          outcome: 'success',
          details: { wallet_id: wallet.id, policy_ids: ids, by: caller.kind },
        })
        return toWalletJson(wallet, await wallets.listSigners([wallet.id]))
      },
    )
  }
}
