import { InvalidOnrampParameterError } from './errors'
import { getOnrampSupport, type MoonpayCurrencyCode, type OnrampAsset } from './getOnrampSupport'
import { normalizeAmount } from './normalizeAmount'
import { parseBaseUrl, requireText } from './parameters'

export type MoonpayEnvironment = 'production' | 'sandbox'

/** One MoonPay configuration: where the widget lives and the publishable key it is opened with. */
export type MoonpayConfig = {
  /** Default {@link MOONPAY_DEFAULT_BASE_URLS} for the environment. */
  baseUrl?: string | undefined
  /** `pk_live_...` for production, `pk_test_...` for sandbox. */
  publishableKey: string
}

/** MoonPay's buy widget per environment. */
export const MOONPAY_DEFAULT_BASE_URLS: Readonly<Record<MoonpayEnvironment, string>> = {
  production: 'https://buy.moonpay.com',
  sandbox: 'https://buy-sandbox.moonpay.com',
}

const publishableKeyPrefixes: Readonly<Record<MoonpayEnvironment, string>> = {
  production: 'pk_live_',
  sandbox: 'pk_test_',
}

export type BuildMoonpayUrlParameters = {
  environment: MoonpayEnvironment
  config: MoonpayConfig
  /** MoonPay's currency code. Give it, or give `chainId` and `asset` to have it looked up. */
  currencyCode?: MoonpayCurrencyCode | (string & {}) | undefined
  /** With `asset`: resolved through the support matrix, falling back to Ethereum mainnet. */
  chainId?: number | undefined
  asset?: OnrampAsset | (string & {}) | undefined
  /** Where the crypto goes. MoonPay requires a signed URL when it is present: see `signMoonpayUrl`. */
  walletAddress?: string | undefined
  baseCurrencyCode?: string | undefined
  baseCurrencyAmount?: string | number | undefined
  quoteCurrencyAmount?: string | number | undefined
  lockAmount?: boolean | undefined
  externalTransactionId?: string | undefined
  externalCustomerId?: string | undefined
  redirectURL?: string | undefined
  theme?: 'light' | 'dark' | undefined
  colorCode?: string | undefined
  paymentMethod?: string | undefined
  /** Receives the fallback warning; `console.warn` by default. */
  onWarning?: ((message: string) => void) | undefined
}

/**
 * The unsigned MoonPay widget URL: `apiKey` first, then the other parameters in MoonPay's
 * documented order, absent ones left out. Sign it on the server with `signMoonpayUrl` before a
 * user opens it: the secret key must never reach the browser.
 *
 * @throws {InvalidOnrampParameterError} for a publishable key of the wrong environment, a missing
 * or unresolvable currency, an amount that is not a decimal, or a base URL that is not http(s).
 * @example
 * buildMoonpayUrl({
 *   environment: 'sandbox',
 *   config: { publishableKey: 'pk_test_key' },
 *   currencyCode: 'eth',
 *   walletAddress: '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae',
 * })
 * // 'https://buy-sandbox.moonpay.com/?apiKey=pk_test_key&currencyCode=eth&walletAddress=0xde0b...'
 */
export function buildMoonpayUrl(parameters: BuildMoonpayUrlParameters): string {
  const { environment, config } = parameters
  if (environment !== 'production' && environment !== 'sandbox') {
    throw new InvalidOnrampParameterError('environment', 'must be "production" or "sandbox"')
  }
  // A test key in production (or the reverse) opens a widget that cannot take payment; a secret
  // key here would be published to every browser. The key itself is never echoed.
  const prefix = publishableKeyPrefixes[environment]
  const publishableKey = requireText(config?.publishableKey, 'config.publishableKey')
  if (!publishableKey.startsWith(prefix)) {
    throw new InvalidOnrampParameterError(
      'config.publishableKey',
      `the ${environment} environment needs a publishable key that starts with ${prefix}`,
    )
  }
  const url = parseBaseUrl(config.baseUrl ?? MOONPAY_DEFAULT_BASE_URLS[environment], 'config.baseUrl')

  const amount = (value: string | number | undefined, name: string) =>
    value === undefined ? undefined : normalizeAmount(value, name)
  // MoonPay's order (see notes/onramp-providers.md); the signature is appended after these.
  const query: Array<[string, string | undefined]> = [
    ['apiKey', publishableKey],
    ['currencyCode', resolveCurrencyCode(parameters)],
    ['walletAddress', parameters.walletAddress],
    ['baseCurrencyCode', parameters.baseCurrencyCode],
    ['baseCurrencyAmount', amount(parameters.baseCurrencyAmount, 'baseCurrencyAmount')],
    ['quoteCurrencyAmount', amount(parameters.quoteCurrencyAmount, 'quoteCurrencyAmount')],
    ['lockAmount', parameters.lockAmount === undefined ? undefined : String(parameters.lockAmount)],
    ['externalTransactionId', parameters.externalTransactionId],
    ['externalCustomerId', parameters.externalCustomerId],
    ['redirectURL', parameters.redirectURL],
    ['theme', parameters.theme],
    ['colorCode', parameters.colorCode],
    ['paymentMethod', parameters.paymentMethod],
  ]
  const search = new URLSearchParams()
  for (const [name, value] of query) if (value !== undefined) search.append(name, value)
  url.search = search.toString()
  return url.toString()
}

function resolveCurrencyCode(parameters: BuildMoonpayUrlParameters): string {
  const { currencyCode, chainId, asset } = parameters
  const byChain = chainId !== undefined || asset !== undefined
  if (currencyCode !== undefined) {
    // Two sources of truth could disagree silently; make the caller pick one.
    if (byChain)
      throw new InvalidOnrampParameterError(
        'currencyCode',
        'give currencyCode or chainId and asset, not both',
      )
    return requireText(currencyCode, 'currencyCode')
  }
  if (chainId === undefined || asset === undefined) {
    throw new InvalidOnrampParameterError('currencyCode', 'give currencyCode, or chainId and asset')
  }
  const support = getOnrampSupport({ provider: 'moonpay', chainId, asset, onWarning: parameters.onWarning })
  if (!support.currencyCode) {
    throw new InvalidOnrampParameterError('asset', `MoonPay does not sell ${JSON.stringify(asset)}`)
  }
  return support.currencyCode
}
