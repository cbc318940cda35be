import { readSolanaConfig, type SolanaCluster } from '../shared/chains/solana/readSolanaConfig'
import { isRecord } from '../shared/isRecord'

/** One chain the wallet shows: its id and the JSON-RPC endpoint the browser reads it through. */
export type WalletChainConfig = { id: number; rpcUrl: string }

/** What the server that hosts the wallet tells it: the app, the API, and the chains. */
export type WalletConfig = {
  appId: string
  /** Where the Satchel API runs; the page's own origin when the API serves the wallet. */
  serverUrl: string
  chains: WalletChainConfig[]
  /** The Solana clusters the wallet reads and sends on (none when the host configures none). */
  solana: SolanaCluster[]
  /** The dev outbox page, where sign-in codes land on the devnet. */
  outboxUrl?: string | undefined
  /** The WalletConnect relay and project id; without them the Connections screen says it is off. */
  walletConnect?: WalletConnectConfig | undefined
  /** USD prices by asset symbol (`prices: {"ETH": 3000}`); an asset without one shows no fiat value. */
  prices?: Readonly<Record<string, number>> | undefined
}

/** Where WalletConnect traffic goes: the public relay with the operator's project id, or a loopback one. */
export type WalletConnectConfig = { projectId: string; relayUrl: string }

export class WalletConfigError extends Error {
  override name = 'WalletConfigError'
}

const isUrlOf = (value: unknown, protocols: readonly string[]): value is string => {
  if (typeof value !== 'string') return false
  try {
    return protocols.includes(new URL(value).protocol)
  } catch {
    return false
  }
}
const isHttpUrl = (value: unknown): value is string => isUrlOf(value, ['http:', 'https:'])

/** `walletconnect: {project_id, relay_url}`, or nothing when the host leaves WalletConnect off. */
function readWalletConnectConfig(value: unknown): WalletConnectConfig | undefined {
  if (value === undefined) return undefined
  if (!isRecord(value) || typeof value.project_id !== 'string' || value.project_id.length === 0)
    throw new WalletConfigError('The wallet configuration walletconnect needs a project_id')
  if (!isUrlOf(value.relay_url, ['ws:', 'wss:']))
    throw new WalletConfigError('The wallet configuration walletconnect needs a ws:// or wss:// relay_url')
  return { projectId: value.project_id, relayUrl: value.relay_url }
}

/** `prices: {SYMBOL: usd}`, each a positive number, or nothing when the host sets no price source. */
function readPrices(value: unknown): Record<string, number> | undefined {
  if (value === undefined) return undefined
  if (!isRecord(value)) throw new WalletConfigError('The wallet configuration prices is not a JSON object')
  const prices: Record<string, number> = {}
  for (const [symbol, price] of Object.entries(value)) {
    if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0)
      throw new WalletConfigError(`The wallet configuration price of ${symbol} is not a positive number`)
    prices[symbol.toUpperCase()] = price
  }
  return prices
}

/**
 * Checks the configuration the hosting server injects (snake_case JSON, like the API), so a wrong
 * deployment fails with a sentence instead of a blank page.
 *
 * @throws {WalletConfigError} naming the field that is missing or wrong.
 * @example
 * readWalletConfig({ app_id: 'app_1', chains: [{ id: 31337, rpc_url: 'http://127.0.0.1:8545' }] }, 'http://localhost:8787')
 * // { appId: 'app_1', serverUrl: 'http://localhost:8787', chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:8545' }] }
 */
export function readWalletConfig(value: unknown, origin: string): WalletConfig {
  if (!isRecord(value)) throw new WalletConfigError('The wallet configuration is not a JSON object')
  const {
    app_id: appId,
    server_url: serverUrl = origin,
    chains = [],
    outbox_url: outboxUrl,
    walletconnect: walletConnectValue,
    prices: pricesValue,
    solana,
  } = value
  if (typeof appId !== 'string' || appId.length === 0)
    throw new WalletConfigError('The wallet configuration has no app_id')
  if (!isHttpUrl(serverUrl)) throw new WalletConfigError('The wallet configuration has no valid server_url')
  if (!Array.isArray(chains)) throw new WalletConfigError('The wallet configuration chains is not a list')
  const walletConnect = readWalletConnectConfig(walletConnectValue)
  const prices = readPrices(pricesValue)
  const parsed = chains.map((chain, index): WalletChainConfig => {
    if (!isRecord(chain) || !Number.isSafeInteger(chain.id) || !isHttpUrl(chain.rpc_url))
      throw new WalletConfigError(`The wallet configuration chain ${index} needs an id and an rpc_url`)
    return { id: Number(chain.id), rpcUrl: chain.rpc_url }
  })
  return {
    appId,
    serverUrl: serverUrl.replace(/\/+$/, ''),
    chains: parsed,
    solana: readSolanaConfig(solana),
    ...(isHttpUrl(outboxUrl) ? { outboxUrl } : {}),
    ...(walletConnect ? { walletConnect } : {}),
    ...(prices ? { prices } : {}),
  }
}

/**
 * The configuration the page was served with: the JSON in `<script id="satchel-config">` when the API
 * injected it, else `/config.json` from the page's origin (the Vite dev server proxies it).
 *
 * @example
 * const config = await loadWalletConfig()
 */
export async function loadWalletConfig(): Promise<WalletConfig> {
  const inline = document.getElementById('satchel-config')?.textContent
  if (inline) return readWalletConfig(JSON.parse(inline), location.origin)
  const response = await fetch('/config.json', { headers: { accept: 'application/json' } })
  if (!response.ok)
    throw new WalletConfigError(`The wallet configuration could not be loaded (${response.status})`)
  return readWalletConfig(await response.json(), location.origin)
}
