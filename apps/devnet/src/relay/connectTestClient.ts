// Test helper (not used by the relay): a bare relay client on a real WebSocket, signing its auth JWT with
// the SDK's own signer, so the unit tests speak the exact wire protocol without the whole SDK.
import { encodeIss, generateKeyPair, type Keypair, signJWT } from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'
import { isRecord } from './isRecord'

export type ReceivedMessage = {
  topic: string
  message: string
  publishedAt: number
  tag: number
  attestation: unknown
}

export type RelayAnswer = { result?: unknown; error?: { code: number; message: string } }

export type ConnectTestClientParameters = {
  /** Reuse a key pair to come back as the same client. */
  keyPair?: Keypair
  /** Answer `irn_subscription` pushes (default true). */
  acknowledge?: boolean
}

export type TestClient = Awaited<ReturnType<typeof connectTestClient>>

/**
 * Connects a bare client to the relay at `url`.
 *
 * @example
 * const client = await connectTestClient(relay.url)
 * await client.request('irn_subscribe', { topic })
 */
export async function connectTestClient(
  url: string,
  { keyPair = generateKeyPair(), acknowledge = true }: ConnectTestClientParameters = {},
) {
  const auth = await signJWT('test-session', url, 86_400, keyPair)
  const socket = new WebSocket(`${url}/?auth=${auth}&projectId=test&ua=test`)
  const received: ReceivedMessage[] = []
  const waiting = new Map<string, (answer: RelayAnswer) => void>()
  const listeners = new Set<() => void>()
  let nextId = 1

  socket.on('message', (data) => {
    const payload: unknown = JSON.parse(data.toString())
    if (!isRecord(payload)) return
    if (payload.method === 'irn_subscription' && isRecord(payload.params) && isRecord(payload.params.data)) {
      const { topic, message, publishedAt, tag, attestation } = payload.params.data
      if (
        typeof topic === 'string' &&
        typeof message === 'string' &&
        typeof publishedAt === 'number' &&
        typeof tag === 'number'
      ) {
        received.push({ topic, message, publishedAt, tag, attestation })
      }
      if (acknowledge) socket.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', result: true }))
      for (const listener of listeners) listener()
      return
    }
    const resolve = waiting.get(String(payload.id))
    if (!resolve) return
    waiting.delete(String(payload.id))
    const error = isRecord(payload.error) ? payload.error : undefined
    resolve(
      error && typeof error.code === 'number' && typeof error.message === 'string'
        ? { error: { code: error.code, message: error.message } }
        : { result: payload.result },
    )
  })

  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })

  /** Sends a request and waits for its answer. */
  function request(method: string, params: unknown): Promise<RelayAnswer> {
    return sendRaw(
      JSON.stringify({ id: `req-${nextId++}`, jsonrpc: '2.0', method, params }),
      `req-${nextId - 1}`,
    )
  }

  /** Sends any text and waits for the answer with the given id (null for errors the relay cannot tie to a request). */
  function sendRaw(text: string, id: string | number | null): Promise<RelayAnswer> {
    return new Promise((resolve) => {
      waiting.set(String(id), resolve)
      socket.send(text)
    })
  }

  /** Waits until `count` pushes have arrived in total, or fails after `timeoutMs`. */
  function waitForMessages(count: number, timeoutMs = 2000): Promise<ReceivedMessage[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (received.length < count) return
        listeners.delete(check)
        clearTimeout(timer)
        resolve(received.slice())
      }
      const timer = setTimeout(() => {
        listeners.delete(check)
        reject(new Error(`Expected ${count} messages, got ${received.length}`))
      }, timeoutMs)
      listeners.add(check)
      check()
    })
  }

  function close(): Promise<void> {
    return new Promise((resolve) => {
      if (socket.readyState === WebSocket.CLOSED) return resolve()
      socket.once('close', () => resolve())
      socket.close()
    })
  }

  const identity = encodeIss(keyPair.publicKey)
  return { identity, keyPair, socket, received, request, sendRaw, waitForMessages, close }
}
