import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Browser } from 'playwright-core'
import { launchBrowser } from '../../../../e2e/support/launchBrowser'
import { buildOnce } from '../buildOnce'
import { startServer, type TestStack } from '../startServer'

/** What the test pages bundle besides their own folder: the SDK and core. */
const PAGE_SOURCES = [
  fileURLToPath(new URL('../../src/', import.meta.url)),
  fileURLToPath(new URL('../../../core/src/', import.meta.url)),
]

export type BrowserStack = {
  browser: Browser
  server: TestStack
  /** The test page's URL, with the app id and the server URL in its query. */
  pageUrl: string
  close(): Promise<void>
}

type ServerOptions = Omit<NonNullable<Parameters<typeof startServer>[0]>, 'origins' | 'env'>

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

/** Serves a built folder on loopback (the page's origin must be one the app allows). */
async function serveStatic(root: string, hostname: string): Promise<{ server: Server; origin: string }> {
  const server = createServer(async (request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '')
    try {
      const body = await readFile(join(root, path === '/' ? 'index.html' : path))
      response.writeHead(200, { 'content-type': types[extname(path)] ?? 'text/html' })
      response.end(body)
    } catch {
      response.writeHead(404)
      response.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://${hostname}:${(server.address() as AddressInfo).port}` }
}

/**
 * The test page built by Vite (production build, like an app's), served on loopback, a real Satchel
 * server that allows the page's origin, and Debian's Chromium driven by Playwright (as the journeys
 * launch it).
 */
export async function startBrowserStack({
  env = {},
  page: pageDir = 'page',
  server: serverOptions = {},
  hostname = '127.0.0.1',
}: {
  env?: Record<string, string>
  /** The folder beside this file that holds the test page. */
  page?: string
  /**
   * The app the server makes for the page (login methods, cookie mode, settings), or a function of the
   * page's origin that gives it (an OAuth provider registers the page as its redirect URI).
   */
  server?: ServerOptions | ((pageOrigin: string) => Promise<ServerOptions>)
  /**
   * The name the page and the API are reached by. `localhost` where the browser insists on a name:
   * WebAuthn refuses an IP address as the relying party, and cookies are shared by site.
   */
  hostname?: 'localhost' | '127.0.0.1'
} = {}): Promise<BrowserStack> {
  const root = fileURLToPath(new URL(`./${pageDir}`, import.meta.url))
  // Built once for the sources as they are (the page, the SDK, core), then shared by every file and run.
  const outDir = await buildOnce({
    name: `react-${pageDir}`,
    sources: [root, fileURLToPath(import.meta.url), ...PAGE_SOURCES],
    config: { root, plugins: [react()], build: { minify: false } },
  })
  const page = await serveStatic(outDir, hostname)
  const options = typeof serverOptions === 'function' ? await serverOptions(page.origin) : serverOptions
  const server = await startServer({ ...options, origins: [page.origin], env })
  const browser = await launchBrowser()
  const query = new URLSearchParams({
    appId: server.appId,
    serverUrl: server.url.replace('127.0.0.1', hostname),
  })
  return {
    browser,
    server,
    pageUrl: `${page.origin}/?${query}`,
    async close() {
      await browser.close()
      await server.close()
      await new Promise<void>((resolve) => page.server.close(() => resolve()))
    },
  }
}
