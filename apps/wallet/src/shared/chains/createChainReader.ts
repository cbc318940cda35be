import { createEip1193Provider, type SatchelClient } from '@satchel/react'
import { isRecord } from '../isRecord'
import { decodeUint256, encodeBalanceOf, TRANSFER_TOPIC, toAddressTopic, topicToAddress } from './erc20'
import type { WalletChain } from './useWalletChains'

/** One USDC transfer in or out of an address, from the token's Transfer logs. */
export type TokenTransfer = {
  hash: `0x${string}`
  blockNumber: bigint
  from: `0x${string}`
  to: `0x${string}`
  amount: bigint
}

export type TransactionReceiptStatus = 'pending' | 'mined' | 'failed'

export type ChainReader = {
  getNativeBalance(address: string): Promise<bigint>
  getUsdcBalance(address: string): Promise<bigint | undefined>
  getUsdcTransfers(address: string): Promise<TokenTransfer[]>
  getReceiptStatus(hash: string): Promise<TransactionReceiptStatus>
  getGasPrice(): Promise<bigint>
}

const isHex = (value: unknown): value is `0x${string}` =>
  typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)

// How far back the activity list looks, in blocks: enough for a devnet or a few days of a real chain,
// and within what public RPC endpoints allow for one eth_getLogs.
const ACTIVITY_BLOCKS = 50_000n

/**
 * Reads a chain through the SDK's EIP-1193 provider (reads go to the chain's JSON-RPC endpoint):
 * balances of the native coin and USDC, USDC transfers of an address, and receipts.
 *
 * @example
 * const reader = createChainReader(client, chain)
 * await reader.getUsdcBalance(address) // 25000000n (25 USDC)
 */
export function createChainReader(client: SatchelClient, chain: WalletChain): ChainReader {
  const provider = createEip1193Provider({ client, chainId: chain.id, rpcUrls: { [chain.id]: chain.rpcUrl } })
  // Reads are not in the provider's table of typed methods: they are forwarded as they are.
  const call = (method: string, params: unknown[]): Promise<unknown> => provider.request({ method, params })

  async function getLogs(topics: (string | null)[], fromBlock: bigint): Promise<TokenTransfer[]> {
    if (!chain.usdcAddress) return []
    const logs = await call('eth_getLogs', [
      { address: chain.usdcAddress, topics, fromBlock: `0x${fromBlock.toString(16)}`, toBlock: 'latest' },
    ])
    if (!Array.isArray(logs)) return []
    return logs.flatMap((log): TokenTransfer[] => {
      if (
        !isRecord(log) ||
        !Array.isArray(log.topics) ||
        !isHex(log.transactionHash) ||
        !isHex(log.blockNumber)
      )
        return []
      const [, from, to] = log.topics
      if (typeof from !== 'string' || typeof to !== 'string') return []
      return [
        {
          hash: log.transactionHash,
          blockNumber: BigInt(log.blockNumber),
          from: topicToAddress(from),
          to: topicToAddress(to),
          amount: decodeUint256(log.data),
        },
      ]
    })
  }

  return {
    async getNativeBalance(address) {
      return decodeUint256(await call('eth_getBalance', [address, 'latest']))
    },
    async getUsdcBalance(address) {
      if (!chain.usdcAddress) return undefined
      return decodeUint256(
        await call('eth_call', [{ to: chain.usdcAddress, data: encodeBalanceOf(address) }, 'latest']),
      )
    },
    async getUsdcTransfers(address) {
      const latest = decodeUint256(await call('eth_blockNumber', []))
      const fromBlock = latest > ACTIVITY_BLOCKS ? latest - ACTIVITY_BLOCKS : 0n
      const topic = toAddressTopic(address)
      const [sent, received] = await Promise.all([
        getLogs([TRANSFER_TOPIC, topic], fromBlock),
        getLogs([TRANSFER_TOPIC, null, topic], fromBlock),
      ])
      return [...sent, ...received]
    },
    async getReceiptStatus(hash) {
      const receipt = await call('eth_getTransactionReceipt', [hash])
      if (!isRecord(receipt)) return 'pending'
      return receipt.status === '0x1' ? 'mined' : 'failed'
    },
    async getGasPrice() {
      return decodeUint256(await call('eth_gasPrice', []))
    },
  }
}
