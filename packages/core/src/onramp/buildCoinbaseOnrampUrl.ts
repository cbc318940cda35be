import { ONRAMP_PARTNER_PREFIX } from '../constants'
import { InvalidOnrampParameterError } from './errors'
import type { CoinbaseNetwork } from './getOnrampSupport'
import { normalizeAmount } from './normalizeAmount'
import { parseBaseUrl, requireText } from './parameters'

/** Coinbase's buy page; the sandbox host is `https://pay-sandbox.coinbase.com`. */
export const COINBASE_ONRAMP_DEFAULT_BASE_URL = 'https://pay.coinbase.com/buy/select-asset'

/** The assets Satchel names to Coinbase by symbol. */
export type CoinbaseOnrampAsset = 'USDC' | 'ETH' | 'BTC' | 'SOL' | 'POL'

/** Coinbase's fixed asset ids, which its `defaultAsset` parameter takes instead of a symbol. */
export const coinbaseAssetIds: Readonly<Record<CoinbaseOnrampAsset, string>> = {
  USDC: '2b92315d-eab7-5bef-84fa-089a131333f5',
  ETH: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
  BTC: '5b71fc48-3dd3-540c-809b-f8c94d0e68b5',
  SOL: '4f039497-3af8-5bb3-951c-6df9afa9be1c',
  POL: '026bcc1e-9163-591c-a709-34dd18b2e7a1',
}

export type BuildCoinbaseOnrampUrlParameters = {
  appId: string
  /** The single-use session token the server obtained from Coinbase (valid 5 minutes). */
  sessionToken: string
  partnerUserId: string
  /** `buy` pays by card; `send` moves crypto from the user's Coinbase account. Default `buy`. */
  experience?: 'buy' | 'send' | undefined
  /** The crypto amount to preset; `.5` is sent as `0.5`. */
  amount?: string | number | undefined
  network?: CoinbaseNetwork | (string & {}) | undefined
  /** A symbol mapped to Coinbase's asset id; any other value warns and is left out. */
  asset?: CoinbaseOnrampAsset | (string & {}) | undefined
  presetFiatAmount?: string | number | undefined
  fiatCurrency?: string | undefined
  redirectUrl?: string | undefined
  /** Default {@link COINBASE_ONRAMP_DEFAULT_BASE_URL}. */
  baseUrl?: string | undefined
  /** Receives each warning; `console.warn` by default. */
  onWarning?: ((message: string) => void) | undefined
}

const paymentMethods = { buy: 'CARD', send: 'CRYPTO_ACCOUNT' } as const

const isCoinbaseOnrampAsset = (asset: string): asset is CoinbaseOnrampAsset =>
  Object.hasOwn(coinbaseAssetIds, asset)

/**
 * The Coinbase Onramp URL to send a user to. Parameters are sorted by name so that the same input
 * always gives the same URL; absent values are left out.
 *
 * @throws {InvalidOnrampParameterError} for a missing id or token, an unknown experience, an amount
 * that is not a decimal, or a base URL that is not http(s).
 * @example
 * buildCoinbaseOnrampUrl({ appId: 'app_1', sessionToken: 'tok', partnerUserId: 'user_1', amount: '.5', asset: 'ETH' })
 * // 'https://pay.coinbase.com/buy/select-asset?appId=app_1&defaultAsset=d85dce9b-...&defaultExperience=buy&...'
 */
export function buildCoinbaseOnrampUrl(parameters: BuildCoinbaseOnrampUrlParameters): string {
  const experience = parameters.experience ?? 'buy'
  if (experience !== 'buy' && experience !== 'send') {
    throw new InvalidOnrampParameterError('experience', 'must be "buy" or "send"')
  }
  const appId = requireText(parameters.appId, 'appId')
  const url = parseBaseUrl(parameters.baseUrl ?? COINBASE_ONRAMP_DEFAULT_BASE_URL, 'baseUrl')

  let defaultAsset: string | undefined
  if (parameters.asset !== undefined) {
    if (isCoinbaseOnrampAsset(parameters.asset)) defaultAsset = coinbaseAssetIds[parameters.asset]
    else {
      const onWarning = parameters.onWarning ?? ((message: string) => console.warn(message))
      onWarning(
        `Unknown Coinbase Onramp asset ${JSON.stringify(parameters.asset)}: expected one of ${Object.keys(coinbaseAssetIds).join(', ')}; the asset is left for the user to choose`,
      )
    }
  }

  const query: Record<string, string | undefined> = {
    appId,
    sessionToken: requireText(parameters.sessionToken, 'sessionToken'),
    endPartnerName: `${ONRAMP_PARTNER_PREFIX}${appId}`,
    defaultExperience: experience,
    defaultPaymentMethod: paymentMethods[experience],
    partnerUserId: requireText(parameters.partnerUserId, 'partnerUserId'),
    presetCryptoAmount:
      parameters.amount === undefined ? undefined : normalizeAmount(parameters.amount, 'amount'),
    defaultNetwork: parameters.network,
    defaultAsset,
    presetFiatAmount:
      parameters.presetFiatAmount === undefined
        ? undefined
        : normalizeAmount(parameters.presetFiatAmount, 'presetFiatAmount'),
    fiatCurrency: parameters.fiatCurrency,
    redirectUrl: parameters.redirectUrl,
  }
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(name, value)
  url.searchParams.sort()
  return url.toString()
}
