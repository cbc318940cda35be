import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { writeAudit } from '../audit/writeAudit'
import { createReceiptFollower } from '../chains/createReceiptFollower'
import { getWalletTransaction } from '../chains/walletTransactions'
import type { ServerContext } from '../context'
import { createId } from '../crypto/tokens'
import { requireAppSecret, requireAuth } from '../http/requestContext'
import { listPoliciesByIds } from '../policies/policyStore'
import { scanRoutes } from '../scan/routes'
import { sessionPublicKeySchema } from '../sessions/schemas'
import { getP256KeyThumbprint } from './authorizationSignature'
import {
  type AuthorizedWalletRequest,
  authorizeWalletRequest,
  claimRequestOnce,
} from './authorizeWalletRequest'
import { createAuditBatcher } from './createAuditBatcher'
import { createWallet } from './createWallet'
import { resolveWalletOwner } from './resolveWalletOwner'
import { readWalletId, walletRpcRoutes } from './rpcRoutes'
import { toWalletJson, walletJsonSchema } from './toWalletJson'
import { getWalletsRepository, type WalletRecord } from './walletsRepository'
import { withIdempotency } from './withIdempotency'

/** How many delegated signers one wallet may have at a time. */
export const MAX_SIGNERS_PER_WALLET = 10

const walletIdParams = z.object({ wallet_id: z.string().min(1).max(100) })

/**
 * Embedded wallets: creation (idempotent), listing, delegated signers, revocation, transaction
 * status, and the wallet RPC and transaction scan route groups.
 *
 * Creation rule: `POST /api/v1/wallets {chain_type}` answers the user's primary wallet of that chain
 * type (index 0), creating it on first use (201) and answering the same wallet afterwards (200).
 * `create_additional: true` derives the next index. `strict: true` (for a client that means "make my
 * first wallet") answers `embedded_wallet_already_exists` instead of the existing primary wallet.
 */
