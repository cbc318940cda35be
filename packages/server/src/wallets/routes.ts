import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { emitEvent } from '../identity/webhooks/emitEvent'
import { createAuditBatcher } from '../platform/audit/createAuditBatcher'
import { createNonceManager } from './chains/createNonceManager'
import { createReceiptFollower } from './chains/createReceiptFollower'
import { createWallet } from './createWallet'
import { requireReadableWallet } from './requireReadableWallet'
import { resolveWalletOwner } from './resolveWalletOwner'
import { walletRpcRoutes } from './rpcRoutes'
import { scanRoutes } from './scan/routes'
import { signerRoutes } from './signerRoutes'
import { toWalletJson, walletJsonSchema } from './toWalletJson'
import { transactionListRoutes } from './transactionListRoutes'
import { transactionRoutes } from './transactionRoutes'
import type { WalletRecord } from './walletsRepository'
import { withIdempotency } from './withIdempotency'

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
  const nonces = createNonceManager(ctx)
  const auditLog = createAuditBatcher(ctx.db, {
    onLost: (error, entry) => ctx.log.error({ err: error, ...entry }, 'audit entry lost'),
  })
  const wallets = ctx.wallets

  const answer = async (list: WalletRecord[]) => {
    const signers = await wallets.listSigners(list.map((wallet) => wallet.id))
    return list.map((wallet) => toWalletJson(wallet, signers))
  }

  return async (app) => {
    app.addHook('onClose', async () => {
      follower.close()
      await auditLog.flush()
    })
    await app.register(walletRpcRoutes(ctx, follower, nonces, auditLog))
    await app.register(signerRoutes(ctx))
    await app.register(transactionRoutes(ctx, follower))
    await app.register(transactionListRoutes(ctx))
    await app.register(scanRoutes(ctx))

    app.post(
      '/api/v1/wallets',
      {
        config: { guard: ['user', 'app'] },
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
            // The wallet exists now: a lost entry must not make the client retry into a second one.
            await auditLog
              .write({
                appId: owner.app.id,
                userId: owner.userId,
                sessionId: owner.sessionId,
                action: 'wallet.create',
                outcome: 'success',
                details: { wallet_id: wallet.id, chain_type: wallet.chainType, index: wallet.index },
              })
              .catch((error: unknown) => ctx.log.error({ err: error }, 'audit entry lost'))
            const event = {
              user_id: owner.userId,
              wallet_id: wallet.id,
              chain_type: wallet.chainType,
              address: wallet.address,
            }
            await emitEvent(ctx, owner.app.id, 'wallet.created', event).catch((error: unknown) =>
              ctx.log.error({ err: error }, 'webhook event lost'),
            )
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
        config: { guard: ['user', 'app'] },
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
        config: { guard: ['user', 'app'] },
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
  }
}
