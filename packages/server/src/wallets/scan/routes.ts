import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { readCaller } from '../../identity/guards/readCaller'
import { rateLimit, rateLimits } from '../../platform/http/rateLimit'
import { getPublicClient } from '../chains/getPublicClient'
import { normalizeTransactionRequest } from '../rpc/normalizeTransactionRequest'
import { transactionSchema } from '../rpc/rpcSchemas'
import { UNLIMITED_APPROVAL_THRESHOLD } from './decodeAssetChanges'
import { scanTransaction } from './scanTransaction'

const chainIdSchema = z
  .union([z.number().int().positive(), z.string().regex(/^(eip155:)?[1-9][0-9]{0,15}$/)])
  .transform((value) => (typeof value === 'number' ? value : Number(value.replace('eip155:', ''))))

const scanBodySchema = z.object({
  chain_id: chainIdSchema,
  request: z.object({
    method: z.enum(['eth_sendTransaction', 'eth_signTransaction']),
    // A JSON-RPC params array (`[transaction]`) as a dApp sends it, or the wallet API's `{transaction}`.
    params: z.union([
      z.tuple([transactionSchema]).rest(z.unknown()),
      z.object({ transaction: transactionSchema }),
    ]),
  }),
  metadata: z
    .object({ domain: z.string().max(500) })
    .partial()
    .optional(),
})

const amount = z.string().describe('decimal integer, in the asset’s smallest unit')

const scanResponseSchema = z.object({
  validation: z.object({
    result_type: z.enum(['benign', 'warning', 'malicious']),
    reasons: z.array(z.object({ code: z.string(), message: z.string() })),
  }),
  simulation: z.object({
    asset_changes: z.array(
      z.object({
        kind: z.enum(['transfer', 'approval']),
        asset: z.object({
          type: z.enum(['native', 'erc20']),
          address: z.string().optional(),
          symbol: z.string().optional(),
          decimals: z.number().optional(),
        }),
        from: z.string(),
        to: z.string(),
        amount,
        unlimited: z.boolean().optional(),
      }),
    ),
    gas: z.object({ used: amount.nullable(), price: amount.nullable() }),
    method: z.enum(['eth_simulateV1', 'eth_call']),
  }),
})

/**
 * `POST /api/v1/scan/transaction`: the check the wallet shows before a user signs a transaction.
 * Signed-in users (or an app backend with its secret) only: a scan costs several RPC calls.
 */
export function scanRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/scan/transaction',
      {
        config: { guard: ['user', 'app'] },
        schema: {
          tags: ['wallets'],
          summary: 'Simulate and judge a transaction before signing it',
          security: [{ bearer: [] }, { appSecret: [] }],
          body: scanBodySchema,
          response: { 200: scanResponseSchema },
        },
      },
      async (request) => {
        const guarded = readCaller(request)
        const caller = guarded.kind === 'app' ? `app:${guarded.app.id}` : `user:${guarded.auth.userId}`
        await rateLimit(ctx.kv, ctx.config.rateLimitScale, [[`scan:${caller}`, rateLimits.scanPerCaller]])
        const { chain_id: chainId, request: rpc } = request.body
        const input = Array.isArray(rpc.params) ? rpc.params[0] : rpc.params.transaction
        const transaction = normalizeTransactionRequest({ ...input, chainId })
        const { from } = transaction
        if (from === undefined)
          throw new ApiError('invalid_data', { message: 'The transaction must name its from address' })
        const client = getPublicClient(ctx, chainId)
        const scan = await scanTransaction(client, { ...transaction, from }).catch((error: unknown) => {
          throw new ApiError('service_unavailable', {
            message: 'The chain RPC could not be reached',
            cause: error,
          })
        })
        return {
          validation: { result_type: scan.resultType, reasons: scan.reasons },
          simulation: {
            asset_changes: scan.assetChanges.map((change) => ({
              kind: change.kind,
              asset: {
                type: change.asset.type,
                ...(change.asset.type === 'erc20' && { address: change.asset.address }),
                ...(change.symbol !== undefined && { symbol: change.symbol }),
                ...(change.decimals !== undefined && { decimals: change.decimals }),
              },
              from: change.from,
              to: change.to,
              amount: change.amount.toString(),
              ...(change.kind === 'approval' && { unlimited: change.amount >= UNLIMITED_APPROVAL_THRESHOLD }),
            })),
            gas: { used: scan.gas.used?.toString() ?? null, price: scan.gas.price?.toString() ?? null },
            method: scan.simulatedWith,
          },
        }
      },
    )
  }
}
