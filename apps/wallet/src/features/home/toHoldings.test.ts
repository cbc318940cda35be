import { describe, expect, it } from 'vitest'
import { toWalletChain } from '../../shared/chains/useWalletChains'
import { formatUsd } from './formatUsd'
import { toHoldings } from './toHoldings'

const devnet = toWalletChain({ id: 31337, rpcUrl: 'http://127.0.0.1:8545' })
const unknown = toWalletChain({ id: 999_001, rpcUrl: 'http://127.0.0.1:8546' })

const where = { family: 'evm', chainId: 31337, chainName: 'Satchel Devnet' } as const
const cluster = { family: 'solana', chainId: 'solana:devnet', chainName: 'Solana Devnet (local)' } as const

describe('toHoldings', () => {
  it('values USDC at one dollar and ETH at the configured price, most valuable first', () => {
    const holdings = toHoldings(
      [devnet],
      [{ ...where, status: 'ready', native: 10n ** 17n, usdc: 25_000_000n, assets: [] }],
      { ETH: 3000 },
    )
    expect(holdings.map((holding) => [holding.symbol, holding.usd])).toEqual([
      ['ETH', 300],
      ['USDC', 25],
    ])
  })

  it('leaves an asset without a price unvalued, and tells a chain being read from one out of reach', () => {
    const holdings = toHoldings([devnet, unknown], [{ ...where, status: 'error', error: new Error('down') }])
    expect(holdings.map((holding) => [holding.key, holding.amount, holding.usd])).toEqual([
      ['31337:ETH', null, undefined],
      ['31337:USDC', null, undefined],
      ['999001:ETH', undefined, undefined],
    ])
  })

  it('lists SOL and USDC of a Solana cluster after the EVM chains, SOL at its price in lamports', () => {
    const asset = { ...cluster, testnet: true, owner: 'So1ana', decimals: 9 }
    const holdings = toHoldings(
      [],
      [
        {
          ...cluster,
          status: 'ready',
          native: 2_000_000_000n,
          usdc: 5_000_000n,
          assets: [
            { ...asset, token: 'native', symbol: 'SOL', amount: 2_000_000_000n },
            { ...asset, token: 'USDC', symbol: 'USDC', decimals: 6, amount: 5_000_000n },
          ],
        },
      ],
      { SOL: 150 },
    )
    expect(holdings.map((holding) => [holding.key, holding.family, holding.usd])).toEqual([
      ['solana:devnet:SOL', 'solana', 300],
      ['solana:devnet:USDC', 'solana', 5],
    ])
  })

  it('shows an unreachable Solana cluster as out of reach, not as empty', () => {
    const holdings = toHoldings([], [{ ...cluster, status: 'error', error: new Error('down') }])
    expect(holdings.map((holding) => [holding.symbol, holding.amount])).toEqual([
      ['SOL', null],
      ['USDC', null],
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
