import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../../identity/context'
import { readOperatorAppId } from '../../identity/operators/ensureOperatorApp'
import { serveStaticApp } from './serveStaticApp'

/** A chain whose balances the console reads from the browser (a public endpoint: no API key in it). */
export type ConsoleChain = { id: number; rpc_url: string }

export type ServeConsoleParameters = {
  /** The built console (apps/console, `npm run build -w @satchel/console`). */
  distDir: string
  /** Chains the console may read balances from; none in production unless the host names public ones. */
  chains?: readonly ConsoleChain[]
  solana?: { caip2: string; rpc_url: string } | undefined
}

/**
 * Serves the Satchel console at `/console` of this server, told the operator app's id (operators sign
 * in to it) and the chains it reads balances from. Without an operator app (production without
 * email delivery) it is not served: nobody could sign in.
 *
 * @example
 * await serveConsole(server, server.satchel, { distDir: 'apps/console/dist' })
 */
export async function serveConsole(
  server: FastifyInstance,
  ctx: ServerContext,
  { distDir, chains = [], solana }: ServeConsoleParameters,
): Promise<boolean> {
  const appId = await readOperatorAppId(ctx)
  if (!appId) return false
  await serveStaticApp(server, {
    distDir,
    prefix: '/console',
    config: { app_id: appId, chains, ...(solana ? { solana } : {}) },
    connectOrigins: [...chains.map((chain) => chain.rpc_url), ...(solana ? [solana.rpc_url] : [])].map(
      (url) => new URL(url).origin,
    ),
  })
  return true
}
