import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildOnce } from '../../packages/react/test/buildOnce'

const ROOT = fileURLToPath(new URL('./walletConnectDapp/', import.meta.url))
const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' }

export type WalletConnectDapp = {
  /** The page, with the relay it uses in its query string. */
  url: string
  close(): Promise<void>
}

/**
 * The journeys' test dApp built with Vite, once for its sources as they are (globalSetup builds it
 * before the journeys start; later runs find it built). Answers the build's folder.
 *
 * @example
 * const outDir = await buildWalletConnectDapp()
 */
export function buildWalletConnectDapp(): Promise<string> {
  return buildOnce({
    name: 'e2e-walletconnect-dapp',
    sources: [ROOT],
    config: {
      root: ROOT,
      logLevel: 'error',
      build: { target: 'es2022', reportCompressedSize: false },
    },
  })
}

/**
 * Serves the journeys' test dApp (support/walletConnectDapp: a page with the real
 * `@walletconnect/sign-client`, built by {@link buildWalletConnectDapp}) on loopback, its own origin
 * apart from the wallet's, pointed at `relayUrl`; given a Solana cluster, its Solana buttons use it.
 *
 * @example
 * const dapp = await startWalletConnectDapp(world.devnet.urls.relay)
 * await page.goto(dapp.url)
 */
export async function startWalletConnectDapp(
  relayUrl: string,
  solana?: { caip2: string; rpcUrl: string },
): Promise<WalletConnectDapp> {
  const outDir = await buildWalletConnectDapp()
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    const file = normalize(join(outDir, path === '/' ? 'index.html' : path))
    if (!file.startsWith(outDir)) {
      response.writeHead(404).end()
      return
    }
    try {
      const body = await readFile(file)
      response
        .writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
        .end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}/?${new URLSearchParams({
      relay: relayUrl,
      ...(solana ? { solana: solana.caip2, solanaRpc: solana.rpcUrl } : {}),
    })}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
