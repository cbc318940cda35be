import type { Address } from 'viem'
import type { ServerContext } from '../context'
import type { ChainClient } from './getPublicClient'
import { toChainApiError } from './toChainApiError'

export type WithReservedNonceParameters = {
  chainId: number
  address: Address
  client: ChainClient
  /** A nonce the caller chose; used as is (and the manager moves past it). */
  nonce?: number | undefined
}

/**
 * Runs `use` (sign and broadcast) with the next nonce of a sender on a chain, one at a time per sender
 * across every instance that shares the database: the sender's `chain_nonces` row is locked
 * (`select ... for update`) for the whole reservation, sign and broadcast. The nonce is the larger
 * of the manager's next nonce and the node's pending count, so transactions sent from elsewhere (or a
 * broadcast whose answer was lost) are never collided with. When `use` throws, the transaction rolls
 * back and the nonce is handed out again: a refused broadcast leaves no gap that would strand every
 * later transaction.
 * Nothing inside may query the database through the pool: the lock holder must never wait on it.
 *
 * @example
 * const hash = await withReservedNonce(ctx, { chainId, address, client }, async (nonce) => {
 *   const signed = await sign({ ...transaction, nonce })
 *   return client.sendRawTransaction({ serializedTransaction: signed })
 * })
 */
export async function withReservedNonce<T>(
  ctx: ServerContext,
  { chainId, address, client, nonce: chosen }: WithReservedNonceParameters,
  use: (nonce: number) => Promise<T>,
): Promise<T> {
  const key = address.toLowerCase()
  return ctx.db.transaction(async (tx) => {
    await tx.query('insert into chain_nonces (chain_id, address) values ($1, $2) on conflict do nothing', [
      chainId,
      key,
    ])
    const [row] = await tx.query<{ next_nonce: string | number }>(
      'select next_nonce from chain_nonces where chain_id = $1 and address = $2 for update',
      [chainId, key],
    )
    let nonce = chosen
    if (nonce === undefined) {
      let pending: number
      try {
        pending = await client.getTransactionCount({ address, blockTag: 'pending' })
      } catch (error) {
        throw toChainApiError(error, 'transaction_broadcast_failure')
      }
      nonce = Math.max(Number(row?.next_nonce ?? 0), pending)
    }
    const result = await use(nonce)
    await tx.query(
      `update chain_nonces set next_nonce = greatest(next_nonce, $3), updated_at = now()
       where chain_id = $1 and address = $2`,
      [chainId, key, nonce + 1],
    )
    return result
  })
}
