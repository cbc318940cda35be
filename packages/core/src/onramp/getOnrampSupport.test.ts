import { describe, expect, test, vi } from 'vitest'
import { chains } from '../chains/chains'
import { getOnrampSupport, type OnrampProvider } from './getOnrampSupport'

const silent = () => {}
const allChainIds = [...chains.map((chain) => chain.id), 5, 56]

// Section 9 of the spec, written out as it reads there.
const ETHEREUM = 1
const BASE = 8453
const POLYGON = 137
const OPTIMISM = 10
const ARBITRUM = 42161
const AVALANCHE = 43114
const CELO = 42220

describe('Coinbase', () => {
  const native = new Map([
    [ETHEREUM, 'ethereum'],
    [BASE, 'base'],
    [POLYGON, 'polygon'],
    [OPTIMISM, 'optimism'],
    [ARBITRUM, 'arbitrum'],
  ])
  const usdc = new Map([
    [ETHEREUM, 'ethereum'],
    [BASE, 'base'],
    [POLYGON, 'polygon'],
    [OPTIMISM, 'optimism'],
  ])

  test.each(allChainIds)('chain %i: native and USDC exactly as the spec matrix says', (chainId) => {
    for (const [asset, row] of [
      ['native', native],
      ['USDC', usdc],
    ] as const) {
      const support = getOnrampSupport({ provider: 'coinbase', chainId, asset, onWarning: silent })
      const network = row.get(chainId)
      expect(support).toEqual({
        supported: network !== undefined,
        provider: 'coinbase',
        chainId,
        asset,
        warnings: [],
        ...(network ? { network } : {}),
      })
    }
  })

  test('an unsupported chain does not fall back to Ethereum', () => {
    const onWarning = vi.fn()
    const support = getOnrampSupport({ provider: 'coinbase', chainId: AVALANCHE, asset: 'native', onWarning })
    expect(support.supported).toBe(false)
    expect(support.chainId).toBe(AVALANCHE)
    expect(onWarning).not.toHaveBeenCalled()
  })
})

describe('MoonPay', () => {
  const native = new Map([
    [ETHEREUM, 'eth'],
    [ARBITRUM, 'eth_arbitrum'],
    [BASE, 'eth_base'],
    [POLYGON, 'pol_polygon'],
    [AVALANCHE, 'avax_cchain'],
    [CELO, 'celo'],
  ])
  const usdc = new Map([
    [ETHEREUM, 'usdc'],
    [ARBITRUM, 'usdc_arbitrum'],
    [OPTIMISM, 'usdc_optimism'],
    [BASE, 'usdc_base'],
    [POLYGON, 'usdc_polygon'],
  ])

  test.each(allChainIds)(
    'chain %i: served as the matrix says, else Ethereum mainnet with a warning',
    (chainId) => {
      for (const [asset, row] of [
        ['native', native],
        ['USDC', usdc],
      ] as const) {
        const onWarning = vi.fn()
        const support = getOnrampSupport({ provider: 'moonpay', chainId, asset, onWarning })
        const currencyCode = row.get(chainId)
        if (currencyCode) {
          expect(support).toEqual({
            supported: true,
            provider: 'moonpay',
            chainId,
            asset,
            warnings: [],
            currencyCode,
          })
          expect(onWarning).not.toHaveBeenCalled()
        } else {
          const warning = `MoonPay does not support ${asset} on chain ${chainId}; falling back to Ethereum mainnet (chain 1)`
          expect(support).toEqual({
            supported: true,
            provider: 'moonpay',
            chainId: 1,
            asset,
            warnings: [warning],
            currencyCode: asset === 'native' ? 'eth' : 'usdc',
          })
          expect(onWarning).toHaveBeenCalledExactlyOnceWith(warning)
        }
      }
    },
  )

  test('native on Optimism is not in the spec matrix, so it falls back', () => {
    const support = getOnrampSupport({
      provider: 'moonpay',
      chainId: OPTIMISM,
      asset: 'native',
      onWarning: silent,
    })
    expect(support).toMatchObject({ chainId: 1, currencyCode: 'eth' })
    expect(support.warnings).toHaveLength(1)
  })
})

describe('sandbox', () => {
  test.each(allChainIds)('chain %i: native and USDC only on the local chains', (chainId) => {
    const local = chainId === 31337 || chainId === 31338
    for (const asset of ['native', 'USDC'] as const) {
      expect(getOnrampSupport({ provider: 'sandbox', chainId, asset, onWarning: silent })).toEqual({
        supported: local,
        provider: 'sandbox',
        chainId,
        asset,
        warnings: [],
      })
    }
  })
})

describe('assets and warnings', () => {
  test.each<OnrampProvider>(['coinbase', 'moonpay', 'sandbox'])(
    '%s: an unknown asset warns and is unsupported, without a fallback',
    (provider) => {
      const onWarning = vi.fn()
      const support = getOnrampSupport({ provider, chainId: 59144, asset: 'DOGE', onWarning })
      const warning = 'Unknown onramp asset "DOGE": only "native" and "USDC" are supported'
      expect(support).toEqual({
        supported: false,
        provider,
        chainId: 59144,
        asset: 'DOGE',
        warnings: [warning],
      })
      expect(onWarning).toHaveBeenCalledExactlyOnceWith(warning)
    },
  )

  test('asset names are exact: "usdc" is not USDC', () => {
    const support = getOnrampSupport({ provider: 'coinbase', chainId: 1, asset: 'usdc', onWarning: silent })
    expect(support.supported).toBe(false)
    expect(support.warnings).toHaveLength(1)
  })

  test('warnings go to console.warn by default, only when a call warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      getOnrampSupport({ provider: 'moonpay', chainId: 1, asset: 'native' })
      expect(warn).not.toHaveBeenCalled()
      getOnrampSupport({ provider: 'moonpay', chainId: 59144, asset: 'native' })
      expect(warn).toHaveBeenCalledExactlyOnceWith(
        'MoonPay does not support native on chain 59144; falling back to Ethereum mainnet (chain 1)',
      )
    } finally {
      warn.mockRestore()
    }
  })

  test('an unknown provider is a configuration error', () => {
    expect(() =>
      // @ts-expect-error untyped configuration may name any provider
      getOnrampSupport({ provider: 'ramp', chainId: 1, asset: 'native', onWarning: silent }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [UnknownOnrampProviderError: Unknown onramp provider: "ramp"

      Details: Known providers: coinbase, moonpay, sandbox.]
    `)
  })
})
