import { describe, expect, test, vi } from 'vitest'
import { buildCoinbaseOnrampUrl, coinbaseAssetIds } from './buildCoinbaseOnrampUrl'
import { InvalidOnrampParameterError } from './errors'

const session = { appId: 'app_123', sessionToken: 'tok_secret', partnerUserId: 'user_42' }
const query = (url: string) => Object.fromEntries(new URL(url).searchParams)

describe('buildCoinbaseOnrampUrl', () => {
  test('a minimal buy URL: the required parameters, sorted, on the Coinbase buy page', () => {
    expect(buildCoinbaseOnrampUrl(session)).toBe(
      'https://pay.coinbase.com/buy/select-asset?appId=app_123&defaultExperience=buy&defaultPaymentMethod=CARD' +
        '&endPartnerName=satchel-app_123&partnerUserId=user_42&sessionToken=tok_secret',
    )
  })

  test('every parameter, sorted by name', () => {
    const url = buildCoinbaseOnrampUrl({
      ...session,
      experience: 'buy',
      amount: '0.1',
      network: 'base',
      asset: 'USDC',
      presetFiatAmount: 50,
      fiatCurrency: 'USD',
      redirectUrl: 'https://wallet.example/fund/done',
    })
    const names = [...new URL(url).searchParams.keys()]
    expect(names).toEqual([...names].sort())
    expect(query(url)).toEqual({
      appId: 'app_123',
      defaultAsset: '2b92315d-eab7-5bef-84fa-089a131333f5',
      defaultExperience: 'buy',
      defaultNetwork: 'base',
      defaultPaymentMethod: 'CARD',
      endPartnerName: 'satchel-app_123',
      fiatCurrency: 'USD',
      partnerUserId: 'user_42',
      presetCryptoAmount: '0.1',
      presetFiatAmount: '50',
      redirectUrl: 'https://wallet.example/fund/done',
      sessionToken: 'tok_secret',
    })
  })

  test('the same input gives the same URL whatever the key order', () => {
    const a = buildCoinbaseOnrampUrl({ ...session, asset: 'ETH', amount: 1, network: 'ethereum' })
    const b = buildCoinbaseOnrampUrl({ network: 'ethereum', amount: 1, asset: 'ETH', ...session })
    expect(a).toBe(b)
  })

  test('buy pays by CARD, send from a CRYPTO_ACCOUNT', () => {
    expect(query(buildCoinbaseOnrampUrl({ ...session, experience: 'buy' }))).toMatchObject({
      defaultExperience: 'buy',
      defaultPaymentMethod: 'CARD',
    })
    expect(query(buildCoinbaseOnrampUrl({ ...session, experience: 'send' }))).toMatchObject({
      defaultExperience: 'send',
      defaultPaymentMethod: 'CRYPTO_ACCOUNT',
    })
  })

  test('a leading-dot amount is padded with 0', () => {
    expect(query(buildCoinbaseOnrampUrl({ ...session, amount: '.5' })).presetCryptoAmount).toBe('0.5')
    expect(query(buildCoinbaseOnrampUrl({ ...session, amount: 0.25 })).presetCryptoAmount).toBe('0.25')
  })

  test.each([
    ['USDC', '2b92315d-eab7-5bef-84fa-089a131333f5'],
    ['ETH', 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4'],
    ['BTC', '5b71fc48-3dd3-540c-809b-f8c94d0e68b5'],
    ['SOL', '4f039497-3af8-5bb3-951c-6df9afa9be1c'],
    ['POL', '026bcc1e-9163-591c-a709-34dd18b2e7a1'],
  ] as const)('%s is sent as the fixed asset id %s', (asset, id) => {
    const onWarning = vi.fn()
    expect(query(buildCoinbaseOnrampUrl({ ...session, asset, onWarning })).defaultAsset).toBe(id)
    expect(coinbaseAssetIds[asset]).toBe(id)
    expect(onWarning).not.toHaveBeenCalled()
  })

  test('an unknown asset warns and is left out', () => {
    const onWarning = vi.fn()
    const url = buildCoinbaseOnrampUrl({ ...session, asset: 'DOGE', onWarning })
    expect(new URL(url).searchParams.has('defaultAsset')).toBe(false)
    expect(onWarning).toHaveBeenCalledExactlyOnceWith(
      'Unknown Coinbase Onramp asset "DOGE": expected one of USDC, ETH, BTC, SOL, POL; the asset is left for the user to choose',
    )
  })

  test('an inherited property name is not an asset', () => {
    const url = buildCoinbaseOnrampUrl({ ...session, asset: 'toString', onWarning: () => {} })
    expect(new URL(url).searchParams.has('defaultAsset')).toBe(false)
  })

  test('the unknown-asset warning goes to console.warn by default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      buildCoinbaseOnrampUrl({ ...session, asset: 'DOGE' })
      expect(warn).toHaveBeenCalledTimes(1)
    } finally {
      warn.mockRestore()
    }
  })

  test('the base URL is configurable (sandbox host, loopback fake)', () => {
    const url = buildCoinbaseOnrampUrl({ ...session, baseUrl: 'http://127.0.0.1:4020/buy/select-asset' })
    expect(url.startsWith('http://127.0.0.1:4020/buy/select-asset?appId=app_123&')).toBe(true)
  })

  test('values are URL-encoded', () => {
    const url = buildCoinbaseOnrampUrl({ ...session, partnerUserId: 'a&b=c d' })
    expect(url).toContain('partnerUserId=a%26b%3Dc+d')
    expect(query(url).partnerUserId).toBe('a&b=c d')
  })

  test.each(['appId', 'sessionToken', 'partnerUserId'] as const)('%s is required', (name) => {
    expect(() => buildCoinbaseOnrampUrl({ ...session, [name]: '' })).toThrow(
      `Invalid onramp parameter ${name}: is required and must be a non-empty string`,
    )
  })

  test('an error never repeats the session token', () => {
    try {
      buildCoinbaseOnrampUrl({ ...session, amount: 'lots' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidOnrampParameterError)
      expect(String(error)).not.toContain('tok_secret')
    }
  })

  test('an unknown experience is refused', () => {
    // @ts-expect-error untyped callers may pass anything
    expect(() => buildCoinbaseOnrampUrl({ ...session, experience: 'sell' })).toThrow(
      'Invalid onramp parameter experience: must be "buy" or "send"',
    )
  })

  test('a bad amount or fiat amount is refused', () => {
    expect(() => buildCoinbaseOnrampUrl({ ...session, amount: '-1' })).toThrow('parameter amount')
    expect(() => buildCoinbaseOnrampUrl({ ...session, presetFiatAmount: '1e3' })).toThrow(
      'parameter presetFiatAmount',
    )
  })
})
