import { USDC_DECIMALS } from '../../shared/chains/erc20'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import type { ChainBalance } from './useBalances'

/** One line of the token list: an asset on a chain, its amount when read, and its USD value when priced. */
export type Holding = {
  key: string
  chainId: number
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
 * The token list from the balances read per chain: the native coin of every chain and its USDC where
 * the chain has it, each valued in USD from `prices` (symbol → USD), most valuable first and otherwise
 * in the chains' order.
 *
 * @example
 * toHoldings(chains, balances.data, { ETH: 3000 })
 */
export function toHoldings(
  chains: readonly WalletChain[],
  balances: readonly ChainBalance[] | undefined,
  prices: Prices = {},
): Holding[] {
  const holdings = chains.flatMap((chain) => {
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
      (asset): Holding => ({
        ...asset,
        key: `${chain.id}:${asset.symbol}`,
        chainId: chain.id,
        chainName: chain.name,
        name: NAMES[asset.symbol] ?? asset.symbol,
        usd: toUsd(asset.symbol, asset.amount, asset.decimals, prices),
      }),
    )
  })
  return holdings
    .map((holding, index) => ({ holding, index }))
    .sort((a, b) => (b.holding.usd ?? 0) - (a.holding.usd ?? 0) || a.index - b.index)
    .map(({ holding }) => holding)
}
