import type { FundingOptions, GetFundingOptionsParameters } from '../../client/actions/getFundingOptions'
import { fundingOptionsQueryOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import { type UseReadReturnType, useRead } from '../useRead'
import type { UseReadOptions } from './useSignedInRead'

/**
 * The onramp providers that can sell `asset` on `chainId`; a new chain or asset reads again.
 *
 * @example
 * const { data } = useFundingOptions({ chainId: 8453, asset: 'USDC' })
 */
export function useFundingOptions(
  parameters: Omit<GetFundingOptionsParameters, 'signal'>,
  options?: UseReadOptions<FundingOptions>,
): UseReadReturnType<FundingOptions> {
  const client = useSatchelClient('useFundingOptions')
  return useRead({ ...fundingOptionsQueryOptions(client, parameters), ...options })
}
