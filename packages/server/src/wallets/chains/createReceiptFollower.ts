import type { Hash } from 'viem'
import type { ServerContext } from '../../identity/context'
import { getPublicClient } from './getPublicClient'
import { settleWalletTransaction, type WalletTransactionStatus } from './walletTransactions'

export type FollowedTransaction = { chainId: number; caip2: string; hash: Hash }

export type ReceiptFollower = {
  /** Starts following a broadcast transaction until it is mined or fails. */
  follow(transaction: FollowedTransaction): void
  /** Asks the chain once now and records the outcome when there is one. */
  check(
    transaction: FollowedTransaction,
  ): Promise<{ status: WalletTransactionStatus; blockNumber: bigint | null }>
  close(): void
}

export type CreateReceiptFollowerParameters = {
  /** How often pending receipts are asked for. Default 1 s. */
  intervalMs?: number
  /** After this long a transaction is no longer polled (a status request still asks). Default 1 h. */
  giveUpAfterMs?: number
}

/**
 * Follows broadcast transactions to their receipts in the background: one timer per server polls
 * the pending hashes of every chain and records `mined` (status success) or `failed` (reverted)
 * with the block number. Only this instance's broadcasts are polled; a status request on any
 * instance asks the chain itself, so nothing depends on the instance staying up.
 *
 * @example
 * const follower = createReceiptFollower(ctx)
 * follower.follow({ chainId: 1, caip2: 'eip155:1', hash })
 */
export function createReceiptFollower(
  ctx: ServerContext,
  { intervalMs = 1000, giveUpAfterMs = 60 * 60 * 1000 }: CreateReceiptFollowerParameters = {},
): ReceiptFollower {
  const pending = new Map<string, FollowedTransaction & { since: number }>()
  // Checks under way, by transaction: a chain whose node hangs holds up only its own transactions'
  // checks (each for its RPC timeout), never another chain's.
  const checking = new Set<string>()

  async function check(transaction: FollowedTransaction) {
    const client = getPublicClient(ctx, transaction.chainId)
    const receipt = await client.getTransactionReceipt({ hash: transaction.hash }).catch(() => undefined)
    if (!receipt) return { status: 'pending' as const, blockNumber: null }
    const status = receipt.status === 'success' ? ('mined' as const) : ('failed' as const)
    await settleWalletTransaction(
      ctx.db,
      { ...transaction, status, blockNumber: receipt.blockNumber },
      ctx.now,
    )
    pending.delete(`${transaction.caip2}/${transaction.hash}`)
    return { status, blockNumber: receipt.blockNumber }
  }

  function poll() {
    const now = Date.now()
    for (const [key, transaction] of pending) {
      if (now - transaction.since > giveUpAfterMs) {
        pending.delete(key)
        continue
      }
      if (checking.has(key)) continue
      checking.add(key)
      void check(transaction)
        .catch((error: unknown) =>
          ctx.log.warn({ err: error, hash: transaction.hash }, 'receipt check failed'),
        )
        .finally(() => checking.delete(key))
    }
  }

  const timer = setInterval(() => {
    if (pending.size > 0) poll()
  }, intervalMs)
  timer.unref()

  return {
    follow(transaction) {
      pending.set(`${transaction.caip2}/${transaction.hash}`, { ...transaction, since: Date.now() })
    },
    check,
    close() {
      clearInterval(timer)
      pending.clear()
      checking.clear()
    },
  }
}
