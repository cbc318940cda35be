import type { TransactionRequest } from '@satchel/react'
import { encodeTransfer } from '../../shared/chains/erc20'

export type TransferAsset = 'native' | 'USDC'

export type BuildTransferParameters = {
  from: string
  to: `0x${string}`
  asset: TransferAsset
  /** In the asset's smallest unit. */
  amount: bigint
  chainId: number
  /** The chain's USDC contract (required for USDC). */
  usdcAddress?: `0x${string}` | undefined
}

/**
 * The transaction that moves `amount` of the asset to `to`: a plain value transfer for the native coin,
 * a call of the token's `transfer(to, amount)` for USDC.
 *
 * @example
 * buildTransfer({ from, to, asset: 'USDC', amount: 1_000_000n, chainId: 31337, usdcAddress })
 * // { from, to: usdcAddress, data: '0xa9059cbb…', value: 0n, chainId: 31337 }
 */
export function buildTransfer({
  from,
  to,
  asset,
  amount,
  chainId,
  usdcAddress,
}: BuildTransferParameters): TransactionRequest {
  if (asset === 'native') return { from, to, value: amount, chainId }
  if (!usdcAddress) throw new Error('USDC is not available on this chain')
  return { from, to: usdcAddress, data: encodeTransfer(to, amount), value: 0n, chainId }
}
