import type { SatchelClient } from '../createSatchelClient'
import { isRecord } from '../parse'
import type { ReadParameters } from './readParameters'

export type TransactionStatus = {
  status: 'pending' | 'mined' | 'failed'
  /** The block (or Solana slot) it landed in, once mined or failed. */
  blockNumber: number | undefined
}

export type GetTransactionStatusParameters = ReadParameters & {
  /** The embedded wallet's id that sent it. */
  walletId: string
  hash: string
}

/**
 * Where a transaction an embedded wallet sent stands, as the server follows it to its receipt
 * (`GET /api/v1/wallets/:id/transactions/:hash`). Anything but `mined` or `failed` reads `pending`.
 *
 * @example
 * await getTransactionStatus(client, { walletId, hash }) // { status: 'mined', blockNumber: 12 }
 */
export async function getTransactionStatus(
  client: SatchelClient,
  { walletId, hash, signal }: GetTransactionStatusParameters,
): Promise<TransactionStatus> {
  const answer = await client.request({
    method: 'GET',
    path: `/api/v1/wallets/${encodeURIComponent(walletId)}/transactions/${encodeURIComponent(hash)}`,
    auth: true,
    signal,
  })
  const status = isRecord(answer) ? answer.status : undefined
  return {
    status: status === 'mined' || status === 'failed' ? status : 'pending',
    blockNumber: isRecord(answer) && typeof answer.blockNumber === 'number' ? answer.blockNumber : undefined,
  }
}
