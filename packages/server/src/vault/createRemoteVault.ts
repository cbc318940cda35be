import { Agent, request as httpRequest } from 'node:http'
import type { z } from 'zod'
import { VAULT_SECRET_HEADER } from './createVaultServer'
import { serializeUnsignedTransaction } from './prepareSignRequest'
import type { Vault } from './types'
import { isVaultErrorCode, VaultError } from './VaultError'
import { decodeWire, encodeWire } from './wire'
import {
  createRootResponseSchema,
  errorResponseSchema,
  exportResponseSchema,
  getAccountResponseSchema,
  pingResponseSchema,
  signResponseSchema,
} from './wireSchemas'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

export type CreateRemoteVaultParameters = {
  sharedSecret: string
  /** Give up on one call after this long. Default 30 s. */
  timeoutMs?: number | undefined
} & (
  | { /** The vault server's Unix socket. */ socketPath: string; url?: undefined }
  | {
      /** `http://127.0.0.1:<port>`: loopback only, since the secret travels in the clear. */ url: string
      socketPath?: undefined
    }
)

/**
 * A {@link Vault} that forwards to a vault process ({@link createVaultServer}) over a Unix socket or
 * loopback HTTP. Errors come back as the same {@link VaultError} codes the in-process vault throws;
 * a vault that cannot be reached is `vault_unavailable`.
 *
 * @example
 * const vault = createRemoteVault({ socketPath: '/run/satchel/vault.sock', sharedSecret })
 * await vault.getAccount({ ...shares, chainType: 'ethereum', index: 0 })
 */
export function createRemoteVault(parameters: CreateRemoteVaultParameters): Vault {
  const base = parameters.url === undefined ? undefined : new URL(parameters.url)
  if (base && (base.protocol !== 'http:' || !LOOPBACK_HOSTS.has(base.hostname))) {
    throw new Error('The vault URL must be http:// on a loopback address (127.0.0.1, localhost or [::1])')
  }
  const timeoutMs = parameters.timeoutMs ?? 30_000
  // Keep-alive: a signature should not pay for a new connection. Idle sockets close after 30 s,
  // before the server's 60 s keep-alive timeout, so the client is always the side that closes.
  const agent = new Agent({ keepAlive: true, timeout: 30_000 })

  function post<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    const payload = encodeWire(body)
    const attempt = (): Promise<{ status: number; text: string; reused: boolean }> =>
      new Promise((resolve, reject) => {
        const req = httpRequest(
          {
            agent,
            method: 'POST',
            ...(base
              ? {
                  host: base.hostname.replace(/^\[|\]$/g, ''),
                  port: base.port,
                  path: `${base.pathname.replace(/\/$/, '')}${path}`,
                }
              : { socketPath: parameters.socketPath, path }),
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              [VAULT_SECRET_HEADER]: parameters.sharedSecret,
            },
            timeout: timeoutMs,
          },
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                text: Buffer.concat(chunks).toString('utf8'),
                reused: req.reusedSocket,
              }),
            )
            response.on('error', reject)
          },
        )
        req.on('timeout', () => req.destroy(new Error('The vault did not answer in time')))
        req.on('error', (error) => reject(Object.assign(error, { reused: req.reusedSocket })))
        req.end(payload)
      })

    return attempt()
      .catch((error: unknown) => {
        // A kept-alive socket can be closed by the server just as it is reused; that request never
        // reached the vault, so it is sent once more on a fresh connection (Node's documented pattern).
        if (error instanceof Error && 'reused' in error && error.reused === true && 'code' in error) {
          if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return attempt()
        }
        throw error
      })
      .then(
        ({ status, text }) => parseAnswer(status, text, schema),
        (error: unknown) => {
          throw new VaultError('vault_unavailable', { cause: error })
        },
      )
  }

  return {
    ping: async () => {
      await post('/v1/ping', {}, pingResponseSchema)
    },
    createRoot: (input) => post('/v1/create-root', { rootId: input.rootId }, createRootResponseSchema),
    getAccount: (input) => post('/v1/get-account', input, getAccountResponseSchema),
    export: (input) => post('/v1/export', input, exportResponseSchema),
    sign: async ({ request, ...account }) => {
      if (request.method !== 'eth_signTransaction')
        return post('/v1/sign', { ...account, request }, signResponseSchema)
      // Checked here exactly as the in-process vault checks it, so both modes refuse alike.
      const serializedTransaction = serializeUnsignedTransaction(request.transaction)
      return post(
        '/v1/sign',
        { ...account, request: { method: 'eth_signTransaction', serializedTransaction } },
        signResponseSchema,
      )
    },
  }
}

function parseAnswer<T>(status: number, text: string, schema: z.ZodType<T>): T {
  let body: unknown
  try {
    body = decodeWire(text)
  } catch {
    throw new VaultError('internal_error', { message: 'The vault answered with malformed JSON' })
  }
  if (status !== 200) {
    const error = errorResponseSchema.safeParse(body)
    if (error.success && isVaultErrorCode(error.data.code)) {
      throw new VaultError(error.data.code, { message: error.data.error })
    }
    throw new VaultError('internal_error', { message: `The vault answered with status ${status}` })
  }
  const result = schema.safeParse(body)
  if (!result.success)
    throw new VaultError('internal_error', { message: 'The vault answered in an unknown shape' })
  return result.data
}
