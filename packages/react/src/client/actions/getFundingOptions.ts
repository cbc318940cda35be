import type { SatchelClient } from '../createSatchelClient'
import { isRecord } from '../parse'
import type { ReadParameters } from './readParameters'

/** `native` is the chain's own coin (ETH, POL, ...). */
export type FundingAsset = 'native' | 'USDC'

/** An onramp provider that can sell the asset. */
export type FundingOption = {
  provider: 'coinbase' | 'moonpay' | 'sandbox'
  /** The chain the purchase really happens on (a provider may fall back to Ethereum mainnet). */
  chainId: number
  /** The provider's name for the network, when it has one. */
  network: string | undefined
  warnings: string[]
}

export type FundingOptions = {
  options: FundingOption[]
  /** Why other providers cannot sell it. */
  warnings: string[]
}

export type GetFundingOptionsParameters = ReadParameters & { chainId: number; asset: FundingAsset }

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/**
 * The onramp providers that can sell `asset` on `chainId` (`GET /api/v1/funding/options`), and the
 * warnings of those that cannot.
 *
 * @example
 * const { options } = await getFundingOptions(client, { chainId: 8453, asset: 'USDC' })
 */
export async function getFundingOptions(
  client: SatchelClient,
  { chainId, asset, signal }: GetFundingOptionsParameters,
): Promise<FundingOptions> {
  const answer = await client.request({
    method: 'GET',
    path: '/api/v1/funding/options',
    query: { chain_id: String(chainId), asset },
    signal,
  })
  const list: unknown[] = isRecord(answer) && Array.isArray(answer.options) ? answer.options : []
  return {
    options: list.flatMap((option): FundingOption[] =>
      isRecord(option) &&
      (option.provider === 'coinbase' || option.provider === 'moonpay' || option.provider === 'sandbox') &&
      typeof option.chainId === 'number'
        ? [
            {
              provider: option.provider,
              chainId: option.chainId,
              network: typeof option.network === 'string' ? option.network : undefined,
              warnings: strings(option.warnings),
            },
          ]
        : [],
    ),
    warnings: isRecord(answer) ? strings(answer.warnings) : [],
  }
}
