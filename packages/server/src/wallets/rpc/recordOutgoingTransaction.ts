import type { ServerContext } from '../../identity/context'
import type { Db } from '../../platform/db/createDatabase'
import { recordWalletTransaction } from '../chains/walletTransactions'

/** A transaction about to leave: what its intent records. */
export type OutgoingTransaction = { hash: string; caip2: string; nonce: number | null }

/** What must be stored before a transaction leaves, besides its record. */
export type BeforeBroadcast = {
  /** Inside the database transaction that records the send: binds its hash to the idempotency key. */
  bind(sent: OutgoingTransaction, db: Db): Promise<void>
  /** Once that committed: the audit intent. Throws to stop the broadcast (after taking `bind` back). */
  intent(sent: OutgoingTransaction): Promise<void>
}

/**
 * Records a transaction about to leave (pending, with its signed bytes) and binds its hash to the
 * request's idempotency key in one database transaction, then stores its audit intent. Record and
 * binding exist together or not at all: a process killed in between, or a record that fails, never
 * leaves a retry answered with a hash the records do not hold (a send acknowledged, then lost), nor
 * a recorded send the reconciler would broadcast while a retry signs another.
 *
 * @throws when either step fails; nothing may leave then (the caller settles the record as failed).
 * @example
 * await recordOutgoingTransaction(ctx, { walletId, caip2, hash, nonce, signedTransaction }, beforeBroadcast)
 */
export async function recordOutgoingTransaction(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  entry: { walletId: string; caip2: string; hash: string; nonce: number | null; signedTransaction?: string },
  beforeBroadcast: BeforeBroadcast,
): Promise<void> {
  const sent = { hash: entry.hash, caip2: entry.caip2, nonce: entry.nonce }
  await ctx.db.transaction(async (tx) => {
    await recordWalletTransaction(tx, entry, ctx.now)
    await beforeBroadcast.bind(sent, tx)
  })
  // Outside the transaction: the audit log writes through its own batched connection.
  await beforeBroadcast.intent(sent)
}
