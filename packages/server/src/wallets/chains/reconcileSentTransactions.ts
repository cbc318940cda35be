import type { Hash, Hex } from 'viem'
import type { ServerContext } from '../../identity/context'
import { getPublicClient } from './getPublicClient'
import { settleWalletTransaction } from './walletTransactions'

export type ReconcileSentTransactionsParameters = {
  /** Only transactions recorded (or last looked at) longer ago than this. Default 10 s. */
  quietForMs?: number
  /** At most this many per run. Default 100. */
  limit?: number
}

export type ReconcileSentTransactionsReturnType = {
  /** Mined or reverted: their outcome is now recorded. */
  settled: number
  /** Unknown to the chain while their nonce is still free: sent again, the same signed bytes. */
  rebroadcast: number
  /** Unknown to the chain and their nonce taken by another transaction: recorded as failed. */
  replaced: number
  /** Still waiting in the node's pool, or their chain could not be asked. */
  waiting: number
}

type Row = {
  wallet_id: string
  caip2: string
  hash: string
  nonce: string | number
  signed_transaction: string
  address: string
}

/**
 * Sees every EVM transaction the API recorded before broadcasting, and still pending, through to the
 * chain: a receipt settles it; a transaction the chain never received (its node dropped the request,
 * the process died between recording and sending) is broadcast again, byte for byte (never re-signed,
 * so never a second transaction); one whose nonce another transaction took is failed. Safe on several
 * instances at once: sending the same bytes twice is a no-op for the chain.
 *
 * @example
 * const { rebroadcast } = await reconcileSentTransactions(ctx)
 */
export async function reconcileSentTransactions(
  ctx: ServerContext,
  { quietForMs = 10_000, limit = 100 }: ReconcileSentTransactionsParameters = {},
): Promise<ReconcileSentTransactionsReturnType> {
  const rows = await ctx.db.query<Row>(
    `select t.wallet_id, t.caip2, t.hash, t.nonce, t.signed_transaction, w.address
     from wallet_transactions t join wallets w on w.id = t.wallet_id
     where t.status = 'pending' and t.signed_transaction is not null and t.nonce is not null
       and t.updated_at < $1
     order by t.created_at limit $2`,
    [new Date(ctx.now() - quietForMs), limit],
  )
  const result: ReconcileSentTransactionsReturnType = { settled: 0, rebroadcast: 0, replaced: 0, waiting: 0 }
  for (const row of rows) {
    const outcome = await reconcileOne(ctx, row).catch(() => 'waiting' as const)
    result[outcome] += 1
    if (outcome === 'waiting' || outcome === 'rebroadcast')
      await ctx.db
        .query('update wallet_transactions set updated_at = $3 where wallet_id = $1 and hash = $2', [
          row.wallet_id,
          row.hash,
          new Date(ctx.now()),
        ])
        .catch(() => {})
  }
  return result
}

/**
 * Sees through to the chain, at once, the transactions recorded for one sender on one chain with a
 * nonce from `fromNonce` on (the node's pending count: the chain has nothing there yet), in nonce order:
 * what an earlier holder of the sender's nonce lease signed and recorded and then died, or lost the
 * node's answer, before its broadcast went through. Called by the lease's next holder before it picks a
 * nonce, so that it neither reuses the nonce of a send that was recorded (and perhaps acknowledged)
 * nor leaves a gap. A row the node refuses is left to the background run; answers how many rows there
 * were (when any, the node's pending count has moved).
 *
 * @example
 * if ((await reconcileSenderTransactions(ctx, { chainId: 1, address, fromNonce: pending })) > 0) pending = await countPending()
 */
export async function reconcileSenderTransactions(
  ctx: ServerContext,
  { chainId, address, fromNonce }: { chainId: number; address: string; fromNonce: number },
): Promise<number> {
  const rows = await ctx.db.query<Row>(
    `select t.wallet_id, t.caip2, t.hash, t.nonce, t.signed_transaction, w.address
     from wallet_transactions t join wallets w on w.id = t.wallet_id
     where t.caip2 = $1 and t.status = 'pending' and t.signed_transaction is not null
       and t.nonce >= $3 and lower(w.address) = lower($2)
     order by t.nonce, t.created_at`,
    [`eip155:${chainId}`, address, fromNonce],
  )
  for (const row of rows) {
    const outcome = await reconcileOne(ctx, row).catch((error: unknown) => {
      ctx.log.warn({ err: error, chainId, hash: row.hash }, 'recorded send not sent again yet')
      return 'waiting' as const
    })
    if (outcome === 'rebroadcast') ctx.log.warn({ chainId, hash: row.hash }, 'recorded send sent again')
  }
  return rows.length
}

async function reconcileOne(
  ctx: ServerContext,
  row: Row,
): Promise<keyof ReconcileSentTransactionsReturnType> {
  const chainId = Number(row.caip2.slice('eip155:'.length))
  const client = getPublicClient(ctx, chainId)
  const hash = row.hash as Hash
  const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined)
  if (receipt) {
    await settleWalletTransaction(
      ctx.db,
      {
        caip2: row.caip2,
        hash,
        status: receipt.status === 'success' ? 'mined' : 'failed',
        blockNumber: receipt.blockNumber,
      },
      ctx.now,
    )
    return 'settled'
  }
  const known = await client.getTransaction({ hash }).catch(() => undefined)
  if (known) return 'waiting'
  const mined = await client.getTransactionCount({ address: row.address as Hex, blockTag: 'latest' })
  if (mined > Number(row.nonce)) {
    // Look once more: it may have been mined between the two questions.
    const late = await client.getTransactionReceipt({ hash }).catch(() => undefined)
    await settleWalletTransaction(
      ctx.db,
      {
        caip2: row.caip2,
        hash,
        status: late?.status === 'success' ? 'mined' : 'failed',
        blockNumber: late?.blockNumber ?? null,
      },
      ctx.now,
    )
    return late ? 'settled' : 'replaced'
  }
  await client.sendRawTransaction({ serializedTransaction: row.signed_transaction as Hex })
  return 'rebroadcast'
}

/**
 * Runs {@link reconcileSentTransactions} every `intervalMs` (one run at a time), and once soon after
 * start, so a restart picks up what the previous process left pending. `stop()` does not wait for a
 * run in progress (its chain may hang for its RPC timeout); that run's errors are only logged.
 *
 * @example
 * const reconciler = startReconciler(ctx)
 * app.addHook('onClose', () => reconciler.stop())
 */
export function startReconciler(
  ctx: ServerContext,
  { intervalMs = 10_000 }: { intervalMs?: number } = {},
): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined
  const run = () => {
    if (running) return
    running = reconcileSentTransactions(ctx)
      .then((result) => {
        if (result.rebroadcast + result.replaced > 0) ctx.log.warn({ reconciled: result }, 'sends reconciled')
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'send reconciliation failed'))
      .finally(() => {
        running = undefined
      })
  }
  const first = setTimeout(run, Math.min(2_000, intervalMs))
  const timer = setInterval(run, intervalMs)
  first.unref()
  timer.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(timer)
    },
  }
}
