import { createHash, timingSafeEqual } from 'node:crypto'
import { chmod, lstat, unlink } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { connect } from 'node:net'
import { parseTransaction } from 'viem'
import type { z } from 'zod'
import { type CreateLocalVaultParameters, createLocalVault } from './createLocalVault'
import { INVALID_HASH_MESSAGE } from './prepareSignRequest'
import type { Vault } from './types'
import { VaultError } from './VaultError'
import { decodeWire, encodeWire } from './wire'
import {
  createRootRequestSchema,
  exportRequestSchema,
  getAccountRequestSchema,
  signRequestSchema,
} from './wireSchemas'

/** The header that carries the shared secret between the API and the vault process. */
export const VAULT_SECRET_HEADER = 'satchel-vault-secret'
/** Shorter shared secrets are refused: 32 characters of hex or base64 carry 128 bits or more. */
export const MIN_SHARED_SECRET_LENGTH = 32
const MAX_BODY_BYTES = 1024 * 1024

export type CreateVaultServerParameters = CreateLocalVaultParameters & {
  /** The secret every request must carry in `satchel-vault-secret`. */
  sharedSecret: string
} & (
    | { /** Listen on this Unix socket (made owner-only). */ socketPath: string; port?: undefined }
    | { /** Listen on 127.0.0.1 at this port (0: any free port). */ port: number; socketPath?: undefined }
  )

export type CreateVaultServerReturnType = {
  /** The socket path, or `http://127.0.0.1:<port>`. */
  address: string
  close(): Promise<void>
}

type Route = (vault: Vault, body: unknown) => Promise<unknown>

// One route per vault operation; each parses its body with a schema before the vault sees it.
// A Map, not an object: a path such as "constructor" must not find an inherited property.
const routes = new Map<string, Route>([
  // Readiness: the caller's secret was accepted and the process answers.
  ['/v1/ping', async () => ({ ok: true })],
  ['/v1/create-root', (vault, body) => vault.createRoot(parseBody(createRootRequestSchema, body))],
  ['/v1/get-account', (vault, body) => vault.getAccount(parseBody(getAccountRequestSchema, body))],
  ['/v1/export', (vault, body) => vault.export(parseBody(exportRequestSchema, body))],
  [
    '/v1/sign',
    (vault, body) => {
      const { request, ...account } = parseBody(signRequestSchema, body)
      if (request.method !== 'eth_signTransaction') return vault.sign({ ...account, request })
      let transaction: ReturnType<typeof parseTransaction>
      try {
        transaction = parseTransaction(request.serializedTransaction)
      } catch {
        throw new VaultError('invalid_request', { message: 'The transaction is not valid' })
      }
      return vault.sign({ ...account, request: { method: 'eth_signTransaction', transaction } })
    },
  ],
])

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  // A check shared with the in-process vault carries the vault's own message, so both modes agree.
  const shared = result.error.issues.find(
    (issue) => issue.code === 'custom' && issue.message === INVALID_HASH_MESSAGE,
  )
  if (shared) throw new VaultError('invalid_request', { message: shared.message })
  // Otherwise only the paths of the failing fields: the values may be secret.
  const paths = [...new Set(result.error.issues.map((issue) => issue.path.join('.')).filter(Boolean))]
  throw new VaultError('invalid_request', {
    message: paths.length > 0 ? `Invalid vault request: ${paths.join(', ')}` : undefined,
  })
}

/**
 * Runs the vault as its own process's HTTP server (JSON bodies, bytes as base64), on a Unix socket
 * or on loopback only, so the API process never holds the vault's key-encryption key. Every request
 * must carry the shared secret; errors are `{error, code}` with fixed messages, never key material.
 *
 * @example
 * const server = await createVaultServer({ keyEncryptionKey, sharedSecret, socketPath: '/run/satchel/vault.sock' })
 * const vault = createRemoteVault({ socketPath: server.address, sharedSecret })
 */
