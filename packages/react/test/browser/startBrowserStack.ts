import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { type Browser, chromium } from 'playwright-core'
import { build } from 'vite'
import { startServer, type TestStack } from '../startServer'

export type BrowserStack = {
  browser: Browser
  server: TestStack
  /** The test page's URL, with the app id and the server URL in its query. */
  pageUrl: string
  close(): Promise<void>
}

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

/** Serves a built folder on loopback (the page's origin must be one the app allows). */
async function serveStatic(root: string): Promise<{ server: Server; origin: string }> {
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
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/**
 * The test page built by Vite (production build, like an app's), served on loopback, a real Satchel
 * server that allows the page's origin, and Debian's Chromium driven by Playwright.
 */
export async function startBrowserStack({
  env = {},
}: {
  env?: Record<string, string>
} = {}): Promise<BrowserStack> {
  const outDir = await mkdtemp(join(tmpdir(), 'satchel-browser-page-'))
  await build({
    root: fileURLToPath(new URL('./page', import.meta.url)),
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, minify: false },
  })
  const page = await serveStatic(outDir)
  const server = await startServer({ origins: [page.origin], env })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--headless',
    ],
  })
  const query = new URLSearchParams({ appId: server.appId, serverUrl: server.url })
  return {
    browser,
    server,
    pageUrl: `${page.origin}/?${query}`,
    async close() {
      await browser.close()
      await server.close()
      await new Promise<void>((resolve) => page.server.close(() => resolve()))
      await rm(outDir, { recursive: true, force: true })
    },
  }
}
