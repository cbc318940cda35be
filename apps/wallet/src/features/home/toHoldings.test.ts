import { describe, expect, it } from 'vitest'
import { toWalletChain } from '../../shared/chains/useWalletChains'
import { formatUsd } from './formatUsd'
import { toHoldings } from './toHoldings'

const devnet = toWalletChain({ id: 31337, rpcUrl: 'http://127.0.0.1:8545' })
const unknown = toWalletChain({ id: 999_001, rpcUrl: 'http://127.0.0.1:8546' })

describe('toHoldings', () => {
  it('values USDC at one dollar and ETH at the configured price, most valuable first', () => {
    const holdings = toHoldings(
      [devnet],
      [{ chainId: 31337, status: 'ready', native: 10n ** 17n, usdc: 25_000_000n }],
      { ETH: 3000 },
    )
    expect(holdings.map((holding) => [holding.symbol, holding.usd])).toEqual([
      ['ETH', 300],
      ['USDC', 25],
    ])
  })

  it('leaves an asset without a price unvalued, and tells a chain being read from one out of reach', () => {
    const holdings = toHoldings(
      [devnet, unknown],
      [{ chainId: 31337, status: 'error', error: new Error('down') }],
    )
    expect(holdings.map((holding) => [holding.key, holding.amount, holding.usd])).toEqual([
      ['31337:ETH', null, undefined],
      ['31337:USDC', null, undefined],
      ['999001:ETH', undefined, undefined],
    ])
  })
})

describe('formatUsd', () => {
  it('writes dollars and cents, and dust as under a cent', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50')
    expect(formatUsd(0)).toBe('$0.00')
    expect(formatUsd(0.001)).toBe('<$0.01')
  })
})
