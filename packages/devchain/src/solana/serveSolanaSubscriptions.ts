import type { Server } from 'node:http'
import { isSignature } from '@solana/kit'
import { type WebSocket, WebSocketServer } from 'ws'
import type { LandedTransaction, SolanaLedger } from './createSolanaLedger'

type Subscription =
  | { kind: 'signature'; socket: WebSocket; signature: string }
  | { kind: 'slot'; socket: WebSocket }

const MAX_MESSAGE_BYTES = 16 * 1024

/**
 * The cluster's PubSub over WebSocket on the RPC's own port (`ws://host:port`): `signatureSubscribe`
 * and `slotSubscribe` with their unsubscribes, which `@solana/kit`'s `sendAndConfirmTransactionFactory`
 * waits on. A signature already landed is notified at once (transactions land as they arrive).
 * Returns `notifyLanded`, to be called for each landed transaction, and `close`.
 *
 * @example
 * const pubsub = serveSolanaSubscriptions(server, ledger)
 * pubsub.notifyLanded(record)
 */
export function serveSolanaSubscriptions(server: Server, ledger: SolanaLedger) {
  const wss = new WebSocketServer({ server, maxPayload: MAX_MESSAGE_BYTES })
  const subscriptions = new Map<number, Subscription>()
  let nextId = 1

  const send = (socket: WebSocket, message: unknown) => {
    if (socket.readyState === socket.OPEN)
      socket.send(JSON.stringify(message, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)))
  }
  const notifySignature = (id: number, socket: WebSocket, record: LandedTransaction) => {
    // A signature subscription ends with its one notification, as Agave's does.
    subscriptions.delete(id)
    send(socket, {
      jsonrpc: '2.0',
      method: 'signatureNotification',
      params: { result: { context: { slot: record.slot }, value: { err: record.err } }, subscription: id },
    })
  }

  const handle = (socket: WebSocket, text: string) => {
    let request: unknown
    try {
      request = JSON.parse(text)
    } catch {
      return send(socket, { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null })
    }
    const id =
      typeof request === 'object' &&
      request !== null &&
      'id' in request &&
      (typeof request.id === 'number' || typeof request.id === 'string')
        ? request.id
        : null
    const method =
      typeof request === 'object' && request !== null && 'method' in request ? request.method : undefined
    const params =
      typeof request === 'object' && request !== null && 'params' in request ? request.params : undefined
    const answer = (result: unknown) => send(socket, { jsonrpc: '2.0', result, id })
    const fail = (code: number, message: string) =>
      send(socket, { jsonrpc: '2.0', error: { code, message }, id })
    switch (method) {
      case 'signatureSubscribe': {
        const signature = Array.isArray(params) ? params[0] : undefined
        if (typeof signature !== 'string' || !isSignature(signature))
          return fail(-32602, 'Invalid params: Invalid signature')
        const subscription = nextId++
        subscriptions.set(subscription, { kind: 'signature', socket, signature })
        answer(subscription)
        const landed = ledger.getLanded(signature)
        if (landed) notifySignature(subscription, socket, landed)
        return
      }
      case 'slotSubscribe': {
        const subscription = nextId++
        subscriptions.set(subscription, { kind: 'slot', socket })
        return answer(subscription)
      }
      case 'signatureUnsubscribe':
      case 'slotUnsubscribe': {
        const subscription = Array.isArray(params) ? params[0] : undefined
        if (typeof subscription !== 'number') return fail(-32602, 'Invalid params: subscription id')
        const found = subscriptions.get(subscription)
        if (found?.socket === socket) subscriptions.delete(subscription)
        return answer(found?.socket === socket)
      }
      default:
        return fail(-32601, 'Method not found')
    }
  }

  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      if (isBinary) return
      handle(socket, data.toString())
    })
    socket.on('close', () => {
      for (const [id, subscription] of subscriptions)
        if (subscription.socket === socket) subscriptions.delete(id)
    })
    socket.on('error', () => socket.terminate())
  })

  return {
    notifyLanded(record: LandedTransaction) {
      for (const [id, subscription] of subscriptions) {
        if (subscription.kind === 'signature' && subscription.signature === record.signature)
          notifySignature(id, subscription.socket, record)
        if (subscription.kind === 'slot') {
          const slot = ledger.slot()
          send(subscription.socket, {
            jsonrpc: '2.0',
            method: 'slotNotification',
            params: { result: { parent: slot - 1n, root: slot, slot }, subscription: id },
          })
        }
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate()
        wss.close(() => resolve())
      }),
  }
}
