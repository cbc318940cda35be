import { createPublicClient, createWalletClient, defineChain, http, type PrivateKeyAccount } from 'viem'

// A local chain answers in microseconds; viem's default 4 s polling would make every
// waitForTransactionReceipt on an interval-mined chain wait whole seconds longer than needed.
const POLLING_INTERVAL_MS = 100

/**
 * Public and wallet clients for one local chain. The wallet signs in-process with `account` rather
 * than relying on anvil's unlocked accounts, so it works the same on a chain started with another
 * mnemonic's state.
 *
 * @example
 * const { publicClient, walletClient } = createDevchainClients({ rpcUrl, chainId: 31337, account })
 */
export function createDevchainClients(parameters: {
  rpcUrl: string
  chainId: number
  account: PrivateKeyAccount
}) {
  const { rpcUrl, chainId, account } = parameters
  const chain = defineChain({
    id: chainId,
    name: `Local chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const transport = http(rpcUrl)
  return {
    publicClient: createPublicClient({ chain, transport, pollingInterval: POLLING_INTERVAL_MS }),
    walletClient: createWalletClient({ account, chain, transport, pollingInterval: POLLING_INTERVAL_MS }),
  }
}
