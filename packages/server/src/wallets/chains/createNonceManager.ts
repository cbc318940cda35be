import { randomUUID } from 'node:crypto'
import { ApiError } from '@satchel/core'
import type { Address } from 'viem'
import type { ServerContext } from '../../identity/context'
import type { Db } from '../../platform/db/createDatabase'
import type { ChainClient } from './getPublicClient'
import { getRpcTimeoutMs } from './getRpcTimeoutMs'
import { acquireNonceLease, holdsNonceLease, readNonceLeaseHolder, releaseNonceLease } from './nonceLeases'
import { reconcileSenderTransactions } from './reconcileSentTransactions'
import { toChainApiError } from './toChainApiError'

export type ReserveNonceParameters = {
  chainId: number
  address: Address
  client: ChainClient
  /** A nonce the caller chose; used as is (and the manager moves past it). */
  nonce?: number | undefined
}

/** What the holder of a nonce may ask of its lease. */
export type NonceLease = {
  /**
   * Throws `service_unavailable` unless the lease outlasts a broadcast started now (the chain's RPC
   * timeout and a margin): call it just before broadcasting, so a transaction never leaves under a
   * lease that another instance may take over before the node has answered.
   */
  assertTimeToBroadcast(): void
  /**
   * Throws `service_unavailable` unless the lease is still this holder's, and keeps it so until `db`
   * (the transaction that records the signed transaction) ends. A holder taken for dead (its process
   * stalled past its liveness lease) and taken over thus records nothing, so sends nothing; and the
   * next holder sees every transaction recorded under the lease before it picks a nonce.
   */
  assertHeld(db: Db): Promise<void>
}

export type NonceManager = {
  /**
   * Runs `use` (sign, record, broadcast) with the next nonce of a sender on a chain, one at a time per
   * sender across every instance that shares the database. When `use` resolves the manager moves past
   * the nonce; when it throws the nonce is handed out again, so a refused broadcast leaves no gap.
   */
  withReservedNonce<T>(
    parameters: ReserveNonceParameters,
    use: (nonce: number, lease: NonceLease) => Promise<T>,
  ): Promise<T>
}

// The lease covers the pending-count call and the broadcast (each bounded by the RPC timeout), and
// signing and recording in between (this margin).
const LEASE_MARGIN_MS = 10_000
// Left over when the node answers a broadcast at the last moment of its timeout.
const BROADCAST_MARGIN_MS = 2_000
const FIRST_POLL_MS = 5
const MAX_POLL_MS = 50
// While another holder has the lease, whether its process is alive is asked this often.
const HOLDER_CHECK_MS = 250

/**
 * The nonce manager of one server. A sender's nonces are handed out under a lease on its
 * `chain_nonces` row, taken and given back by single statements: no database transaction, lock or
 * connection is held while the chain is asked anything, so a chain whose node hangs delays only the
 * sends of the same sender on that chain (each for at most its RPC timeout), never another request.
 * The nonce is the larger of the manager's next nonce and the node's pending count, so transactions
 * sent from elsewhere, or a broadcast whose answer was lost, are never collided with.
 * A lease names its holder's process (`attemptLiveness`): when that process dies holding it (kill -9),
 * the next sender takes it over as soon as the process's liveness lease is gone, seconds later, instead
 * of waiting for the lease to run out (twice the RPC timeout and 10 s). Every new holder first sees
 * through what was recorded under the lease and not yet on the chain (`reconcileSenderTransactions`:
 * the same signed bytes sent again), then starts from the node's pending count: a nonce that was
 * recorded or broadcast is not reused, one that was neither is, and no gap is left. A holder records
 * its transaction only while it still holds the lease (`assertHeld`). Within one instance the
 * senders' requests queue in order, so only one of them at a time asks the database for the lease.
 *
 * @example
 * const nonces = createNonceManager(ctx)
 * const hash = await nonces.withReservedNonce({ chainId, address, client }, async (nonce, lease) => {
 *   const signed = await sign({ ...transaction, nonce })
 *   lease.assertTimeToBroadcast()
 *   return client.sendRawTransaction({ serializedTransaction: signed })
 * })
 */
