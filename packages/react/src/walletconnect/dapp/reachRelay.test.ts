// The per-attempt timeout and giving up, against a relay that takes the TCP connection and never
// answers the WebSocket upgrade (a hung relay). The refusing relay and success through it are in
// createWalletConnectDapp.test.ts, with the real SDK and a wallet.
import { createServer, type Server, type Socket } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reachRelay } from './reachRelay'

let server: Server
let url: string
let connections: Socket[]

beforeEach(async () => {
  connections = []
  // Reads the upgrade request and says nothing back.
  server = createServer((socket) => {
    connections.push(socket)
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  url = `ws://127.0.0.1:${address.port}`
})
afterEach(async () => {
  for (const socket of connections) socket.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

// The hung relay never reads the JWT: any string does.
const signJwt = async () => 'unused'

describe('reachRelay', () => {
  it('gives each attempt its timeout, makes 5, then says the relay could not be reached', async () => {
    const error = await reachRelay({
      relayUrl: url,
      projectId: 'test',
      signJwt,
      timeoutMs: 300,
      backoffMs: () => 10,
    })
      .then(() => undefined)
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      code: 4900,
      shortMessage: 'The WalletConnect relay could not be reached',
    })
    expect(String(error)).toContain(`No answer from ${url} after 5 attempts of 0.3 s each.`)
    expect(connections).toHaveLength(5)
  })

  it('stops between attempts when the app gives up', async () => {
    const controller = new AbortController()
    const reaching = reachRelay({
      relayUrl: url,
      projectId: 'test',
      signJwt,
      timeoutMs: 200,
      backoffMs: () => 60_000,
      signal: controller.signal,
    })
    await expect.poll(() => connections.length).toBe(1)
    controller.abort(new Error('The connection was cancelled'))
    await expect(reaching).rejects.toThrow('The connection was cancelled')
    expect(connections).toHaveLength(1)
  })
  it('pauses 1, 2, 3, then 4 s between the 5 attempts, as the WalletConnect SDK waits', async () => {
    // A relay that takes the connection and drops it at once: each attempt fails without its timeout.
    const dropping = createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve))
    const address = dropping.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    const realSetTimeout = globalThis.setTimeout
    const tick = () => new Promise((resolve) => realSetTimeout(resolve, 5))
    // When each attempt came, on the fake clock: only the pauses move it, the sockets run for real.
    const attempts: number[] = []
    dropping.on('connection', () => attempts.push(Date.now()))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      let settled: unknown
      let done = false
      void reachRelay({ relayUrl: `ws://127.0.0.1:${address.port}`, projectId: 'test', signJwt }).then(
        () => {
          done = true
        },
        (caught: unknown) => {
          settled = caught
          done = true
        },
      )
      // 100 ms of the fake clock at a time, with real time between for the sockets.
      for (let step = 0; !done && step < 400; step++) {
        await tick()
        await vi.advanceTimersByTimeAsync(100)
      }
      expect(settled).toMatchObject({ shortMessage: 'The WalletConnect relay could not be reached' })
      expect(attempts).toHaveLength(5)
      const pauses = attempts.slice(1).map((at, index) => at - (attempts[index] ?? 0))
      // Each pause is its whole length, and less than a second more (the steps above and the sockets).
      expect(pauses.map((pause) => Math.floor(pause / 1000))).toEqual([1, 2, 3, 4])
    } finally {
      vi.useRealTimers()
      await new Promise<void>((resolve) => dropping.close(() => resolve()))
    }
  })
})