export function walletRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const follower = createReceiptFollower(ctx)
  const auditLog = createAuditBatcher(ctx.db)
  const wallets = getWalletsRepository(ctx)
  const signed = new WeakMap<FastifyRequest, AuthorizedWalletRequest>()

  const answer = async (list: WalletRecord[]) => {
    const signers = await wallets.listSigners(list.map((wallet) => wallet.id))
    return list.map((wallet) => toWalletJson(wallet, signers))
  }

  return async (app) => {
    app.addHook('onClose', async () => {
      follower.close()
      await auditLog.flush()
    })
    await app.register(walletRpcRoutes(ctx, follower, auditLog))
    await app.register(scanRoutes(ctx))

    app.post(
      '/api/v1/wallets',
      {
        schema: {
          tags: ['wallets'],
          summary: "Create (or get) the user's embedded wallet of a chain type",
          security: [{ bearer: [] }, { appSecret: [] }],
          body: z.object({
            chain_type: z.enum(['ethereum', 'solana']),
            create_additional: z.boolean().default(false),
            strict: z.boolean().default(false),
            /** With app credentials only: the user to create the wallet for. */
            user_id: z.string().min(1).max(100).optional(),
          }),
          response: { 200: walletJsonSchema, 201: walletJsonSchema },
        },
      },
      async (request, reply) => {
        // createWallet checks that the user is the app's, in the same query that reads their root.
        const owner = await resolveWalletOwner(ctx, request, request.body.user_id, { verifyUser: false })
        const key = request.headers['satchel-idempotency-key']
        const { value } = await withIdempotency(
          ctx,
          {
            scope: `user:${owner.userId}`,
            key: typeof key === 'string' && key.length > 0 ? key.slice(0, 255) : undefined,
            body: request.body,
            parse: (stored) => z.object({ wallet: walletJsonSchema, created: z.boolean() }).parse(stored),
          },
          async () => {
            const { wallet, created } = await createWallet(ctx, {
              appId: owner.app.id,
              userId: owner.userId,
              chainType: request.body.chain_type,
              createAdditional: request.body.create_additional,
              strict: request.body.strict,
              sessionId: owner.sessionId,
            })
            if (!created) {
              const [json] = await answer([wallet])
              if (!json) throw new ApiError('internal_error')
              return { wallet: json, created }
            }
            await auditLog.write({
              appId: owner.app.id,
              userId: owner.userId,
              sessionId: owner.sessionId,
              action: 'wallet.create',
              outcome: 'success',
              details: { wallet_id: wallet.id, chain_type: wallet.chainType, index: wallet.index },
            })
            // A wallet made a moment ago has no delegated signers yet.
            return { wallet: toWalletJson(wallet, []), created }
          },
        )
        return reply.status(value.created ? 201 : 200).send(value.wallet)
      },
    )

    app.get(
      '/api/v1/wallets',
      {
        schema: {
          tags: ['wallets'],
          summary: "The user's embedded wallets",
          security: [{ bearer: [] }, { appSecret: [] }],
          querystring: z.object({ user_id: z.string().min(1).max(100).optional() }),
          response: { 200: z.object({ data: z.array(walletJsonSchema) }) },
        },
      },
      async (request) => {
        const owner = await resolveWalletOwner(ctx, request, request.query.user_id)
        return { data: await answer(await wallets.listWallets(owner.userId)) }
      },
    )

    app.get(
      '/api/v1/wallets/:wallet_id',
      {
        schema: {
          tags: ['wallets'],
          summary: 'One embedded wallet',
          security: [{ bearer: [] }, { appSecret: [] }],
          params: walletIdParams,
          response: { 200: walletJsonSchema },
        },
      },
      async (request) => {
        const wallet = await requireReadableWallet(ctx, request, request.params.wallet_id)
        const [json] = await answer([wallet])
        if (!json) throw new ApiError('internal_error')
        return json
      },
    )

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
        await writeAudit(ctx.db, {
          appId: authorized.app.id,
          userId: authorized.wallet.userId,
          sessionId: authorized.actor.auth.sessionId,
          action: 'wallet.signers.update',
          outcome: 'success',
          details: { wallet_id: authorized.wallet.id, signers: thumbprints.length },
        })
        const wallet = await wallets.getWallet(authorized.wallet.id)
        if (!wallet) throw new ApiError('embedded_wallet_not_found')
        const [json] = await answer([wallet])
        if (!json) throw new ApiError('internal_error')
        return json
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
        await writeAudit(ctx.db, {
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

    app.get(
      '/api/v1/wallets/:wallet_id/transactions/:hash',
      {
        schema: {
          tags: ['wallets'],
          summary: 'Status of a transaction the wallet sent through the API',
          security: [{ bearer: [] }, { appSecret: [] }],
          params: walletIdParams.extend({ hash: z.string().min(1).max(100) }),
          response: {
            200: z.object({
              hash: z.string(),
              caip2: z.string(),
              status: z.enum(['pending', 'mined', 'failed']),
              block_number: z.number().optional(),
            }),
          },
        },
      },
      async (request) => {
        const wallet = await requireReadableWallet(ctx, request, request.params.wallet_id)
        const transaction = await getWalletTransaction(ctx.db, wallet.id, request.params.hash)
        if (!transaction) throw new ApiError('not_found', { message: 'Transaction not found' })
        let { status, blockNumber } = transaction
        const evm = /^eip155:(\d+)$/.exec(transaction.caip2)?.[1]
        if (status === 'pending' && evm && /^0x[0-9a-fA-F]{64}$/.test(transaction.hash)) {
          // Asked here too, so the answer never depends on the instance that broadcast staying up.
          const checked = await follower
            .check({ chainId: Number(evm), caip2: transaction.caip2, hash: `0x${transaction.hash.slice(2)}` })
            .catch(() => ({ status, blockNumber }))
          status = checked.status
          blockNumber = checked.blockNumber
        }
        return {
          hash: transaction.hash,
          caip2: transaction.caip2,
          status,
          ...(blockNumber !== null && { block_number: Number(blockNumber) }),
        }
      },
    )
  }
}

/** A wallet the caller may read: the user's own, or (with the app secret) one of the app's users'. */
async function requireReadableWallet(ctx: ServerContext, request: FastifyRequest, walletId: string) {
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
