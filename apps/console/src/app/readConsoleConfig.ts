import { isRecord } from '../shared/isRecord'

/** A chain the console reads balances from (its JSON-RPC endpoint, reachable from the browser). */
export type ConsoleChain = { id: number; rpcUrl: string }

/** What the server that hosts the console tells it: the operator app and the chains it may read. */
export type ConsoleConfig = {
  /** The operator app operators sign in to. */
  appId: string
  serverUrl: string
  chains: ConsoleChain[]
  solana?: { caip2: string; rpcUrl: string } | undefined
}

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/**
 * Checks the configuration the server injects (snake_case JSON, like the API), so a wrong deployment
 * fails with a sentence instead of a blank page.
 *
 * @throws {Error} naming the field that is missing or wrong.
 * @example
 * readConsoleConfig({ app_id: 'app_1', chains: [] }, 'http://localhost:8787')
 */
export function readConsoleConfig(value: unknown, origin: string): ConsoleConfig {
  if (!isRecord(value)) throw new Error('The console configuration is not a JSON object')
  const { app_id: appId, chains = [], solana } = value
  if (typeof appId !== 'string' || appId === '') throw new Error('The console configuration needs an app_id')
  if (!Array.isArray(chains)) throw new Error('The console configuration chains must be a list')
  const read = chains.map((chain: unknown): ConsoleChain => {
    if (!isRecord(chain) || typeof chain.id !== 'number' || !isHttpUrl(chain.rpc_url))
      throw new Error('Each chain in the console configuration needs an id and an http(s) rpc_url')
    return { id: chain.id, rpcUrl: chain.rpc_url }
  })
  const cluster =
    isRecord(solana) && typeof solana.caip2 === 'string' && isHttpUrl(solana.rpc_url)
      ? { caip2: solana.caip2, rpcUrl: solana.rpc_url }
      : undefined
  return { appId, serverUrl: origin, chains: read, solana: cluster }
}

/** The configuration inside the page, or from `/console/config.json` (the dev server). */
export async function loadConsoleConfig(): Promise<ConsoleConfig> {
  const inline = document.getElementById('satchel-config')?.textContent
  if (inline) return readConsoleConfig(JSON.parse(inline), window.location.origin)
  const response = await fetch('/console/config.json')
  if (!response.ok) throw new Error(`The console configuration could not be loaded (HTTP ${response.status})`)
  return readConsoleConfig(await response.json(), window.location.origin)
}
