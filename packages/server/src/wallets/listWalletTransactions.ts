import type { Db } from '../platform/db/createDatabase'
import type { WalletTransactionStatus } from './chains/walletTransactions'

/** A transaction the API sent for a wallet, as recorded (newest first in a list). */
export type WalletTransactionEntry = {
  hash: string
  caip2: string
  status: WalletTransactionStatus
  blockNumber: bigint | null
  createdAt: Date
}

/**
 * The newest `limit` transactions the API sent for a wallet (its own sends and those a connected app
 * asked it to sign and send), with the status last recorded; those sent before `before` when given,
 * to read further back.
 *
 * @example
 * const page = await listWalletTransactions(ctx.db, wallet.id, { limit: 50 })
 */
export async function listWalletTransactions(
  db: Db,
  walletId: string,
  { limit, before }: { limit: number; before?: Date | undefined },
): Promise<WalletTransactionEntry[]> {
  const rows = await db.query<{
    hash: string
    caip2: string
    status: WalletTransactionStatus
    block_number: string | number | null
    created_at: Date
  }>(
    `select hash, caip2, status, block_number, created_at from wallet_transactions
     where wallet_id = $1 and ($3::timestamptz is null or created_at < $3)
     order by created_at desc, hash limit $2`,
    [walletId, limit, before ?? null],
  )
  return rows.map((row) => ({
    hash: row.hash,
    caip2: row.caip2,
    status: row.status,
    blockNumber: row.block_number === null ? null : BigInt(row.block_number),
    createdAt: row.created_at,
  }))
}
