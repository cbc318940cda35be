import { ApiError } from '@satchel/core'
import {
  createPublicClient,
  type Hex,
  HttpRequestError,
  http,
  type PublicClient,
  RpcRequestError,
  TimeoutError,
} from 'viem'
import type { App } from '../../identity/apps/types'
import type { ServerContext } from '../../identity/context'
import type { LinkedAccountInput } from '../../identity/users/usersRepository'
import { assertMessageOrigin } from './assertMessageOrigin'
import { parseSiweMessageStrict } from './parseSiweMessageStrict'
import { consumeWalletNonce } from './walletNonce'

export type VerifySiweParameters = {
  /** The EIP-4361 message exactly as the wallet signed it. */
  message: string
  /** `0x` hex: 65 bytes from an EOA, anything a smart-contract wallet (EIP-1271) or an EIP-6492 wrapper returns. */
  signature: Hex
  /** The chain the wallet is on; the message must name the same one. */
  chainId: number
  walletClientType?: string | undefined
  connectorType?: string | undefined
}

export type VerifySiweErrorType = ApiError

/**
 * Proves a Sign-In with Ethereum message and answers the wallet account it proves. The checks run
 * cheapest first, and none of them trusts the signature until the very end:
 * 1. the text is one whole EIP-4361 message (`invalid_data`);
 * 2. its domain and URI are the app's (`invalid_data`), its chain is the wallet's (`invalid_data`)
 *    and one the server has an RPC for (`unsupported_chain_id`), and `ctx.now()` is inside its
 *    Not Before / Expiration Time (`invalid_data`);
 * 3. its nonce was issued to this address less than 10 minutes ago, and is spent now
 *    (`nonce_expired_or_used`);
 * 4. the signature: an EOA's (recovered locally) or a smart-contract wallet's through the chain's
 *    RPC, deployed (EIP-1271) or not yet (EIP-6492) (`invalid_signature`).
 *
 * @example
 * const account = await verifySiwe(ctx, app, { message, signature, chainId: 1 })
 * account.subject // '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'
 */
export async function verifySiwe(
  ctx: ServerContext,
  app: App,
  parameters: VerifySiweParameters,
): Promise<LinkedAccountInput> {
  const message = parseSiweMessageStrict(parameters.message)
  assertMessageOrigin(app, { domain: message.domain, uri: message.uri, scheme: message.scheme })
  if (message.chainId !== parameters.chainId) {
    throw new ApiError('invalid_data', { message: "The message's chain id does not match chain_id" })
  }
  const rpcUrl = ctx.rpcUrls.get(message.chainId)
  if (!rpcUrl) throw new ApiError('unsupported_chain_id')
  const now = ctx.now()
  if (message.expirationTime && message.expirationTime.getTime() <= now) {
    throw new ApiError('invalid_data', { message: 'The message has expired' })
  }
  if (message.notBefore && message.notBefore.getTime() > now) {
    throw new ApiError('invalid_data', { message: 'The message is not valid yet' })
  }

  // The nonce is consumed BEFORE the signature is checked, so a replay fails even if verification
  // throws (an RPC timeout on a smart-contract wallet, a malformed signature): whatever happens
  // below, this message can never be presented again. A wrong signature costs the user a new nonce.
  await consumeWalletNonce(ctx, app.id, 'siwe', message.nonce, message.address.toLowerCase())

  let valid: boolean
  try {
    // mode 'eoa' recovers the signer locally first, so an ordinary wallet costs no RPC call; only a
    // signature that does not recover to the address goes on chain (EIP-1271, or EIP-6492 with a
    // deployless validator for a wallet not deployed yet). A key that recovers to the address
    // controls it, so the shortcut is safe.
    valid = await publicClientFor(rpcUrl).verifyMessage({
      address: message.address,
      message: parameters.message,
      signature: parameters.signature,
      mode: 'eoa',
    })
  } catch (error) {
    if (
      error instanceof HttpRequestError ||
      error instanceof RpcRequestError ||
      error instanceof TimeoutError
    ) {
      ctx.log.warn(
        { chainId: message.chainId, err: error.shortMessage },
        'SIWE: the chain RPC failed while verifying a contract signature',
      )
      throw new ApiError('service_unavailable', {
        message: 'The chain could not be reached to verify the signature',
      })
    }
    valid = false
  }
  if (!valid) throw new ApiError('invalid_signature')

  return {
    type: 'wallet',
    subject: message.address.toLowerCase(),
    details: {
      address: message.address,
      chain_type: 'ethereum',
      chain_id: `eip155:${message.chainId}`,
      ...(parameters.walletClientType ? { wallet_client_type: parameters.walletClientType } : {}),
      ...(parameters.connectorType ? { connector_type: parameters.connectorType } : {}),
    },
  }
}

const clients = new Map<string, PublicClient>()

function publicClientFor(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl)
  if (!client) {
    client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) })
    clients.set(rpcUrl, client)
  }
  return client
}
