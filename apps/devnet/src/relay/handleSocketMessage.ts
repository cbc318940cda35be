import { acknowledgeDelivery } from './acknowledgeDelivery'
import { handleRelayRequest } from './handleRelayRequest'
import { isRecord } from './isRecord'
import { parseRelayRequest } from './parseRelayRequest'
import { RelayRpcError, relayRpcErrorCodes } from './RelayRpcError'
import { sendJson } from './sendJson'
import type { JsonRpcId, RelayConnection, RelayState } from './types'

const maxIdLength = 128

function readId(value: unknown): JsonRpcId | null | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'string' && value.length <= maxIdLength) return value
  // An integer past 2^53 has already lost digits in JSON.parse: answering it would answer another id, so
  // it is refused. (The SDK sends its 19-digit ids as strings.)
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value
  return null
}

function sendError(connection: RelayConnection, id: JsonRpcId | null, code: number, message: string): void {
  sendJson(connection.socket, { id, jsonrpc: '2.0', error: { code, message } })
}

/**
 * Handles one text frame from a client: a JSON-RPC request (answered with its result or a JSON-RPC error)
 * or the client's answer to one of the relay's `irn_subscription` pushes (recorded as an acknowledgement).
 *
 * @example
 * socket.on('message', (data) => handleSocketMessage(state, connection, data.toString()))
 */
export function handleSocketMessage(state: RelayState, connection: RelayConnection, text: string): void {
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch {
    sendError(connection, null, relayRpcErrorCodes.parseError, 'Parse error')
    return
  }
  if (!isRecord(payload)) {
    sendError(connection, null, relayRpcErrorCodes.invalidRequest, 'Invalid Request')
    return
  }
  const id = readId(payload.id)
  if (typeof payload.method !== 'string') {
    if ('result' in payload || 'error' in payload) {
      acknowledgeDelivery(connection, payload.id, payload.error === undefined)
      return
    }
    sendError(connection, id ?? null, relayRpcErrorCodes.invalidRequest, 'Invalid Request')
    return
  }
  if (id === null) {
    sendError(
      connection,
      null,
      relayRpcErrorCodes.invalidRequest,
      'Invalid Request: id must be a string or a safe integer',
    )
    return
  }
  const effects: Array<() => void> = []
  let result: unknown
  try {
    const request = parseRelayRequest(payload.method, payload.params)
    result = handleRelayRequest({ state, connection, later: (effect) => effects.push(effect) }, request)
  } catch (error) {
    // A request without an id is a notification: JSON-RPC answers it with nothing, not even an error.
    if (id === undefined) return
    if (error instanceof RelayRpcError) sendError(connection, id, error.code, error.message)
    else sendError(connection, id, relayRpcErrorCodes.internalError, 'Internal error')
    return
  }
  if (id !== undefined) sendJson(connection.socket, { id, jsonrpc: '2.0', result })
  for (const effect of effects) effect()
}
