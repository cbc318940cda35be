import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { SolanaRpcMethod } from './createSolanaRpcMethods'
import { SolanaRpcError } from './SolanaRpcError'

// Agave's own request limit (MAX_REQUEST_BODY_SIZE is 50 KiB); a transaction is at most 1,232 bytes.
const MAX_BODY_BYTES = 50 * 1024
const MAX_BATCH = 100

/**
 * An HTTP JSON-RPC 2.0 server over a method table: POST only, single requests and batches, CORS
 * open (the web wallet calls it from its own origin, as it calls a public RPC). Whatever a request
 * holds it is answered with a result or a JSON-RPC error (-32700 parse, -32600 invalid request,
 * -32601 unknown method, -32602 invalid params, -32603 internal); it never brings the server down.
 *
 * @example
 * const server = serveJsonRpc(methods)
 * server.listen(0, '127.0.0.1')
 */
export function serveJsonRpc(
  methods: Record<string, SolanaRpcMethod>,
  onError: (error: unknown) => void,
): Server {
  const answer = async (request: unknown): Promise<Record<string, unknown>> => {
    const id = readId(request)
    if (
      typeof request !== 'object' ||
      request === null ||
      Array.isArray(request) ||
      !('jsonrpc' in request) ||
      request.jsonrpc !== '2.0' ||
      !('method' in request) ||
      typeof request.method !== 'string'
    )
      return { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id }
    const run = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined
    if (!run) return { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id }
    try {
      const result = await run('params' in request ? request.params : undefined)
      return { jsonrpc: '2.0', result, id }
    } catch (error) {
      if (error instanceof SolanaRpcError) {
        const data = error.data === undefined ? {} : { data: error.data }
        return { jsonrpc: '2.0', error: { code: error.code, message: error.message, ...data }, id }
      }
      onError(error)
      return { jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id }
    }
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'OPTIONS') return send(response, 204, '')
    if (request.method !== 'POST')
      return send(response, 405, 'Used HTTP Method is not allowed. POST or OPTIONS is required', 'text/plain')
    const body = await readBody(request)
    if (body === undefined) return send(response, 413, 'Payload Too Large', 'text/plain')
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return send(
        response,
        200,
        stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }),
      )
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0 || parsed.length > MAX_BATCH)
        return send(
          response,
          200,
          stringify({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: null }),
        )
      const answers = []
      // One after another: each may change the ledger the next one reads.
      for (const entry of parsed) answers.push(await answer(entry))
      return send(response, 200, stringify(answers))
    }
    return send(response, 200, stringify(await answer(parsed)))
  }

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      onError(error)
      if (!response.headersSent) send(response, 500, 'Internal error', 'text/plain')
    })
  })
}

function readId(request: unknown): unknown {
  if (typeof request !== 'object' || request === null || !('id' in request)) return null
  const { id } = request
  return typeof id === 'string' || typeof id === 'number' ? id : null
}

// u64s (lamports, slots) leave as bigints; JSON has no limit on numbers, so they are written as
// plain numbers, as Agave writes them (kit parses them back into bigints without loss).
function stringify(value: unknown): string {
  const marker = '__satchel_u64__'
  return JSON.stringify(value, (_key, entry: unknown) =>
    typeof entry === 'bigint' ? `${marker}${entry.toString()}` : entry,
  ).replaceAll(new RegExp(`"${marker}(-?\\d+)"`, 'g'), '$1')
}

function send(response: ServerResponse, status: number, body: string, type = 'application/json'): void {
  response.writeHead(status, {
    'content-type': type,
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': 'content-type, solana-client',
    'access-control-max-age': '86400',
  })
  response.end(body)
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    request.on('end', () =>
      resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')),
    )
    request.on('error', reject)
  })
}
