import { describe, expect, test, vi } from 'vitest'
import { buildMoonpayUrl } from './buildMoonpayUrl'
import { InvalidOnrampParameterError } from './errors'

const sandbox = { environment: 'sandbox', config: { publishableKey: 'pk_test_key' } } as const
const production = { environment: 'production', config: { publishableKey: 'pk_live_key' } } as const
const wallet = '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae'

describe('buildMoonpayUrl', () => {
  test('the sandbox widget with the vector query', () => {
    expect(buildMoonpayUrl({ ...sandbox, currencyCode: 'eth', walletAddress: wallet })).toBe(
      `https://buy-sandbox.moonpay.com/?apiKey=pk_test_key&currencyCode=eth&walletAddress=${wallet}`,
    )
  })

  test('the production widget', () => {
    expect(buildMoonpayUrl({ ...production, currencyCode: 'usdc_base' })).toBe(
      'https://buy.moonpay.com/?apiKey=pk_live_key&currencyCode=usdc_base',
    )
  })

  test('every parameter, apiKey first, in MoonPay order', () => {
    const url = buildMoonpayUrl({
      ...production,
      paymentMethod: 'credit_debit_card',
      colorCode: '#7d00ff',
      theme: 'dark',
      redirectURL: 'https://wallet.example/fund/done?x=1',
      externalCustomerId: 'user_42',
      externalTransactionId: 'fund_7',
      lockAmount: true,
      quoteCurrencyAmount: '.5',
      baseCurrencyAmount: 100,
      baseCurrencyCode: 'usd',
      walletAddress: wallet,
      currencyCode: 'eth',
    })
    const parameters = [...new URL(url).searchParams]
    expect(parameters).toEqual([
      ['apiKey', 'pk_live_key'],
      ['currencyCode', 'eth'],
      ['walletAddress', wallet],
      ['baseCurrencyCode', 'usd'],
      ['baseCurrencyAmount', '100'],
      ['quoteCurrencyAmount', '0.5'],
      ['lockAmount', 'true'],
      ['externalTransactionId', 'fund_7'],
      ['externalCustomerId', 'user_42'],
      ['redirectURL', 'https://wallet.example/fund/done?x=1'],
      ['theme', 'dark'],
      ['colorCode', '#7d00ff'],
      ['paymentMethod', 'credit_debit_card'],
    ])
    expect(url).toContain('redirectURL=https%3A%2F%2Fwallet.example%2Ffund%2Fdone%3Fx%3D1')
    expect(url).toContain('colorCode=%237d00ff')
  })

  test('a chain and asset resolve to the currency code', () => {
    const url = buildMoonpayUrl({ ...production, chainId: 8453, asset: 'USDC', onWarning: () => {} })
    expect(new URL(url).searchParams.get('currencyCode')).toBe('usdc_base')
  })

  test('a chain MoonPay does not serve falls back to Ethereum mainnet, with a warning', () => {
    const onWarning = vi.fn()
    const url = buildMoonpayUrl({ ...production, chainId: 59144, asset: 'native', onWarning })
    expect(new URL(url).searchParams.get('currencyCode')).toBe('eth')
    expect(onWarning).toHaveBeenCalledExactlyOnceWith(
      'MoonPay does not support native on chain 59144; falling back to Ethereum mainnet (chain 1)',
    )
  })

  test('an unknown asset warns and cannot build a URL', () => {
    const onWarning = vi.fn()
    expect(() => buildMoonpayUrl({ ...production, chainId: 1, asset: 'DOGE', onWarning })).toThrow(
      'Invalid onramp parameter asset: MoonPay does not sell "DOGE"',
    )
    expect(onWarning).toHaveBeenCalledTimes(1)
  })

  test('the currency is required, from one source only', () => {
    expect(() => buildMoonpayUrl({ ...production })).toThrow('give currencyCode, or chainId and asset')
    expect(() => buildMoonpayUrl({ ...production, chainId: 1 })).toThrow(
      'give currencyCode, or chainId and asset',
    )
    expect(() =>
      buildMoonpayUrl({ ...production, currencyCode: 'eth', chainId: 1, asset: 'native' }),
    ).toThrow('give currencyCode or chainId and asset, not both')
    expect(() => buildMoonpayUrl({ ...production, currencyCode: '' })).toThrow('parameter currencyCode')
  })

  test('the base URL is configurable per environment', () => {
    const url = buildMoonpayUrl({
      environment: 'sandbox',
      config: { baseUrl: 'http://127.0.0.1:4030', publishableKey: 'pk_test_key' },
      currencyCode: 'eth',
    })
    expect(url).toBe('http://127.0.0.1:4030/?apiKey=pk_test_key&currencyCode=eth')
  })

  test('each environment needs its own kind of publishable key, and the key is never echoed', () => {
    const wrongKeys = [
      [
        'production',
        'pk_test_key',
        'the production environment needs a publishable key that starts with pk_live_',
      ],
      ['sandbox', 'pk_live_key', 'the sandbox environment needs a publishable key that starts with pk_test_'],
      [
        'production',
        'sk_live_secret',
        'the production environment needs a publishable key that starts with pk_live_',
      ],
    ] as const
    for (const [environment, publishableKey, rule] of wrongKeys) {
      try {
        buildMoonpayUrl({ environment, config: { publishableKey }, currencyCode: 'eth' })
        expect.unreachable()
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidOnrampParameterError)
        expect(error).toMatchObject({
          shortMessage: `Invalid onramp parameter config.publishableKey: ${rule}`,
        })
        expect(String(error)).not.toContain(publishableKey)
      }
    }
  })

  test('a missing key or config is a clear error', () => {
    expect(() =>
      buildMoonpayUrl({ environment: 'sandbox', config: { publishableKey: '' }, currencyCode: 'eth' }),
    ).toThrow('Invalid onramp parameter config.publishableKey: is required and must be a non-empty string')
    // @ts-expect-error untyped callers may leave the configuration out
    expect(() => buildMoonpayUrl({ environment: 'sandbox', currencyCode: 'eth' })).toThrow(
      'config.publishableKey',
    )
  })

  test('an unknown environment is refused', () => {
    expect(() =>
      buildMoonpayUrl({
        // @ts-expect-error untyped configuration may name anything
        environment: 'staging',
        config: { publishableKey: 'pk_test_key' },
        currencyCode: 'eth',
      }),
    ).toThrow('Invalid onramp parameter environment: must be "production" or "sandbox"')
  })
})
