import { DEFAULT_CHAIN_ID, LOCAL_BASE_CHAIN_ID, LOCAL_CHAIN_ID } from '../constants'
import { UnknownOnrampProviderError } from './errors'

/** The onramps Satchel routes to; `sandbox` is the local devnet's test-card provider. */
export type OnrampProvider = 'coinbase' | 'moonpay' | 'sandbox'

/** What a user can buy: the chain's native currency, or USDC. */
export type OnrampAsset = 'native' | 'USDC'

/** Coinbase Onramp's name for a network (its `defaultNetwork` parameter). */
export type CoinbaseNetwork =
  | 'ethereum'
  | 'base'
  | 'polygon'
  | 'optimism'
  | 'arbitrum'
  | 'avacchain'
  | 'solana'

/** MoonPay's currency codes for the assets Satchel can route to it. */
export type MoonpayCurrencyCode =
  | 'eth'
  | 'usdc'
  | 'eth_base'
  | 'usdc_base'
  | 'eth_arbitrum'
  | 'usdc_arbitrum'
  | 'eth_optimism'
  | 'usdc_optimism'
  | 'pol_polygon'
  | 'usdc_polygon'
  | 'avax_cchain'
  | 'usdc_cchain'
  | 'celo'
  | 'sol'
  | 'usdc_sol'

export type OnrampSupport = {
  supported: boolean
  provider: OnrampProvider
  /** The chain the purchase happens on: the one asked for, or 1 after a MoonPay fallback. */
  chainId: number
  asset: OnrampAsset | (string & {})
  /** Everything worth telling the developer, also passed to `onWarning`. */
  warnings: string[]
  /** Coinbase's network name, when Coinbase supports the purchase. */
  network?: CoinbaseNetwork
  /** MoonPay's currency code, when MoonPay supports the purchase. */
  currencyCode?: MoonpayCurrencyCode
}

export type GetOnrampSupportParameters = {
  provider: OnrampProvider
  chainId: number
  /** Typed as the two known assets, but any string is accepted: an unknown one is unsupported. */
  asset: OnrampAsset | (string & {})
  /** Receives each warning; `console.warn` by default. */
  onWarning?: ((message: string) => void) | undefined
}

// The spec's matrices (section 9), cell by cell. A chain absent from a row is unsupported for that asset.
const coinbaseNetworks: Readonly<Record<OnrampAsset, Readonly<Partial<Record<number, CoinbaseNetwork>>>>> = {
  native: { 1: 'ethereum', 8453: 'base', 137: 'polygon', 10: 'optimism', 42161: 'arbitrum' },
  USDC: { 1: 'ethereum', 8453: 'base', 137: 'polygon', 10: 'optimism' },
}

// MoonPay has codes for more cells (eth_optimism, usdc_cchain) than the spec routes to it; those
// cells fall back like any other unsupported one, and stay reachable by passing a currency code.
const moonpayCurrencyCodes: Readonly<
  Record<OnrampAsset, Readonly<Partial<Record<number, MoonpayCurrencyCode>>>>
> = {
  native: {
    1: 'eth',
    42161: 'eth_arbitrum',
    8453: 'eth_base',
    137: 'pol_polygon',
    43114: 'avax_cchain',
    42220: 'celo',
  },
  USDC: { 1: 'usdc', 42161: 'usdc_arbitrum', 10: 'usdc_optimism', 8453: 'usdc_base', 137: 'usdc_polygon' },
}

const sandboxChainIds: readonly number[] = [LOCAL_CHAIN_ID, LOCAL_BASE_CHAIN_ID]

const isOnrampAsset = (asset: string): asset is OnrampAsset => asset === 'native' || asset === 'USDC'

/**
 * Whether a provider can sell an asset on a chain, following the spec's matrices. MoonPay on a
 * chain it does not serve falls back to Ethereum mainnet with a warning; Coinbase and the sandbox
 * do not fall back. An unknown asset gives a warning and is unsupported.
 *
 * @example
 * getOnrampSupport({ provider: 'coinbase', chainId: 8453, asset: 'USDC' })
 * // { supported: true, provider: 'coinbase', chainId: 8453, asset: 'USDC', warnings: [], network: 'base' }
 * getOnrampSupport({ provider: 'moonpay', chainId: 59144, asset: 'native' })
 * // { supported: true, chainId: 1, currencyCode: 'eth', warnings: ['MoonPay does not support ...'], ... }
 */
export function getOnrampSupport(parameters: GetOnrampSupportParameters): OnrampSupport {
  const { provider, chainId, asset } = parameters
  // Resolved here, not at import, so importing core never touches the console.
  const onWarning = parameters.onWarning ?? ((message: string) => console.warn(message))
  const warnings: string[] = []
  const warn = (message: string) => {
    warnings.push(message)
    onWarning(message)
  }
  const unsupported = (): OnrampSupport => ({ supported: false, provider, chainId, asset, warnings })

  if (!isOnrampAsset(asset)) {
    warn(`Unknown onramp asset ${JSON.stringify(asset)}: only "native" and "USDC" are supported`)
    return unsupported()
  }

  switch (provider) {
    case 'coinbase': {
      const network = coinbaseNetworks[asset][chainId]
      return network ? { supported: true, provider, chainId, asset, warnings, network } : unsupported()
    }
    case 'moonpay': {
      const currencyCode = moonpayCurrencyCodes[asset][chainId]
      if (currencyCode) return { supported: true, provider, chainId, asset, warnings, currencyCode }
      warn(
        `MoonPay does not support ${asset} on chain ${chainId}; falling back to Ethereum mainnet (chain ${DEFAULT_CHAIN_ID})`,
      )
      const fallback = moonpayCurrencyCodes[asset][DEFAULT_CHAIN_ID]
      return {
        supported: fallback !== undefined,
        provider,
        chainId: DEFAULT_CHAIN_ID,
        asset,
        warnings,
        ...(fallback ? { currencyCode: fallback } : {}),
      }
    }
    case 'sandbox':
      return sandboxChainIds.includes(chainId)
        ? { supported: true, provider, chainId, asset, warnings }
        : unsupported()
    default:
      // Reached only by untyped callers; a misspelt provider is a configuration bug, not "unsupported".
      throw new UnknownOnrampProviderError(String(provider))
  }
}
