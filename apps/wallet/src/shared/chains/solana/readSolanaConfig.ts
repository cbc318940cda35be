import { solanaClusters } from '@satchel/core'
import { isRecord } from '../../isRecord'

/** A Solana cluster the wallet shows, as the hosting server configures it. */
export type SolanaCluster = {
  /** The CAIP-2 id the wallet RPC takes (`solana:<genesis hash prefix>`). */
  caip2: string
  name: string
  rpcUrl: string
  /** The USDC mint on this cluster; undefined where there is none (testnet). */
  usdcMint: string | undefined
  testnet: boolean
  /** The explorer's `?cluster=` value; undefined for a cluster no public explorer shows (a local one). */
  explorerCluster: string | undefined
}

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/**
 * Reads the `solana` part of the wallet configuration (snake_case, as the server writes it): one
 * cluster or a list, each `{caip2, rpc_url, usdc_mint?}`. The cluster's name comes from core; a local
 * RPC (the devnet's LiteSVM cluster standing in for devnet) is named as such and has no explorer.
 *
 * @throws {Error} naming the entry that is wrong, so a bad deployment fails in words.
 * @example
 * readSolanaConfig({ caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', rpc_url: 'http://127.0.0.1:8899' })
 * // [{ caip2: 'solana:EtWT…', name: 'Solana Devnet (local)', … }]
 */
export function readSolanaConfig(value: unknown): SolanaCluster[] {
  if (value === undefined) return []
  const entries = Array.isArray(value) ? value : [value]
  return entries.map((entry, index): SolanaCluster => {
    const known = isRecord(entry)
      ? solanaClusters.find((cluster) => cluster.caip2 === entry.caip2)
      : undefined
    if (!isRecord(entry) || !known || !isHttpUrl(entry.rpc_url))
      throw new Error(`The wallet configuration solana ${index} needs a known caip2 and an rpc_url`)
    const mint = typeof entry.usdc_mint === 'string' ? entry.usdc_mint : known.usdcMint
    if (mint !== undefined && !BASE58_ADDRESS.test(mint))
      throw new Error(`The wallet configuration solana ${index} has an invalid usdc_mint`)
    const host = new URL(entry.rpc_url).hostname
    const local = host === '127.0.0.1' || host === 'localhost' || host === '[::1]'
    return {
      caip2: known.caip2,
      name: local ? `${known.name} (local)` : known.name,
      rpcUrl: entry.rpc_url,
      usdcMint: mint,
      testnet: known.testnet,
      explorerCluster: local ? undefined : known.cluster,
    }
  })
}
