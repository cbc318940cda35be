/** One chain the wallet shows: its id and the JSON-RPC endpoint the browser reads it through. */
export type WalletChainConfig = { id: number; rpcUrl: string }

/** What the server that hosts the wallet tells it: the app, the API, and the chains. */
export type WalletConfig = {
  appId: string
  /** Where the Satchel API runs; the page's own origin when the API serves the wallet. */
  serverUrl: string
  chains: WalletChainConfig[]
  /** The dev outbox page, where sign-in codes land on the devnet. */
  outboxUrl?: string | undefined
}

export class WalletConfigError extends Error {
  override name = 'WalletConfigError'
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
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
  const { app_id: appId, server_url: serverUrl = origin, chains = [], outbox_url: outboxUrl } = value
  if (typeof appId !== 'string' || appId.length === 0)
    throw new WalletConfigError('The wallet configuration has no app_id')
  if (!isHttpUrl(serverUrl)) throw new WalletConfigError('The wallet configuration has no valid server_url')
  if (!Array.isArray(chains)) throw new WalletConfigError('The wallet configuration chains is not a list')
  const parsed = chains.map((chain, index): WalletChainConfig => {
    if (!isRecord(chain) || !Number.isSafeInteger(chain.id) || !isHttpUrl(chain.rpc_url))
      throw new WalletConfigError(`The wallet configuration chain ${index} needs an id and an rpc_url`)
    return { id: Number(chain.id), rpcUrl: chain.rpc_url }
  })
  return {
    appId,
    serverUrl: serverUrl.replace(/\/+$/, ''),
    chains: parsed,
    ...(isHttpUrl(outboxUrl) ? { outboxUrl } : {}),
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
