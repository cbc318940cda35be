import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'

/** What the Farcaster app posts to the relay once the user has signed (as the real relay receives it). */
export type LoopbackFarcasterCompletion = {
  message: string
  signature: string
  fid: number
  username?: string | undefined
  displayName?: string | undefined
  bio?: string | undefined
  pfpUrl?: string | undefined
}

/** A channel as the relay holds it: what the relying party asked for, and the completion if any. */
export type LoopbackFarcasterChannel = {
  channelToken: string
  siweUri: string
  domain: string
  nonce: string
  url: string
  completion: LoopbackFarcasterCompletion | undefined
}

export type StartLoopbackFarcasterRelayReturnType = {
  /** `http://127.0.0.1:<port>`: the value of `app.settings.farcaster.relayUrl`. */
  url: string
  /** Every channel opened, by token, for tests to read what Satchel asked for. */
  channels: ReadonlyMap<string, LoopbackFarcasterChannel>
  stop(): Promise<void>
}

const createSchema = z.object({
  siweUri: z.string().min(1),
  domain: z.string().min(1),
  nonce: z.string().min(8),
})
const completionSchema = z.object({
  message: z.string().min(1),
  signature: z.string().min(1),
  fid: z.number().int().positive(),
  username: z.string().optional(),
  displayName: z.string().optional(),
  bio: z.string().optional(),
  pfpUrl: z.string().optional(),
})

/**
 * A stand-in for Farcaster's auth relay on 127.0.0.1, speaking the same API:
 * - `POST /v1/channel {siweUri, domain, nonce}` -> 201 `{channelToken, url, nonce}`
 * - `GET /v1/channel/status` (bearer channel token) -> 202 `{state: 'pending', nonce, url}`, or
 *   200 `{state: 'completed', nonce, url, message, signature, fid, username, displayName, bio, pfpUrl}`
 * - `POST /v1/channel/authenticate` (bearer channel token) with the signed message: what the user's
 *   Farcaster app sends once they approve; it completes the channel.
 *
 * @example
 * const relay = await startLoopbackFarcasterRelay()
 * await createApp({ loginMethods: ['farcaster'], settings: { farcaster: { relayUrl: relay.url, rpcUrl, idRegistryAddress } } })
 */
export async function startLoopbackFarcasterRelay(): Promise<StartLoopbackFarcasterRelayReturnType> {
  const channels = new Map<string, LoopbackFarcasterChannel>()

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url?.split('?')[0]
    if (req.method === 'POST' && path === '/v1/channel') {
      const parsed = createSchema.safeParse(JSON.parse((await readBody(req)) || 'null'))
      if (!parsed.success) return sendJson(res, 400, { error: 'invalid channel request' })
      const channelToken = randomUUID()
      const query = new URLSearchParams({ channelToken, ...parsed.data })
      const channel = {
        channelToken,
        ...parsed.data,
        url: `https://farcaster.xyz/~/siwf?${query}`,
        completion: undefined,
      }
      channels.set(channelToken, channel)
      return sendJson(res, 201, { channelToken, url: channel.url, nonce: channel.nonce })
    }
    const token = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1]
    const channel = token ? channels.get(token) : undefined
    if (path === '/v1/channel/status' && req.method === 'GET') {
      if (!channel) return sendJson(res, 401, { error: 'unknown channel' })
      const { nonce, url, completion } = channel
      if (!completion) return sendJson(res, 202, { state: 'pending', nonce, url })
      return sendJson(res, 200, { state: 'completed', nonce, url, ...completion })
    }
    if (path === '/v1/channel/authenticate' && req.method === 'POST') {
      if (!channel) return sendJson(res, 401, { error: 'unknown channel' })
      const parsed = completionSchema.safeParse(JSON.parse((await readBody(req)) || 'null'))
      if (!parsed.success) return sendJson(res, 400, { error: 'invalid completion' })
      channel.completion = parsed.data
      return sendJson(res, 201, { state: 'completed' })
    }
    return sendJson(res, 404, { error: 'not found' })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 400, { error: 'bad request' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    channels,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  return Buffer.concat(chunks).toString('utf8')
}
