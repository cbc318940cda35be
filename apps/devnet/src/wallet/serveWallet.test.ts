import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveWallet } from './serveWallet'

let dist: string
let server: FastifyInstance
const script = `console.log(${JSON.stringify('wallet '.repeat(400))})`

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'satchel-wallet-dist-'))
  await mkdir(join(dist, 'assets'))
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html><head><!-- satchel-config --><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>',
  )
  await writeFile(join(dist, 'assets', 'index-abc123.js'), script)
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  server = Fastify()
  server.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ error: 'Not found', code: 'not_found' }),
  )
  await serveWallet(server, {
    distDir: dist,
    config: {
      app_id: 'app_</script>',
      chains: [{ id: 31337, rpc_url: 'http://127.0.0.1:8545' }],
      outbox_url: 'http://localhost:8787/outbox',
      solana: {
        caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
        rpc_url: 'http://127.0.0.1:8899',
        subscriptions_url: 'ws://127.0.0.1:8899',
        usdc_mint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
      },
    },
  })
})
afterAll(async () => {
  await server.close()
  await rm(dist, { recursive: true, force: true })
})

describe('serveWallet (the wallet at / of the devnet API)', () => {
  it('serves the page with its configuration inside, for every path the wallet routes itself', async () => {
    for (const url of ['/', '/send', '/settings?tab=mfa']) {
      const page = await server.inject({ url })
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(page.headers['cache-control']).toBe('no-cache')
      // The wallet reads the EVM chains and the Solana cluster itself.
      expect(page.headers['content-security-policy']).toContain(
        "connect-src 'self' http://127.0.0.1:8545 http://127.0.0.1:8899",
      )
      // The injected JSON cannot close its script element early.
      expect(page.body).toContain(
        '<script id="satchel-config" type="application/json">{"app_id":"app_\\u003c/script>","chains":[{"id":31337,"rpc_url":"http://127.0.0.1:8545"}],"outbox_url":"http://localhost:8787/outbox","solana":{"caip2":"solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1","rpc_url":"http://127.0.0.1:8899","subscriptions_url":"ws://127.0.0.1:8899","usdc_mint":"4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU"}}</script>',
      )
    }
    const config = await server.inject({ url: '/config.json' })
    expect(config.json()).toMatchObject({
      app_id: 'app_</script>',
      chains: [{ id: 31337, rpc_url: 'http://127.0.0.1:8545' }],
      outbox_url: 'http://localhost:8787/outbox',
      solana: { rpc_url: 'http://127.0.0.1:8899' },
    })
  })

  it('serves hashed assets with their type, cached for a year, gzipped for browsers that take it', async () => {
    const plain = await server.inject({ url: '/assets/index-abc123.js' })
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(plain.body).toBe(script)
    const zipped = await server.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(script)
    const icon = await server.inject({ url: '/favicon.svg' })
    expect(icon.headers['content-type']).toBe('image/svg+xml')
    expect(icon.headers['cache-control']).toBe('public, max-age=3600')
  })

  it('answers 404 for a missing asset, leaves unknown API paths to the API, and serves nothing outside the build', async () => {
    const asset = await server.inject({ url: '/assets/index-old999.js' })
    expect(asset.statusCode).toBe(404)
    expect(asset.headers['content-type']).toBe('text/plain; charset=utf-8')
    const api = await server.inject({ url: '/api/v1/nothing-here' })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ error: 'Not found', code: 'not_found' })
    // Only the files read from the build at start can be served: a path out of it gets the page.
    const outside = await server.inject({ url: '/..%2f..%2fetc%2fpasswd' })
    expect(outside.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(outside.body).not.toContain('root:')
  })
})