export function createNonceManager(ctx: ServerContext): NonceManager {
  const turns = new Map<string, Promise<void>>()

  /** Runs `fn` after this instance's earlier requests for the same sender, or gives up at `giveUpAt`. */
  async function inTurn<T>(key: string, giveUpAt: number, fn: () => Promise<T>): Promise<T> {
    const previous = turns.get(key) ?? Promise.resolve()
    let finished = () => {}
    const mine = new Promise<void>((resolve) => {
      finished = resolve
    })
    // The next request waits for this one, and through it for the ones before (even if this one gives up).
    const tail = previous.then(() => mine)
    turns.set(key, tail)
    try {
      if (!(await settlesBefore(previous, giveUpAt))) throw busy()
      return await fn()
    } finally {
      finished()
      if (turns.get(key) === tail) turns.delete(key)
    }
  }

  return {
    async withReservedNonce({ chainId, address, client, nonce: chosen }, use) {
      const rpcTimeoutMs = getRpcTimeoutMs(ctx.config, chainId)
      const ttlMs = 2 * rpcTimeoutMs + LEASE_MARGIN_MS
      const key = { chainId, address: address.toLowerCase() }
      // A lease whose holder died runs out within ttlMs; waiting longer means the sender is stuck.
      const giveUpAt = performance.now() + ttlMs + rpcTimeoutMs
      return inTurn(`${chainId}:${key.address}`, giveUpAt, async () => {
        const token = ctx.attemptLiveness?.owner() ?? randomUUID()
        let takenAt = performance.now()
        let next = await acquireNonceLease(ctx.db, key, { token, ttlMs })
        let checkHolderAt = takenAt
        for (let pause = FIRST_POLL_MS; next === undefined; pause = Math.min(pause * 2, MAX_POLL_MS)) {
          if (performance.now() >= checkHolderAt) {
            checkHolderAt = performance.now() + HOLDER_CHECK_MS
            const holder = await readNonceLeaseHolder(ctx.db, key)
            if (holder !== undefined && (await ctx.attemptLiveness?.isAlive(holder)) === false) {
              takenAt = performance.now()
              next = await acquireNonceLease(ctx.db, key, { token, ttlMs, takeOverFrom: holder })
              if (next !== undefined) break
            }
          }
          // Another instance holds it: ask again shortly (jittered, so instances do not move in step).
          if (performance.now() + pause > giveUpAt) throw busy()
          await sleep(pause * (0.5 + Math.random()))
          takenAt = performance.now()
          next = await acquireNonceLease(ctx.db, key, { token, ttlMs })
        }
        const lease: NonceLease = {
          assertTimeToBroadcast() {
            if (performance.now() - takenAt > ttlMs - rpcTimeoutMs - BROADCAST_MARGIN_MS) {
              throw new ApiError('service_unavailable', {
                message: 'The transaction took too long to prepare and was not sent; try again',
              })
            }
          },
          async assertHeld(db) {
            if (!(await holdsNonceLease(db, key, token)))
              throw new ApiError('service_unavailable', {
                message:
                  "Another request took over this wallet's nonce; the transaction was not sent; try again",
              })
          },
        }
        let used: number | undefined
        try {
          let nonce = chosen
          if (nonce === undefined) {
            const countPending = () =>
              client.getTransactionCount({ address, blockTag: 'pending' }).catch((error: unknown) => {
                throw toChainApiError(error, 'transaction_broadcast_failure')
              })
            let pending = await countPending()
            const recorded = await reconcileSenderTransactions(ctx, { chainId, address, fromNonce: pending })
            if (recorded > 0) pending = await countPending()
            nonce = Math.max(next, pending)
          }
          const result = await use(nonce, lease)
          used = nonce
          return result
        } finally {
          // If this fails the lease runs out by itself, and the node's pending count covers the nonce.
          await releaseNonceLease(ctx.db, key, { token, used }).catch((error: unknown) =>
            ctx.log.warn({ err: error, chainId }, 'nonce lease not released: it expires by itself'),
          )
        }
      })
    },
  }
}

function busy(): ApiError {
  return new ApiError('service_unavailable', {
    message: 'Another transaction of this wallet on this chain is still being sent; try again',
  })
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** True when `promise` settles before `deadline` (a `performance.now()` time). */
async function settlesBefore(promise: Promise<void>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - performance.now()))
  })
  try {
    return await Promise.race([promise.then(() => true), late])
  } finally {
    clearTimeout(timer)
  }
}
