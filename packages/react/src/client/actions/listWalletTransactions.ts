import type { SatchelClient } from '../createSatchelClient'
import { isRecord } from '../parse'
import type { TransactionStatus } from './getTransactionStatus'
import type { ReadParameters } from './readParameters'

/** A transaction the server sent for an embedded wallet, as it last recorded it. */
export type WalletTransaction = TransactionStatus & {
  hash: string
  /** CAIP-2 chain id (`eip155:8453`, `solana:…`). */
  caip2: string
  /** When the server sent it, in milliseconds since the epoch. */
  sentAt: number
}

export type ListWalletTransactionsParameters = ReadParameters & {
  walletId: string
  /** Only those sent before this time (milliseconds since the epoch), to read further back. */
  before?: number | undefined
}

/**
 * The transactions the server sent for an embedded wallet, newest first (50 at a time): the user's
 * sends and those a connected app asked for, the same on every device
 * (`GET /api/v1/wallets/:id/transactions`). Entries that do not parse are left out.
 *
 * @example
 * const sent = await listWalletTransactions(client, { walletId })
 */
export async function listWalletTransactions(
  client: SatchelClient,
  { walletId, before, signal }: ListWalletTransactionsParameters,
): Promise<WalletTransaction[]> {
  const query = before === undefined ? '' : `?before=${encodeURIComponent(new Date(before).toISOString())}`
  const answer = await client.request({
    method: 'GET',
    path: `/api/v1/wallets/${encodeURIComponent(walletId)}/transactions${query}`,
    auth: true,
    signal,
  })
  const list = isRecord(answer) && Array.isArray(answer.transactions) ? answer.transactions : []
  return list.flatMap((entry): WalletTransaction[] => {
    if (!isRecord(entry) || typeof entry.hash !== 'string' || typeof entry.caip2 !== 'string') return []
    const sentAt = typeof entry.createdAt === 'string' ? Date.parse(entry.createdAt) : Number.NaN
    if (Number.isNaN(sentAt)) return []
    return [
      {
        hash: entry.hash,
        caip2: entry.caip2,
        status: entry.status === 'mined' || entry.status === 'failed' ? entry.status : 'pending',
        blockNumber: typeof entry.blockNumber === 'number' ? entry.blockNumber : undefined,
        sentAt,
      },
    ]
  })
}
