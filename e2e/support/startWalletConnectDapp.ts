import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('./walletConnectDapp/', import.meta.url))
const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' }

export type WalletConnectDapp = {
  /** The page, with the relay it uses in its query string. */
  url: string
  close(): Promise<void>
}

/**
 * Builds the journeys' test dApp (support/walletConnectDapp: a page with the real
 * `@walletconnect/sign-client`) with Vite and serves it on loopback, its own origin apart from the
 * wallet's, pointed at `relayUrl`.
 *
 * @example
 * const dapp = await startWalletConnectDapp(world.devnet.urls.relay)
 * await page.goto(dapp.url)
 */
export async function startWalletConnectDapp(relayUrl: string): Promise<WalletConnectDapp> {
  const outDir = await mkdtemp(join(tmpdir(), 'satchel-e2e-dapp-'))
  const { build } = await import('vite')
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, target: 'es2022', reportCompressedSize: false },
  })
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
    url: `http://127.0.0.1:${port}/?relay=${encodeURIComponent(relayUrl)}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(outDir, { recursive: true, force: true })
    },
  }
}
