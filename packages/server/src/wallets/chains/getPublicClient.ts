import { ApiError, chains } from '@satchel/core'
import {
  type Chain,
  createPublicClient,
  defineChain,
  type HttpTransport,
  http,
  type PublicClient,
} from 'viem'
import type { ServerContext } from '../../identity/context'
import { getRpcTimeoutMs } from './getRpcTimeoutMs'

/** A public client bound to its chain (so actions need no `chain` argument). */
export type ChainClient = PublicClient<HttpTransport, Chain>

/**
 * A viem public client for an EVM chain, on the chain's configured RPC endpoint (RPC_URLS, else its
 * public default), whose every call gives up after the chain's RPC timeout (RPC_TIMEOUT_MS,
 * RPC_TIMEOUTS_MS). One client per chain and server, reused by every request.
 *
 * @throws {ApiError} `unsupported_chain_id` when the server has no endpoint for the chain.
 * @example
 * const client = getPublicClient(ctx, 8453)
 * const balance = await client.getBalance({ address })
 */
export function getPublicClient(ctx: ServerContext, chainId: number): ChainClient {
  const byChain = ctx.chainClients
  const cached = byChain.get(chainId)
  if (cached) return cached
  const url = ctx.rpcUrls.get(chainId)
  if (!url) throw new ApiError('unsupported_chain_id', { message: `Unsupported chain id: ${chainId}` })
  const chain: Chain =
    chains.find((candidate) => candidate.id === chainId) ??
    defineChain({
      id: chainId,
      name: `Chain ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    })
  const client: ChainClient = createPublicClient({
    chain,
    // Receipts are polled by the receipt follower; requests themselves are not retried here, so a
    // failing broadcast is reported once instead of being sent again behind the caller's back.
    // The timeout bounds what a node that accepts and never answers costs: the request that asked it.
    transport: http(url, { retryCount: 0, timeout: getRpcTimeoutMs(ctx.config, chainId) }),
    pollingInterval: 500,
  })
  byChain.set(chainId, client)
  return client
}
