import { USDC_DECIMALS } from '../../shared/chains/erc20'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import type { ChainBalance, ChainFamily } from './useBalances'

/** One line of the token list: an asset on a chain, its amount when read, and its USD value when priced. */
export type Holding = {
  key: string
  family: ChainFamily
  /** The EVM chain id, or the Solana cluster's CAIP-2 id. */
  chainId: number | string
  chainName: string
  symbol: string
  name: string
  decimals: number
  /** `undefined` while the chain is being read; `null` when it cannot be reached. */
  amount: bigint | undefined | null
  /** `undefined` when the asset has no price (it then shows no fiat value and is left out of the total). */
  usd: number | undefined
}

// Stablecoins count as one dollar each whatever the price source says.
const STABLECOINS = new Set(['USDC', 'USDT', 'DAI', 'PYUSD'])

const NAMES: Readonly<Record<string, string>> = { ETH: 'Ether', USDC: 'USD Coin', SOL: 'Solana' }

function toUsd(symbol: string, amount: bigint | undefined | null, decimals: number, prices: Prices) {
  const price = STABLECOINS.has(symbol) ? 1 : prices[symbol]
  if (price === undefined || amount === undefined || amount === null) return undefined
  return (Number(amount) / 10 ** decimals) * price
}

type Prices = Readonly<Record<string, number>>

/**
 * The token list from the balances read per chain: the native coin of every EVM chain and its USDC
 * where the chain has it, then SOL and USDC on each Solana cluster read, each valued in USD from
 * `prices` (symbol → USD), most valuable first and otherwise in the chains' order.
 *
 * @example
 * toHoldings(chains, balances.data, { ETH: 3000 })
 */
export function toHoldings(
  chains: readonly WalletChain[],
  balances: readonly ChainBalance[] | undefined,
  prices: Prices = {},
): Holding[] {
  const evm = chains.flatMap((chain) => {
    const row = balances?.find((entry) => entry.chainId === chain.id)
    const read = <value>(pick: (ready: Extract<ChainBalance, { status: 'ready' }>) => value) =>
      row === undefined ? undefined : row.status === 'ready' ? pick(row) : null
    const native = read((ready) => ready.native)
    const usdc = read((ready) => ready.usdc ?? 0n)
    const assets = [
      { symbol: chain.nativeSymbol, decimals: 18, amount: native },
      ...(chain.usdcAddress ? [{ symbol: 'USDC', decimals: USDC_DECIMALS, amount: usdc }] : []),
    ]
    return assets.map(
      (asset): Holding =>
        toHolding({ ...asset, family: 'evm', chainId: chain.id, chainName: chain.name }, prices),
    )
  })
  // A Solana cluster that cannot be reached still shows its two assets, as an EVM chain does.
  const solana = (balances ?? []).flatMap((row) => {
    if (row.family !== 'solana') return []
    const where = { family: 'solana', chainId: row.chainId, chainName: row.chainName } as const
    if (row.status === 'ready') return row.assets.map((asset) => toHolding({ ...asset, ...where }, prices))
    return [
      { symbol: 'SOL', decimals: 9 },
      { symbol: 'USDC', decimals: USDC_DECIMALS },
    ].map((asset) => toHolding({ ...asset, ...where, amount: null }, prices))
  })
  return [...evm, ...solana]
    .map((holding, index) => ({ holding, index }))
    .sort((a, b) => (b.holding.usd ?? 0) - (a.holding.usd ?? 0) || a.index - b.index)
    .map(({ holding }) => holding)
}

type HoldingInput = Pick<Holding, 'family' | 'chainId' | 'chainName' | 'symbol' | 'decimals' | 'amount'>

function toHolding(asset: HoldingInput, prices: Prices): Holding {
  return {
    key: `${asset.chainId}:${asset.symbol}`,
    family: asset.family,
    chainId: asset.chainId,
    chainName: asset.chainName,
    symbol: asset.symbol,
    decimals: asset.decimals,
    amount: asset.amount,
    name: NAMES[asset.symbol] ?? asset.symbol,
    usd: toUsd(asset.symbol, asset.amount, asset.decimals, prices),
  }
}
