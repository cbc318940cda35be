import { type SatchelServer, serveStaticApp } from '@satchel/server'

/** What the wallet needs to know at run time, injected into its page (snake_case, like the API). */
export type WalletRuntimeConfig = {
  app_id: string
  /** The API; the page's own origin when absent (the API serves the wallet). */
  server_url?: string
  chains: Array<{ id: number; rpc_url: string }>
  /** The Solana cluster the wallet reads and sends on (the devnet's local one, standing in for devnet). */
  solana?: { caip2: string; rpc_url: string; subscriptions_url: string; usdc_mint: string }
  outbox_url?: string
  /** The WalletConnect relay the Connections screen uses (the devnet's loopback one). */
  walletconnect?: { project_id: string; relay_url: string }
  /** USD prices by asset symbol for the wallet's fiat values (the devnet's are fixed). */
  prices?: Record<string, number>
}

export type ServeWalletParameters = {
  /** The built wallet (see buildWallet). */
  distDir: string
  config: WalletRuntimeConfig
}

// WalletConnect's Verify: the wallet fetches its public key and attestations from these (the only hosts
// WalletConnect accepts for it), to tell a proposal's real domain from the one it claims.
const WALLETCONNECT_VERIFY_ORIGINS = ['https://verify.walletconnect.org', 'https://verify.walletconnect.com']

/**
 * Serves the built wallet at `/` of the API server (see `serveStaticApp`): the page may call the
 * chains' JSON-RPC endpoints, the WalletConnect relay and its Verify service besides the API.
 *
 * @example
 * await serveWallet(server, { distDir, config: { app_id: appId, chains: [{ id: 31337, rpc_url }] } })
 */
export async function serveWallet(
  server: SatchelServer,
  { distDir, config }: ServeWalletParameters,
): Promise<void> {
  const connectOrigins = [
    ...config.chains.map((chain) => new URL(chain.rpc_url).origin),
    // The wallet reads balances and blockhashes from the Solana cluster itself, as it reads the EVM chains.
    ...(config.solana ? [new URL(config.solana.rpc_url).origin] : []),
    ...(config.walletconnect
      ? [new URL(config.walletconnect.relay_url).origin, ...WALLETCONNECT_VERIFY_ORIGINS]
      : []),
  ]
  await serveStaticApp(server, { distDir, prefix: '', config, connectOrigins })
}
