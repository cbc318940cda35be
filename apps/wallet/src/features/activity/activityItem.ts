/** One line of the activity list, whatever it came from (the chain's logs and blocks, the server). */
export type ActivityItem = {
  chainId: number
  hash: `0x${string}`
  /** `in`: received; `out`: sent (or an app transaction the wallet signed). */
  direction: 'in' | 'out'
  /** `call`: a transaction to a contract that moved no USDC or coin of this wallet's (an app's). */
  asset: 'native' | 'USDC' | 'call'
  amount: bigint
  counterparty: `0x${string}`
  status: 'pending' | 'mined' | 'failed'
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
