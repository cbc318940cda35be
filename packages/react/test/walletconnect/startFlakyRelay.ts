import { createServer, type IncomingMessage } from 'node:http'
import { connect } from 'node:net'
import type { Duplex } from 'node:stream'

export type FlakyRelay = {
  /** `ws://127.0.0.1:PORT`: give it to the SDK as its relay. */
  url: string
  /** What happened to each WebSocket upgrade asked of it, in order. */
  upgrades: ('refused' | 'accepted')[]
  close(): Promise<void>
}

export type StartFlakyRelayParameters = {
  /** The real relay behind it (the devnet's loopback relay, `ws://127.0.0.1:PORT`). */
  relayUrl: string
  /** How many upgrades to refuse before passing them on. Default: all of them. */
  refuse?: number | undefined
}

/** The upgrade request as it came, to replay to the real relay byte for byte. */
function requestHead(request: IncomingMessage): string {
  let head = `${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/${request.httpVersion}\r\n`
  for (let i = 0; i < request.rawHeaders.length; i += 2)
    head += `${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}\r\n`
  return `${head}\r\n`
}

/**
 * A WalletConnect relay that is down for a while: a loopback server that answers the first `refuse`
 * WebSocket upgrades with `503 Service Unavailable` (as an overloaded relay or its load balancer
 * does) and passes every later one, untouched, to the real relay behind it.
 *
 * @example
 * const flaky = await startFlakyRelay({ relayUrl: relay.url, refuse: 2 })
 * // …connect the dApp to flaky.url…
 * flaky.upgrades // ['refused', 'refused', 'accepted', …]
 */
export async function startFlakyRelay({
  relayUrl,
  refuse = Number.POSITIVE_INFINITY,
}: StartFlakyRelayParameters): Promise<FlakyRelay> {
  const target = new URL(relayUrl)
  const upgrades: FlakyRelay['upgrades'] = []
  const sockets = new Set<Duplex>()
  const server = createServer((_, response) => {
    response.writeHead(426).end()
  })
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    if (upgrades.filter((outcome) => outcome === 'refused').length < refuse) {
      upgrades.push('refused')
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    upgrades.push('accepted')
    const upstream = connect(Number(target.port), target.hostname, () => {
      upstream.write(requestHead(request))
      if (head.length > 0) upstream.write(head)
      socket.pipe(upstream)
      upstream.pipe(socket)
    })
    sockets.add(upstream)
    upstream.on('close', () => {
      sockets.delete(upstream)
      socket.destroy()
    })
    upstream.on('error', () => socket.destroy())
    socket.on('close', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('The flaky relay has no port')
  return {
    url: `ws://127.0.0.1:${address.port}`,
    upgrades,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
