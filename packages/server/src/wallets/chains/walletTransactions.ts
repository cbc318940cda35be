import type { Db } from '../../platform/db/createDatabase'

export type WalletTransactionStatus = 'pending' | 'mined' | 'failed'

export type WalletTransactionRecord = {
  walletId: string
  caip2: string
  hash: string
  nonce: number | null
  status: WalletTransactionStatus
  blockNumber: bigint | null
}

type Row = {
  wallet_id: string
  caip2: string
  hash: string
  nonce: string | number | null
  status: WalletTransactionStatus
  block_number: string | number | null
}

/**
 * Records a transaction the API broadcast, as pending (a retried record of the same hash is a no-op).
 *
 * @example
 * await recordWalletTransaction(ctx.db, { walletId, caip2: 'eip155:1', hash, nonce: 7 })
 */
export async function recordWalletTransaction(
  db: Db,
  entry: { walletId: string; caip2: string; hash: string; nonce: number | null },
): Promise<void> {
  await db.query(
    `insert into wallet_transactions (wallet_id, caip2, hash, nonce) values ($1, $2, $3, $4)
     on conflict (wallet_id, hash) do nothing`,
    [entry.walletId, entry.caip2, entry.hash, entry.nonce],
  )
}

/**
 * Records how a transaction ended (every wallet that sent this hash sees the same outcome).
 *
 * @example
 * await settleWalletTransaction(ctx.db, { caip2, hash, status: 'mined', blockNumber: 12n })
 */
export async function settleWalletTransaction(
  db: Db,
  outcome: { caip2: string; hash: string; status: 'mined' | 'failed'; blockNumber: bigint | null },
): Promise<void> {
  await db.query(
    `update wallet_transactions set status = $3, block_number = $4, updated_at = now()
     where caip2 = $1 and hash = $2 and status = 'pending'`,
    [outcome.caip2, outcome.hash, outcome.status, outcome.blockNumber?.toString() ?? null],
  )
}

/**
 * One transaction of a wallet, as last recorded.
 *
 * @example
 * const transaction = await getWalletTransaction(ctx.db, walletId, hash)
 */
export async function getWalletTransaction(
  db: Db,
  walletId: string,
  hash: string,
): Promise<WalletTransactionRecord | undefined> {
  const [row] = await db.query<Row>('select * from wallet_transactions where wallet_id = $1 and hash = $2', [
    walletId,
    hash,
  ])
  if (!row) return undefined
  return {
    walletId: row.wallet_id,
    caip2: row.caip2,
    hash: row.hash,
    nonce: row.nonce === null ? null : Number(row.nonce),
    status: row.status,
    blockNumber: row.block_number === null ? null : BigInt(row.block_number),
  }
}
