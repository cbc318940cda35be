import { readdir, readFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { SatchelServer } from '@satchel/server'
import type { FastifyReply, FastifyRequest } from 'fastify'

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
}

export type ServeWalletParameters = {
  /** The built wallet (see buildWallet). */
  distDir: string
  config: WalletRuntimeConfig
}

type StaticFile = { body: Buffer; gzip: Buffer | undefined; type: string; cacheControl: string }

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
}
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg)/
// Vite names every file under assets/ by its content hash: a new build is a new URL, so cache forever.
const IMMUTABLE = 'public, max-age=31536000, immutable'

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

function toStaticFile(body: Buffer, path: string, cacheControl: string): StaticFile {
  const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
  const gzip = COMPRESSIBLE.test(type) && body.length > 1024 ? gzipSync(body, { level: 9 }) : undefined
  return { body, gzip, type, cacheControl }
}

/** JSON that is safe inside a `<script>` element: no `</script>` or `<!--` can close it early. */
const toScriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')

/**
 * Serves the built wallet at `/` of the API server: its files with their content types (gzip when the
 * browser takes it, hashed assets cached for a year, the page never), the page for every other path
 * (the wallet routes in the browser), and the run-time configuration, both inside the page (no extra
 * round trip before the first render) and at `/config.json`. Unknown `/api/...` paths stay the API's
 * JSON 404. Files are read once, at start.
 *
 * @example
 * await serveWallet(server, { distDir, config: { app_id: appId, chains: [{ id: 31337, rpc_url }] } })
 */
export async function serveWallet(
  server: SatchelServer,
  { distDir, config }: ServeWalletParameters,
): Promise<void> {
  const files = new Map<string, StaticFile>()
  for (const path of await listFiles(distDir)) {
    const url = `/${relative(distDir, path).split(sep).join('/')}`
    if (url === '/index.html') continue
    files.set(
      url,
      toStaticFile(
        await readFile(path),
        path,
        url.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=3600',
      ),
    )
  }
  const template = await readFile(join(distDir, 'index.html'), 'utf8')
  const page = template.replace(
    '<!-- satchel-config -->',
    `<script id="satchel-config" type="application/json">${toScriptJson(config)}</script>`,
  )
  const index = toStaticFile(Buffer.from(page), 'index.html', 'no-cache')
  const origins = [
    ...new Set([
      ...config.chains.map((chain) => new URL(chain.rpc_url).origin),
      // The wallet reads balances and blockhashes from the Solana cluster itself, as it reads the EVM chains.
      ...(config.solana ? [new URL(config.solana.rpc_url).origin] : []),
      ...(config.walletconnect ? [new URL(config.walletconnect.relay_url).origin] : []),
    ]),
  ]
  const headers = {
    'content-security-policy': [
      "default-src 'self'",
      `connect-src 'self' ${origins.join(' ')}`,
      "img-src 'self' data:",
      // React and the SDK's modal set style attributes.
      "style-src 'self' 'unsafe-inline'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  }
  const configJson = toStaticFile(Buffer.from(JSON.stringify(config)), 'config.json', 'no-cache')

  // The wallet's own files: public pages, no credential (the API routes beside them have their guards).
  const routeConfig = { guard: 'none' } as const
  server.get('/config.json', { schema: { hide: true }, config: routeConfig }, (request, reply) =>
    send(request, reply, configJson),
  )
  server.get('/*', { schema: { hide: true }, config: routeConfig }, (request, reply) => {
    const path = decodeURIComponent(new URL(request.url, 'http://wallet').pathname)
    if (path.startsWith('/api/')) return reply.callNotFound()
    const file = files.get(path)
    if (file) return send(request, reply, file)
    // A missing asset is a 404 (a stale page asking for an old chunk must not get HTML as JavaScript).
    if (extname(path) !== '') return reply.status(404).type('text/plain; charset=utf-8').send('Not found')
    return send(request, reply.headers(headers), index)
  })
}

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  const accepts = String(request.headers['accept-encoding'] ?? '').includes('gzip')
  reply
    .header('content-type', file.type)
    .header('cache-control', file.cacheControl)
    .header('vary', 'accept-encoding')
  if (file.gzip && accepts) return reply.header('content-encoding', 'gzip').send(file.gzip)
  return reply.send(file.body)
}
