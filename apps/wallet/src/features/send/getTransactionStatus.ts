import type { SatchelClient } from '@satchel/react'

export type TransactionStatus = { status: 'pending' | 'mined' | 'failed'; blockNumber: number | undefined }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Where a transaction the wallet sent stands (`GET /api/v1/wallets/:id/transactions/:hash`), as the
 * server follows it to its receipt. No SDK action exists for it yet; this uses its client.
 *
 * @example
 * await getTransactionStatus(client, { walletId, hash }) // { status: 'mined', blockNumber: 12 }
 */
export async function getTransactionStatus(
  client: SatchelClient,
  { walletId, hash }: { walletId: string; hash: string },
): Promise<TransactionStatus> {
  const answer = await client.request({
    method: 'GET',
    path: `/api/v1/wallets/${encodeURIComponent(walletId)}/transactions/${encodeURIComponent(hash)}`,
    auth: true,
  })
  const status = isRecord(answer) ? answer.status : undefined
  return {
    status: status === 'mined' || status === 'failed' ? status : 'pending',
    blockNumber: isRecord(answer) && typeof answer.blockNumber === 'number' ? answer.blockNumber : undefined,
  }
}
