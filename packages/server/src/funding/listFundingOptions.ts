import { getOnrampSupport, type OnrampProvider } from '@satchel/core'
import type { FundingConfig } from '../platform/config/loadConfig'

/** One way to buy the asset: the provider, and the chain the purchase will really happen on. */
export type FundingOption = {
  provider: OnrampProvider
  chainId: number
  asset: string
  /** Coinbase's network name or MoonPay's currency code, when the provider has one. */
  network?: string
  currencyCode?: string
  warnings: string[]
}

export type ListFundingOptionsReturnType = {
  options: FundingOption[]
  /** Every provider's warnings, including those of providers that cannot sell the asset at all. */
  warnings: string[]
  /** True when the asset is neither native nor USDC: no provider can sell it. */
  unknownAsset: boolean
}

/**
 * The configured providers that can sell `asset` on `chainId`, by the spec's matrices (core's
 * getOnrampSupport). MoonPay on a chain it does not serve is offered on Ethereum mainnet with its
 * warning; a provider without configuration is not offered.
 *
 * @example
 * listFundingOptions(config.funding, 59144, 'native').options
 * // [{ provider: 'moonpay', chainId: 1, currencyCode: 'eth', warnings: ['MoonPay does not support native on chain 59144; ...'] }]
 */
export function listFundingOptions(
  funding: FundingConfig,
  chainId: number,
  asset: string,
): ListFundingOptionsReturnType {
  const offered: OnrampProvider[] = [
    ...(funding.coinbase ? (['coinbase'] as const) : []),
    ...(funding.moonpay.production || funding.moonpay.sandbox ? (['moonpay'] as const) : []),
    ...(funding.sandbox ? (['sandbox'] as const) : []),
  ]
  const options: FundingOption[] = []
  const warnings = new Set<string>()
  for (const provider of offered) {
    const support = getOnrampSupport({ provider, chainId, asset, onWarning: () => {} })
    for (const warning of support.warnings) warnings.add(warning)
    if (!support.supported) continue
    options.push({
      provider,
      chainId: support.chainId,
      asset,
      ...(support.network ? { network: support.network } : {}),
      ...(support.currencyCode ? { currencyCode: support.currencyCode } : {}),
      warnings: support.warnings,
    })
  }
  return { options, warnings: [...warnings], unknownAsset: asset !== 'native' && asset !== 'USDC' }
}
