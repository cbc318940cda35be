import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { listWalletTransactions } from './listWalletTransactions'
import { requireReadableWallet } from './requireReadableWallet'

const LIMIT = 50

/**
 * `GET /api/v1/wallets/:wallet_id/transactions`: the transactions the API sent for the user's wallet,
 * newest first, so every device of the user lists the same sends (the wallet's activity reads the
 * amounts and parties from the chain). Read-only.
 */
export function transactionListRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/wallets/:wallet_id/transactions',
      {
        // Read-only and the user's own wallet only: a stolen access token reads the hashes of the
        // wallet's sends, which the chain already shows anyone who knows the address.
        config: { guard: 'user' },
        schema: {
          tags: ['wallets'],
          summary:
            'Transactions the API sent for the wallet, newest first (50 a page; before: read further back)',
          security: [{ bearer: [] }],
          params: z.object({ wallet_id: z.string().min(1).max(100) }),
          querystring: z.object({ before: z.iso.datetime().optional() }),
          response: {
            200: z.object({
              transactions: z.array(
                z.object({
                  hash: z.string(),
                  caip2: z.string(),
                  status: z.enum(['pending', 'mined', 'failed']),
                  block_number: z.number().optional(),
                  created_at: z.string(),
                }),
              ),
            }),
          },
        },
      },
      async (request) => {
        const wallet = await requireReadableWallet(ctx, request, request.params.wallet_id)
        const { before } = request.query
        const entries = await listWalletTransactions(ctx.db, wallet.id, {
          limit: LIMIT,
          before: before === undefined ? undefined : new Date(before),
        })
        return {
          transactions: entries.map((entry) => ({
            hash: entry.hash,
            caip2: entry.caip2,
            status: entry.status,
            ...(entry.blockNumber !== null && { block_number: Number(entry.blockNumber) }),
            created_at: entry.createdAt.toISOString(),
          })),
        }
      },
    )
  }
}
