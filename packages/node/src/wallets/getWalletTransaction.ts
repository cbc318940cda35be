import { z } from 'zod'
import { apiPath } from '../api/apiPath'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'

const transactionSchema = z.object({
  hash: z.string(),
  caip2: z.string(),
  status: z.enum(['pending', 'mined', 'failed']),
  block_number: z.number().optional(),
})

export type WalletTransaction = {
  readonly hash: string
  readonly caip2: string
  readonly status: 'pending' | 'mined' | 'failed'
  /** The block (the slot on Solana), once mined. */
  readonly blockNumber?: number | undefined
}

/**
 * Where a transaction a wallet sent through the API stands; a pending one is asked of its chain.
 *
 * @example
 * const { status } = await getWalletTransaction(context, { walletId, hash })
 */
export async function getWalletTransaction(
  context: SatchelNodeContext,
  { walletId, hash }: { walletId: string; hash: string },
): Promise<WalletTransaction> {
  const path = apiPath`/wallets/${walletId}/transactions/${hash}`
  const transaction = await requestJson(context, { method: 'GET', path }, transactionSchema.parse)
  return {
    hash: transaction.hash,
    caip2: transaction.caip2,
    status: transaction.status,
    ...(transaction.block_number !== undefined && { blockNumber: transaction.block_number }),
  }
}
