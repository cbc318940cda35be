import { createSealingKey } from '../platform/crypto/sealingKey'
import {
  type CreateVaultServerReturnType,
  createVaultServer,
  MIN_SHARED_SECRET_LENGTH,
} from './createVaultServer'

export type RunVaultProcessOptions = {
  /** Where the one start-up line goes. Default: stdout. */
  log?: ((line: string) => void) | undefined
  /** Close the server on SIGINT and SIGTERM (and remove the socket file). Default true. */
  handleSignals?: boolean | undefined
}

/**
 * Starts the vault as its own process (`satchel vault`) from the environment:
 * - `SATCHEL_VAULT_KEK`: the key-encryption key, 64 hex characters (32 bytes);
 * - `SATCHEL_VAULT_KEK_PREVIOUS` (during a rotation only): the KEK being replaced, which still opens
 *   the shares `satchel keys rotate --vault-kek` has not re-sealed yet;
 * - `SATCHEL_VAULT_SECRET`: the secret the API sends in `satchel-vault-secret` (32+ characters);
 * - `SATCHEL_VAULT_SOCKET` (a Unix socket path) or `SATCHEL_VAULT_PORT` (loopback port), one of them.
 * A missing or bad value throws an error that names the variable and never shows the value.
 *
 * @example
 * const server = await runVaultProcess(process.env) // "Satchel vault listening on /run/satchel/vault.sock"
 */
export async function runVaultProcess(
  env: Record<string, string | undefined>,
  options: RunVaultProcessOptions = {},
): Promise<CreateVaultServerReturnType> {
  const kek = env.SATCHEL_VAULT_KEK?.trim()
  if (!kek || !/^[0-9a-fA-F]{64}$/.test(kek)) {
    throw new Error('SATCHEL_VAULT_KEK must be 64 hexadecimal characters (32 bytes)')
  }
  const previousKek = env.SATCHEL_VAULT_KEK_PREVIOUS?.trim()
  if (previousKek !== undefined && previousKek !== '' && !/^[0-9a-fA-F]{64}$/.test(previousKek)) {
    throw new Error('SATCHEL_VAULT_KEK_PREVIOUS must be 64 hexadecimal characters (32 bytes)')
  }
  if (previousKek && previousKek.toLowerCase() === kek.toLowerCase()) {
    throw new Error('SATCHEL_VAULT_KEK_PREVIOUS must differ from SATCHEL_VAULT_KEK (the key being replaced)')
  }
  const sharedSecret = env.SATCHEL_VAULT_SECRET?.trim()
  if (!sharedSecret || sharedSecret.length < MIN_SHARED_SECRET_LENGTH) {
    throw new Error(`SATCHEL_VAULT_SECRET must be at least ${MIN_SHARED_SECRET_LENGTH} characters`)
  }
  const socketPath = env.SATCHEL_VAULT_SOCKET?.trim() || undefined
  const portText = env.SATCHEL_VAULT_PORT?.trim() || undefined
  if (socketPath && portText) {
    throw new Error('Set either SATCHEL_VAULT_SOCKET or SATCHEL_VAULT_PORT, not both')
  }
  if (!socketPath && !portText) {
    throw new Error(
      'SATCHEL_VAULT_SOCKET (a Unix socket path) or SATCHEL_VAULT_PORT (a loopback port) is required',
    )
  }
  const previous = previousKek ? [Buffer.from(previousKek, 'hex')] : []
  const keyEncryptionKey = createSealingKey(Buffer.from(kek, 'hex'), previous)
  let server: CreateVaultServerReturnType
  try {
    if (socketPath) {
      server = await createVaultServer({ keyEncryptionKey, sharedSecret, socketPath })
    } else {
      const port = Number(portText)
      if (!/^\d+$/.test(portText ?? '') || port < 1 || port > 65_535) {
        throw new Error('SATCHEL_VAULT_PORT must be a port number from 1 to 65535')
      }
      server = await createVaultServer({ keyEncryptionKey, sharedSecret, port })
    }
  } finally {
    // createLocalVault keeps its own copy.
    keyEncryptionKey.fill(0)
    for (const key of [...previous, ...(keyEncryptionKey.previous ?? [])]) key.fill(0)
  }
  ;(options.log ?? console.log)(`Satchel vault listening on ${server.address}`)
  if (options.handleSignals === false) return server

  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return {
    address: server.address,
    close: () => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      return server.close()
    },
  }
}
