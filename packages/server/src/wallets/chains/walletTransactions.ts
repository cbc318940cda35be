import { emitEvent } from '../../identity/webhooks/emitEvent'
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
 * Records a transaction about to be broadcast, as pending (a retried record of the same hash is a
 * no-op), and tells the app (`wallet.transaction.broadcast`, in the same transaction). With its signed
 * bytes, the reconciler can broadcast it again should it never reach the chain.
 *
 * @example
 * await recordWalletTransaction(ctx.db, { walletId, caip2: 'eip155:1', hash, nonce: 7, signedTransaction })
 */
export async function recordWalletTransaction(
  db: Db,
  entry: { walletId: string; caip2: string; hash: string; nonce: number | null; signedTransaction?: string },
  now: () => number = Date.now,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [inserted] = await tx.query<{ app_id: string; user_id: string }>(
      `with added as (
         insert into wallet_transactions (wallet_id, caip2, hash, nonce, signed_transaction)
          values ($1, $2, $3, $4, $5)
         on conflict (wallet_id, hash) do nothing returning wallet_id)
       select w.app_id, w.user_id from added join wallets w on w.id = added.wallet_id`,
      [entry.walletId, entry.caip2, entry.hash, entry.nonce, entry.signedTransaction ?? null],
    )
    if (!inserted) return
    const event = {
      user_id: inserted.user_id,
      wallet_id: entry.walletId,
      caip2: entry.caip2,
      hash: entry.hash,
    }
    await emitEvent({ db, now }, inserted.app_id, 'wallet.transaction.broadcast', event, tx)
  })
}

/**
 * Records how a transaction ended (every wallet that sent this hash sees the same outcome), and tells
 * the app of each wallet (`wallet.transaction.confirmed` or `.failed`, in the same transaction).
 *
 * @example
 * await settleWalletTransaction(ctx.db, { caip2, hash, status: 'mined', blockNumber: 12n })
 */
export async function settleWalletTransaction(
  db: Db,
  outcome: { caip2: string; hash: string; status: 'mined' | 'failed'; blockNumber: bigint | null },
  now: () => number = Date.now,
): Promise<void> {
  await db.transaction(async (tx) => {
    const settled = await tx.query<{ wallet_id: string; app_id: string; user_id: string }>(
      `with settled as (
         update wallet_transactions set status = $3, block_number = $4, updated_at = now()
         where caip2 = $1 and hash = $2 and status = 'pending' returning wallet_id)
       select settled.wallet_id, w.app_id, w.user_id from settled join wallets w on w.id = settled.wallet_id`,
      [outcome.caip2, outcome.hash, outcome.status, outcome.blockNumber?.toString() ?? null],
    )
    const type = outcome.status === 'mined' ? 'wallet.transaction.confirmed' : 'wallet.transaction.failed'
    for (const row of settled) {
      const event = {
        user_id: row.user_id,
        wallet_id: row.wallet_id,
        caip2: outcome.caip2,
        hash: outcome.hash,
        block_number: outcome.blockNumber?.toString() ?? null,
      }
      await emitEvent({ db, now }, row.app_id, type, event, tx)
    }
  })
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
