import { WebSocket } from 'ws'

/**
 * Sends one JSON-RPC payload on a socket if it is still open; a socket closing under us is not an error
 * (its client gets what it missed from the mailbox when it comes back).
 *
 * @example
 * sendJson(connection.socket, { id: 1, jsonrpc: '2.0', result: true })
 */
export function sendJson(socket: WebSocket, payload: Record<string, unknown>): boolean {
  if (socket.readyState !== WebSocket.OPEN) return false
  socket.send(JSON.stringify(payload))
  return true
}
