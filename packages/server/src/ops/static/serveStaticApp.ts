import { readdir, readFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export type ServeStaticAppParameters = {
  /** The built app (Vite's output: index.html and assets/). */
  distDir: string
  /** Where it is served: `''` for the site's root, `/console` for a path under it. */
  prefix: string
  /** What the app needs at run time (snake_case JSON), put inside its page and at `<prefix>/config.json`. */
  config: Readonly<Record<string, unknown>>
  /** Origins the page may call besides its own (chains' JSON-RPC, a relay), for its CSP. */
  connectOrigins: readonly string[]
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

/**
 * Serves a built single-page app (the web wallet at `/`, the console at `/console`) from the API
 * server: its files with their content types (gzip when the browser takes it, hashed assets cached for
 * a year, the page never), the page for every other path under the prefix (the app routes in the
 * browser), and the run-time configuration, both inside the page (no round trip before the first
 * render) and at `<prefix>/config.json`. Unknown `/api/...` paths stay the API's JSON 404. Files are
 * read once, at start; only those can be served.
 *
 * @example
 * await serveStaticApp(server, { distDir, prefix: '/console', config: { app_id }, connectOrigins: [] })
 */
export async function serveStaticApp(
  server: FastifyInstance,
  { distDir, prefix, config, connectOrigins }: ServeStaticAppParameters,
): Promise<void> {
  const files = new Map<string, StaticFile>()
  const entries = await readdir(distDir, { withFileTypes: true, recursive: true })
  for (const entry of entries.filter((one) => one.isFile())) {
    const path = join(entry.parentPath, entry.name)
    const url = `/${relative(distDir, path).split(sep).join('/')}`
    if (url === '/index.html') continue
    const cache = url.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=3600'
    files.set(`${prefix}${url}`, toStaticFile(await readFile(path), path, cache))
  }
  const template = await readFile(join(distDir, 'index.html'), 'utf8')
  const page = template.replace(
    '<!-- satchel-config -->',
    `<script id="satchel-config" type="application/json">${toScriptJson(config)}</script>`,
  )
  const index = toStaticFile(Buffer.from(page), 'index.html', 'no-cache')
  const headers = {
    'content-security-policy': [
      "default-src 'self'",
      `connect-src 'self' ${[...new Set(connectOrigins)].join(' ')}`.trim(),
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

  // The app's own files: public pages, no credential (the API routes beside them have their guards).
  const routeConfig = { guard: 'none' } as const
  server.get(`${prefix}/config.json`, { schema: { hide: true }, config: routeConfig }, (request, reply) =>
    send(request, reply, configJson),
  )
  const servePath = (request: FastifyRequest, reply: FastifyReply) => {
    const path = decodeURIComponent(new URL(request.url, 'http://app').pathname)
    if (path.startsWith('/api/')) return reply.callNotFound()
    const file = files.get(path)
    if (file) return send(request, reply, file)
    // A missing asset is a 404 (a stale page asking for an old chunk must not get HTML as JavaScript).
    if (extname(path) !== '') return reply.status(404).type('text/plain; charset=utf-8').send('Not found')
    return send(request, reply.headers(headers), index)
  }
  if (prefix !== '') server.get(prefix, { schema: { hide: true }, config: routeConfig }, servePath)
  server.get(`${prefix}/*`, { schema: { hide: true }, config: routeConfig }, servePath)
}

function toStaticFile(body: Buffer, path: string, cacheControl: string): StaticFile {
  const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
  const gzip = COMPRESSIBLE.test(type) && body.length > 1024 ? gzipSync(body, { level: 9 }) : undefined
  return { body, gzip, type, cacheControl }
}

/** JSON that is safe inside a `<script>` element: no `</script>` or `<!--` can close it early. */
const toScriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  const accepts = String(request.headers['accept-encoding'] ?? '').includes('gzip')
  reply
    .header('content-type', file.type)
    .header('cache-control', file.cacheControl)
    .header('vary', 'accept-encoding')
  if (file.gzip && accepts) return reply.header('content-encoding', 'gzip').send(file.gzip)
  return reply.send(file.body)
}
