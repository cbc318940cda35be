import type { CoinbaseNetwork, CoinbaseOnrampAsset } from '@satchel/core'

/**
 * Coinbase's network names with the chain each one is (Solana has no EVM chain id). A record over
 * the core type, so a network added to core fails to compile here until it is mapped.
 */
export const coinbaseNetworkChainIds: Readonly<Record<CoinbaseNetwork, number | null>> = {
  ethereum: 1,
  base: 8453,
  polygon: 137,
  optimism: 10,
  arbitrum: 42161,
  avacchain: 43114,
  solana: null,
}

/** The asset symbols Coinbase Onramp takes from Satchel (core maps them to Coinbase's asset ids). */
export const coinbaseAssetSymbols: Readonly<Record<CoinbaseOnrampAsset, true>> = {
  USDC: true,
  ETH: true,
  BTC: true,
  SOL: true,
  POL: true,
}

/**
 * Whether a string is one of Coinbase's network names.
 *
 * @example
 * isCoinbaseNetwork('base') // true
 * isCoinbaseNetwork('linea') // false
 */
export function isCoinbaseNetwork(name: string): name is CoinbaseNetwork {
  return Object.hasOwn(coinbaseNetworkChainIds, name)
}

/**
 * Whether a string is an asset symbol Coinbase Onramp takes.
 *
 * @example
 * isCoinbaseAsset('USDC') // true
 */
export function isCoinbaseAsset(symbol: string): symbol is CoinbaseOnrampAsset {
  return Object.hasOwn(coinbaseAssetSymbols, symbol)
}
