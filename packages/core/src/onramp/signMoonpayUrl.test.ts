import { describe, expect, test } from 'vitest'
import { buildMoonpayUrl } from './buildMoonpayUrl'
import { InvalidOnrampParameterError } from './errors'
import { signMoonpayUrl, verifyMoonpayUrlSignature } from './signMoonpayUrl'

const vectorQuery =
  '?apiKey=pk_test_key&currencyCode=eth&walletAddress=0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae'
const vectorUrl = `https://buy-sandbox.moonpay.com${vectorQuery}`
const vectorSignature = 'o1eO2arzL16TstEolGakHHFa33Mb61RCTfqToRWg7PA='

describe('signMoonpayUrl', () => {
  test('the check vector: HMAC-SHA256 over the query including "?", base64, URL-encoded, last', () => {
    expect(signMoonpayUrl(vectorUrl, 'sk_test_key')).toBe(
      `https://buy-sandbox.moonpay.com/${vectorQuery}&signature=${encodeURIComponent(vectorSignature)}`,
    )
    const signed = new URL(signMoonpayUrl(vectorUrl, 'sk_test_key'))
    expect(signed.searchParams.get('signature')).toBe(vectorSignature)
    expect([...signed.searchParams.keys()].at(-1)).toBe('signature')
  })

  test('signs what buildMoonpayUrl builds', () => {
    const unsigned = buildMoonpayUrl({
      environment: 'sandbox',
      config: { publishableKey: 'pk_test_key' },
      currencyCode: 'eth',
      walletAddress: '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae',
    })
    expect(new URL(signMoonpayUrl(unsigned, 'sk_test_key')).searchParams.get('signature')).toBe(
      vectorSignature,
    )
  })

  test('another key gives another signature', () => {
    const signed = new URL(signMoonpayUrl(vectorUrl, 'sk_test_other'))
    expect(signed.searchParams.get('signature')).not.toBe(vectorSignature)
  })

  test.each([
    ['not a URL', 'buy.moonpay.com?apiKey=pk', 'Invalid onramp parameter url: is not a URL'],
    ['no query', 'https://buy.moonpay.com', 'Invalid onramp parameter url: has no query string to sign'],
    [
      'an empty query',
      'https://buy.moonpay.com/?',
      'Invalid onramp parameter url: has no query string to sign',
    ],
    ['a fragment', `${vectorUrl}#top`, 'Invalid onramp parameter url: must not have a fragment'],
    ['a signature already', `${vectorUrl}&signature=abc`, 'Invalid onramp parameter url: is already signed'],
  ])('refuses a URL with %s', (_, url, message) => {
    expect(() => signMoonpayUrl(url, 'sk_test_key')).toThrow(message)
  })

  test('refuses an empty secret key', () => {
    expect(() => signMoonpayUrl(vectorUrl, '')).toThrow(InvalidOnrampParameterError)
    expect(() => signMoonpayUrl(vectorUrl, '')).toThrow(
      'Invalid onramp parameter secretKey: is required and must be a non-empty string',
    )
  })
})

describe('verifyMoonpayUrlSignature', () => {
  const signed = signMoonpayUrl(vectorUrl, 'sk_test_key')

  test('accepts a URL signed with the key', () => {
    expect(verifyMoonpayUrlSignature(signed, 'sk_test_key')).toBe(true)
    expect(
      verifyMoonpayUrlSignature(
        `${vectorUrl}&signature=${encodeURIComponent(vectorSignature)}`,
        'sk_test_key',
      ),
    ).toBe(true)
  })

  test('refuses another key', () => {
    expect(verifyMoonpayUrlSignature(signed, 'sk_test_other')).toBe(false)
  })

  test('refuses a URL changed after signing', () => {
    const otherWallet = signed.replace('0xde0b295669', '0xde0b295668')
    expect(verifyMoonpayUrlSignature(otherWallet, 'sk_test_key')).toBe(false)
    expect(
      verifyMoonpayUrlSignature(signed.replace('?apiKey', '?currencyCode=usdc&apiKey'), 'sk_test_key'),
    ).toBe(false)
  })

  test('refuses a tampered signature of the same length', () => {
    const tampered = signed.replace('signature=o1eO', 'signature=o1eP')
    expect(verifyMoonpayUrlSignature(tampered, 'sk_test_key')).toBe(false)
  })

  test.each([
    ['unsigned', vectorUrl],
    ['an empty signature', `${vectorUrl}&signature=`],
    ['the signature not last', `${vectorUrl}&signature=${encodeURIComponent(vectorSignature)}&theme=dark`],
    ['two signatures', `${signed}&signature=${encodeURIComponent(vectorSignature)}`],
    ['bad percent-encoding', `${vectorUrl}&signature=%E0%A4%A`],
    ['not a URL', 'not a url'],
    ['a fragment', `${signed}#x`],
  ])('refuses a URL with %s', (_, url) => {
    expect(verifyMoonpayUrlSignature(url, 'sk_test_key')).toBe(false)
  })

  test('an empty secret key is a configuration error', () => {
    expect(() => verifyMoonpayUrlSignature(signed, '')).toThrow(InvalidOnrampParameterError)
  })
})
