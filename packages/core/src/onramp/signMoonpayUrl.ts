import { hmac } from '@noble/hashes/hmac'
import { sha256 } from '@noble/hashes/sha2'
import { utf8ToBytes } from '@noble/hashes/utils'
import { InvalidOnrampParameterError } from './errors'

const signatureParameter = '&signature='

// MoonPay signs the query string exactly as the URL carries it, leading '?' included (without it
// the signature differs), so the URL is parsed once and its own `search` is what gets signed.
function parseSignableUrl(url: string): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch (cause) {
    throw new InvalidOnrampParameterError('url', 'is not a URL', { cause })
  }
  if (parsed.search.length < 2) throw new InvalidOnrampParameterError('url', 'has no query string to sign')
  // A fragment would sit after the appended signature and is not part of what MoonPay checks.
  if (parsed.hash !== '') throw new InvalidOnrampParameterError('url', 'must not have a fragment')
  return parsed
}

function computeSignature(search: string, secretKey: string): string {
  const mac = hmac(sha256, utf8ToBytes(requireSecret(secretKey)), utf8ToBytes(search))
  // btoa is in every browser and in Node 16+, so core stays isomorphic without a base64 package.
  return btoa(String.fromCharCode(...mac))
}

function requireSecret(secretKey: unknown): string {
  if (typeof secretKey !== 'string' || secretKey === '') {
    throw new InvalidOnrampParameterError('secretKey', 'is required and must be a non-empty string')
  }
  return secretKey
}

/**
 * Signs a MoonPay widget URL: base64(HMAC-SHA256(secret key, the query string including its leading
 * '?')), URL-encoded and appended as the last parameter. Run it on the server only.
 *
 * @throws {InvalidOnrampParameterError} for a URL without a query, with a fragment or already
 * signed, or an empty secret key (never echoed).
 * @example
 * signMoonpayUrl('https://buy-sandbox.moonpay.com?apiKey=pk_test_key&currencyCode=eth&walletAddress=0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae', 'sk_test_key')
 * // '...&walletAddress=0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae&signature=o1eO2arzL16TstEolGakHHFa33Mb61RCTfqToRWg7PA%3D'
 */
export function signMoonpayUrl(url: string, secretKey: string): string {
  const parsed = parseSignableUrl(url)
  if (parsed.searchParams.has('signature')) throw new InvalidOnrampParameterError('url', 'is already signed')
  const signature = computeSignature(parsed.search, secretKey)
  return `${parsed.href}${signatureParameter}${encodeURIComponent(signature)}`
}

/**
 * Whether a MoonPay URL carries, as its last parameter, the signature `secretKey` gives its query.
 * Compares in constant time. A malformed or unsigned URL is simply not valid; an empty secret key
 * is a configuration error and throws.
 *
 * @example
 * verifyMoonpayUrlSignature(signMoonpayUrl(url, 'sk_test_key'), 'sk_test_key') // true
 * verifyMoonpayUrlSignature(signMoonpayUrl(url, 'sk_test_key'), 'sk_test_other') // false
 */
export function verifyMoonpayUrlSignature(url: string, secretKey: string): boolean {
  requireSecret(secretKey)
  let parsed: URL
  try {
    parsed = parseSignableUrl(url)
  } catch {
    return false
  }
  const { search } = parsed
  const at = search.lastIndexOf(signatureParameter)
  const encoded = at < 0 ? '' : search.slice(at + signatureParameter.length)
  // The signature must be last, and the query before it must itself carry none.
  if (encoded === '' || encoded.includes('&')) return false
  const signed = search.slice(0, at)
  if (new URLSearchParams(signed).has('signature')) return false
  let provided: string
  try {
    provided = decodeURIComponent(encoded)
  } catch {
    return false
  }
  return constantTimeEqual(provided, computeSignature(signed, secretKey))
}

// Equal-length strings are compared character by character without an early exit, so the time
// taken does not reveal how much of a forged signature was right. The length is public (44).
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
  return difference === 0
}
