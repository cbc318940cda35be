/** One line of the activity list, whatever it came from (an EVM chain, a Solana cluster, the server). */
export type ActivityItem = {
  /** Where it happened: the EVM chain id, or the Solana cluster's CAIP-2 id (a `WalletNetwork` key). */
  network: string
  /** The transaction hash (`0x…`), or on Solana its signature. */
  hash: string
  /** `in`: received; `out`: sent (or an app transaction the wallet signed). */
  direction: 'in' | 'out'
  /** `call`: a transaction that moved no USDC or coin of this wallet's (an app's, or a failed one). */
  asset: 'native' | 'USDC' | 'call'
  amount: bigint
  /** The other side, as addresses are shown elsewhere; undefined while the chain has not told it yet. */
  counterparty: string | undefined
  status: 'pending' | 'mined' | 'failed'
  /** The block (on Solana, the slot) it landed in. */
  blockNumber: bigint | undefined
  /** When it was mined (the block's time) or, while pending, sent; milliseconds since the epoch. */
  time: number | undefined
  /** The network fee its sender paid, in the native coin's smallest unit, once mined. */
  fee: bigint | undefined
}

/** Newest first; pending ones (no block yet) on top. */
export function compareActivity(a: ActivityItem, b: ActivityItem): number {
  if ((a.blockNumber === undefined) !== (b.blockNumber === undefined))
    return a.blockNumber === undefined ? -1 : 1
  return (b.time ?? 0) - (a.time ?? 0) || Number((b.blockNumber ?? 0n) - (a.blockNumber ?? 0n))
}
