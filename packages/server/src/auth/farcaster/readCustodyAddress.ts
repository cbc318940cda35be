import { ApiError } from '@satchel/core'
import { type Address, isAddressEqual, type PublicClient, parseAbi, zeroAddress } from 'viem'

/** The one IdRegistry function Satchel reads (Farcaster's IdRegistry on Optimism has it, as does the test one). */
export const idRegistryAbi = parseAbi(['function custodyOf(uint256 fid) view returns (address)'])

export type ReadCustodyAddressParameters = { client: PublicClient; idRegistryAddress: Address; fid: number }

export type ReadCustodyAddressErrorType = ApiError

/**
 * The custody address of an fid as the ID registry holds it now: the only address whose signature
 * speaks for that Farcaster account. Undefined for an fid nobody registered. A registry that cannot
 * be read is `service_unavailable` (it says nothing about the user).
 *
 * @example
 * const client = createPublicClient({ transport: http(rpcUrl) })
 * const custody = await readCustodyAddress({ client, idRegistryAddress: FARCASTER_ID_REGISTRY_ADDRESS, fid: 3 })
 */
export async function readCustodyAddress(
  parameters: ReadCustodyAddressParameters,
): Promise<Address | undefined> {
  const { client, idRegistryAddress, fid } = parameters
  let custody: Address
  try {
    custody = await client.readContract({
      address: idRegistryAddress,
      abi: idRegistryAbi,
      functionName: 'custodyOf',
      args: [BigInt(fid)],
    })
  } catch (cause) {
    throw new ApiError('service_unavailable', {
      message: 'The Farcaster ID registry could not be read',
      cause,
    })
  }
  return isAddressEqual(custody, zeroAddress) ? undefined : custody
}
