import { useMemo } from 'react'
import {
  type CreateEip1193ProviderParameters,
  createEip1193Provider,
} from '../../ethereum/createEip1193Provider'
import type { Eip1193Provider } from '../../ethereum/eip1193Methods'
import { useSatchelClient } from '../context'

/**
 * The signed-in user's embedded Ethereum wallet as an EIP-1193 provider (for viem, ethers, wagmi).
 * The same provider object is kept while its options stay the same.
 *
 * @example
 * const provider = useEthereumProvider({ chainId: 8453 })
 * const walletClient = createWalletClient({ chain: base, transport: custom(provider) })
 */
export function useEthereumProvider({
  wallet,
  chainId,
  rpcUrls,
}: Omit<CreateEip1193ProviderParameters, 'client'> = {}): Eip1193Provider {
  const client = useSatchelClient('useEthereumProvider')
  return useMemo(
    () => createEip1193Provider({ client, wallet, chainId, rpcUrls }),
    [client, wallet, chainId, rpcUrls],
  )
}
