import { ed25519 } from '@noble/curves/ed25519'
import { ApiError } from '@satchel/core'
import type { App } from '../../identity/apps/types'
import type { ServerContext } from '../../identity/context'
import type { LinkedAccountInput } from '../../identity/users/usersRepository'
import { assertMessageOrigin } from '../siwe/assertMessageOrigin'
import { consumeWalletNonce } from '../siwe/walletNonce'
import { decodeBase58 } from './decodeBase58'
import { parseSiwsMessage } from './parseSiwsMessage'

export type VerifySiwsParameters = {
  /** The SIWS message exactly as the wallet signed it (its UTF-8 bytes are what was signed). */
  message: string
  /**
   * The 64-byte ed25519 signature, base64 (what `Buffer.from(signature).toString('base64')` gives
   * for the bytes `signMessage`/`signIn` return) or base58 (as Solana tools print signatures).
   */
  signature: string
  walletClientType?: string | undefined
  connectorType?: string | undefined
}

export type VerifySiwsErrorType = ApiError

/**
 * Proves a Sign In With Solana message and answers the wallet account it proves, with the same
 * order of checks as SIWE: the message's shape, domain, URI and times (`invalid_data`), then the
 * nonce is spent (`nonce_expired_or_used`), then the ed25519 signature over the message's UTF-8
 * bytes by the address's key (`invalid_signature`).
 *
 * @example
 * const account = await verifySiws(ctx, app, { message, signature })
 * account.details.chain_type // 'solana'
 */
export async function verifySiws(
  ctx: ServerContext,
  app: App,
  parameters: VerifySiwsParameters,
): Promise<LinkedAccountInput> {
  const message = parseSiwsMessage(parameters.message)
  assertMessageOrigin(app, { domain: message.domain, uri: message.uri })
  const now = ctx.now()
  if (message.expirationTime && message.expirationTime.getTime() <= now) {
    throw new ApiError('invalid_data', { message: 'The message has expired' })
  }
  if (message.notBefore && message.notBefore.getTime() > now) {
    throw new ApiError('invalid_data', { message: 'The message is not valid yet' })
  }

  // Spent before the signature is checked, so a replay fails even if verification throws.
  await consumeWalletNonce(ctx, app.id, 'siws', message.nonce, message.address)

  const signature = decodeSignature(parameters.signature)
  let valid = false
  try {
    // zip215 off: strict RFC 8032 verification, so one message has one valid signature encoding.
    valid =
      signature !== undefined &&
      ed25519.verify(signature, new TextEncoder().encode(parameters.message), message.publicKey, {
        zip215: false,
      })
  } catch {
    valid = false
  }
  if (!valid) throw new ApiError('invalid_signature')

  return {
    type: 'wallet',
    // Base58 is case-sensitive: the address is the subject as written (it can never look like a 0x address).
    subject: message.address,
    details: {
      address: message.address,
      chain_type: 'solana',
      ...(parameters.walletClientType ? { wallet_client_type: parameters.walletClientType } : {}),
      ...(parameters.connectorType ? { connector_type: parameters.connectorType } : {}),
    },
  }
}

/**
 * 64 bytes from base58 or base64. The two cannot be confused: base64 of 64 bytes always ends in
 * `==`, and a base58 string short enough to be unpadded base64 (86 characters) holds under 64 bytes.
 */
function decodeSignature(text: string): Uint8Array | undefined {
  const base58 = decodeBase58(text)
  if (base58?.length === 64) return base58
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined
  const base64 = Buffer.from(text, 'base64')
  return base64.length === 64 ? new Uint8Array(base64) : undefined
}
