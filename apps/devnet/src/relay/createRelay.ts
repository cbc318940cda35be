import { createServer, type Server } from 'node:http'
import { type RawData, type WebSocket, WebSocketServer } from 'ws'
import { createMailbox } from './createMailbox'
import { handleSocketMessage } from './handleSocketMessage'
import { parseClientAuth } from './parseClientAuth'
import { RELAY_MAX_FRAME_BYTES, RELAY_PING_INTERVAL_MS } from './relayLimits'
import { removeConnection } from './removeConnection'
import type { RelayConnection, RelayState } from './types'

export type CreateRelayParameters = {
  /** Port to listen on; 0 (the default) takes any free port. */
  port?: number
  /** Interface to listen on; loopback by default, as nothing outside this machine should reach it. */
  host?: string
  /** The clock message ttls are measured by, in milliseconds since the epoch (injected in tests). */
  now?: () => number
  /** How often each socket is pinged; keep it under the SDK's 35 s silence limit. */
  pingIntervalMs?: number
}

export type RelayStats = {
  /** Open client sockets. */
  clients: number
  /** Topics with at least one subscriber. */
  topics: number
  /** Messages in the mailbox whose ttl has not run out. */
  mailbox: number
}

export type CreateRelayReturnType = {
  /** `ws://127.0.0.1:PORT`: the `relayUrl` to give the SDK. */
  url: string
  close: () => Promise<void>
  stats: () => RelayStats
  /**
   * Drops the sockets of one client (by its did:key identity) or of all clients, as a network failure
   * would; the SDK reconnects and re-subscribes. Returns how many sockets were dropped.
   */
  dropClients: (identity?: string) => number
}

const closeGraceMs = 1000

function rawToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      const address = server.address()
      if (address === null || typeof address === 'string')
        reject(new Error('Relay is not listening on a TCP port'))
      else resolve(address.port)
    })
  })
}

function waitForClose(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.readyState === socket.CLOSED) resolve()
    else socket.once('close', () => resolve())
  })
}

/**
 * Starts the loopback WalletConnect relay: JSON-RPC 2.0 over WebSocket speaking the subset of the relay
 * protocol that `@walletconnect/sign-client` / `@walletconnect/core` 2.25.0 and `@reown/walletkit`
 * 1.6.0 use (publish, subscribe, their batch forms, fetch, and the `wc_proposeSession` /
 * `wc_approveSession` shortcuts), with a mailbox that keeps each message for its ttl and replays it to
 * clients that subscribe later or reconnect. For the devnet and tests; production uses the hosted relay.
 *
 * @example
 * const relay = await createRelay()
 * const dapp = await SignClient.init({ projectId: 'devnet', relayUrl: relay.url, customStoragePrefix: 'dapp' })
 * // …
 * await relay.close()
 */
export async function createRelay({
  port = 0,
  host = '127.0.0.1',
  now = Date.now,
  pingIntervalMs = RELAY_PING_INTERVAL_MS,
}: CreateRelayParameters = {}): Promise<CreateRelayReturnType> {
  // Counted up from the wall clock so ids differ across restarts, and stay below 2^53 so the SDK's
  // bigint-aware JSON parser hands them back as the same numbers.
  let lastRequestId = Date.now() * 1000
  const state: RelayState = {
    connections: new Set(),
    subscribers: new Map(),
    mailbox: createMailbox({ now }),
    nextRequestId: () => ++lastRequestId,
  }
  const sockets = new WebSocketServer({ noServer: true, maxPayload: RELAY_MAX_FRAME_BYTES })
  const server = createServer((request, response) => {
    // Plain HTTP gets a readiness answer for the devnet's health checks and nothing else.
    const healthy = request.url === '/health'
    response.writeHead(healthy ? 200 : 426, { 'content-type': 'text/plain' })
    response.end(healthy ? 'ok' : 'Upgrade Required')
  })

  function accept(socket: WebSocket, identity: string): void {
    const connection: RelayConnection = {
      identity,
      socket,
      topics: new Set(),
      awaitingAck: new Map(),
      alive: true,
    }
    state.connections.add(connection)
    socket.on('pong', () => {
      connection.alive = true
    })
    socket.on('message', (data) => handleSocketMessage(state, connection, rawToText(data)))
    socket.on('close', () => removeConnection(state, connection))
    // E.g. a frame past maxPayload: `ws` closes the socket itself; this only keeps the error handled.
    socket.on('error', () => socket.terminate())
  }

  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => socket.destroy())
    let identity: string
    try {
      const url = new URL(request.url ?? '/', 'ws://relay')
      identity = parseClientAuth(url.searchParams.get('auth') ?? '').identity
    } catch {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    sockets.handleUpgrade(request, socket, head, (webSocket) => accept(webSocket, identity))
  })

  const heartbeat = setInterval(() => {
    for (const connection of state.connections) {
      // No pong since the last ping: the peer is gone without a close; free its socket.
      if (!connection.alive) {
        connection.socket.terminate()
        continue
      }
      connection.alive = false
      connection.socket.ping()
    }
    state.mailbox.prune()
  }, pingIntervalMs)
  heartbeat.unref()

  const boundPort = await listen(server, port, host)
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${boundPort}`

  function dropClients(identity?: string): number {
    let dropped = 0
    for (const connection of [...state.connections]) {
      if (identity !== undefined && connection.identity !== identity) continue
      // Forgotten at once, so whatever is published next waits in the mailbox rather than going down
      // a socket that is about to disappear.
      removeConnection(state, connection)
      connection.socket.terminate()
      dropped++
    }
    return dropped
  }

  async function close(): Promise<void> {
    clearInterval(heartbeat)
    const open = [...state.connections].map((connection) => connection.socket)
    for (const socket of open) socket.close(1001, 'relay closing')
    const grace = new Promise<void>((resolve) => setTimeout(resolve, closeGraceMs).unref())
    await Promise.race([Promise.all(open.map(waitForClose)), grace])
    for (const socket of open) socket.terminate()
    await new Promise<void>((resolve) => sockets.close(() => resolve()))
    server.closeAllConnections()
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
  }

  function stats(): RelayStats {
    return { clients: state.connections.size, topics: state.subscribers.size, mailbox: state.mailbox.size() }
  }

  return { url, close, stats, dropClients }
}