export async function createVaultServer(
  parameters: CreateVaultServerParameters,
): Promise<CreateVaultServerReturnType> {
  if (
    typeof parameters.sharedSecret !== 'string' ||
    parameters.sharedSecret.length < MIN_SHARED_SECRET_LENGTH
  ) {
    throw new Error(`The vault shared secret must be at least ${MIN_SHARED_SECRET_LENGTH} characters`)
  }
  const vault = createLocalVault(parameters)
  // Compared as SHA-256 digests: equal lengths for timingSafeEqual, and no early exit on a short guess.
  const expectedDigest = createHash('sha256').update(parameters.sharedSecret, 'utf8').digest()

  const server = createServer((request, response) => {
    handle(vault, expectedDigest, request, response).catch(() => {
      if (!response.headersSent) send(response, new VaultError('internal_error'))
      else response.destroy()
    })
  })
  // Longer than the client's idle timeout, so the client always closes an idle socket first and
  // never writes into one the server is closing.
  server.keepAliveTimeout = 60_000

  let address: string
  if (parameters.socketPath !== undefined) {
    await listenOnSocket(server, parameters.socketPath)
    // Owner-only: other local users cannot even reach the secret check.
    await chmod(parameters.socketPath, 0o600)
    address = parameters.socketPath
  } else {
    await listen(server, () => server.listen(parameters.port, '127.0.0.1'))
    const bound = server.address()
    if (bound === null || typeof bound === 'string') throw new Error('The vault server has no TCP address')
    address = `http://127.0.0.1:${bound.port}`
  }
  return {
    address,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

async function handle(
  vault: Vault,
  expectedDigest: Buffer,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  // The secret is checked before the body is read: an unauthenticated caller costs nothing.
  const secret = request.headers[VAULT_SECRET_HEADER]
  const digest = createHash('sha256')
    .update(typeof secret === 'string' ? secret : '', 'utf8')
    .digest()
  if (typeof secret !== 'string' || !timingSafeEqual(digest, expectedDigest)) {
    request.resume()
    return send(response, new VaultError('unauthorized'))
  }
  const route = request.method === 'POST' ? routes.get(request.url ?? '') : undefined
  if (!route) {
    request.resume()
    return send(response, new VaultError('not_found'))
  }
  const text = await readBody(request)
  if (text === undefined) return send(response, new VaultError('payload_too_large'), true)
  try {
    let body: unknown
    try {
      body = decodeWire(text)
    } catch {
      throw new VaultError('invalid_request', { message: 'The request body is not valid JSON' })
    }
    send(response, 200, encodeWire(await route(vault, body)))
  } catch (error) {
    send(response, toVaultError(error))
  }
}

function toVaultError(error: unknown): VaultError {
  return error instanceof VaultError ? error : new VaultError('internal_error')
}

function send(response: ServerResponse, error: VaultError, closeConnection?: boolean): void
function send(response: ServerResponse, status: number, body: string): void
function send(
  response: ServerResponse,
  statusOrError: number | VaultError,
  bodyOrClose?: string | boolean,
): void {
  const status = typeof statusOrError === 'number' ? statusOrError : statusOrError.status
  const body =
    typeof statusOrError === 'number' ? String(bodyOrClose) : JSON.stringify(statusOrError.toJSON())
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...(bodyOrClose === true ? { connection: 'close' } : {}),
  })
  response.end(body)
}

/** The body as text, or undefined once it passes the limit (the rest is not read). */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let length = 0
    request.on('data', (chunk: Buffer) => {
      length += chunk.length
      if (length > MAX_BODY_BYTES) {
        request.removeAllListeners('data')
        request.pause()
        resolve(undefined)
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
    request.on('close', () => {
      if (!request.complete) reject(new Error('The request was aborted'))
    })
  })
}

function listen(server: Server, start: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    server.once('error', onError)
    server.once('listening', () => {
      server.off('error', onError)
      resolve()
    })
    start()
  })
}

/** Listens on a Unix socket, replacing a stale socket file that a crashed vault left behind. */
async function listenOnSocket(server: Server, socketPath: string): Promise<void> {
  try {
    await listen(server, () => server.listen(socketPath))
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EADDRINUSE')) throw error
    // Only a socket file is ever removed: a misconfigured path must not delete someone's file.
    if (!(await lstat(socketPath)).isSocket()) throw new Error(`${socketPath} exists and is not a socket`)
    if (await isSocketAlive(socketPath)) throw new Error(`Another process is listening on ${socketPath}`)
    await unlink(socketPath)
    await listen(server, () => server.listen(socketPath))
  }
}

function isSocketAlive(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
