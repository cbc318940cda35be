import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import type { ReceiptFollower } from './chains/createReceiptFollower'
import { getRpcTimeoutMs } from './chains/getRpcTimeoutMs'
import { getSolanaRpcUrl } from './chains/getSolanaRpcUrl'
import { getSolanaSignatureStatus } from './chains/getSolanaSignatureStatus'
import { getWalletTransaction, settleWalletTransaction } from './chains/walletTransactions'
import { requireReadableWallet } from './requireReadableWallet'

const walletIdParams = z.object({ wallet_id: z.string().min(1).max(100) })

/**
 * `GET /api/v1/wallets/:wallet_id/transactions/:hash`: where a transaction the wallet sent through
 * the API stands. A pending one is looked up on its chain at that moment, so the answer never
 * depends on the instance that broadcast it staying up.
 */
export function transactionRoutes(ctx: ServerContext, follower: ReceiptFollower): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/wallets/:wallet_id/transactions/:hash',
      {
        config: { guard: ['user', 'app'] },
        schema: {
          tags: ['wallets'],
          summary:
            'Status of a transaction the wallet sent through the API (block_number: the slot on Solana)',
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
        } else if (status === 'pending' && transaction.caip2.startsWith('solana:')) {
          const rpcUrl = getSolanaRpcUrl(ctx, transaction.caip2)
          const checked = await getSolanaSignatureStatus(rpcUrl, transaction.hash, {
            timeoutMs: getRpcTimeoutMs(ctx.config),
          })
          if (checked.status !== 'pending') {
            await settleWalletTransaction(
              ctx.db,
              { ...transaction, status: checked.status, blockNumber: checked.slot },
              ctx.now,
            )
          }
          status = checked.status
          blockNumber = checked.slot
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
