import { ApiError } from '@satchel/core'
import {
  type Address,
  createPublicClient,
  type Hex,
  HttpRequestError,
  http,
  isAddressEqual,
  type PublicClient,
  RpcRequestError,
  TimeoutError,
} from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import type { ServerContext } from '../../identity/context'
import { parseSiweMessageStrict } from '../siwe/parseSiweMessageStrict'
import type { FarcasterChannel } from './farcasterChannel'
import { FARCASTER_CHAIN_ID, type FarcasterSettings } from './farcasterSettings'
import { readCustodyAddress } from './readCustodyAddress'

export type VerifySiwfMessageParameters = {
  /** The Sign In With Farcaster message exactly as the custody key signed it. */
  message: string
  signature: Hex
  fid: number
  /** The channel this sign-in came through (already spent by the caller). */
  channel: FarcasterChannel
  settings: FarcasterSettings
}

export type VerifySiwfMessageErrorType = ApiError

const clients = new Map<string, PublicClient>()

/**
 * Proves a Sign In With Farcaster message (EIP-4361 with the resource `farcaster://fid/<fid>`) and
 * answers the fid's custody address. In order, cheapest first:
 * 1. one whole EIP-4361 message (`invalid_data`), carrying the nonce Satchel chose for the channel
 *    (`nonce_expired_or_used`), for this app's domain and URI, chain 10, the claimed fid, and inside
 *    its validity times on the server clock (`invalid_data`);
 * 2. the fid is registered and the message's address is its custody address in the ID registry
 *    (`invalid_credentials`): the registry, not the message, says who speaks for an fid;
 * 3. the signature is that address's (`invalid_signature`): recovered locally for a key, through the
 *    RPC for a smart-contract custody wallet (EIP-1271).
 *
 * @example
 * const custody = await verifySiwfMessage(ctx, { message, signature, fid: 3, channel, settings })
 */
export async function verifySiwfMessage(
  ctx: ServerContext,
  parameters: VerifySiwfMessageParameters,
): Promise<Address> {
  const { message, signature, fid, channel, settings } = parameters
  const parsed = parseSiweMessageStrict(message)
  if (parsed.nonce !== channel.nonce)
    throw new ApiError('nonce_expired_or_used', {
      message: 'The message does not carry the nonce of this channel',
    })
  if (parsed.domain !== channel.domain || parsed.uri !== channel.siweUri)
    throw new ApiError('invalid_data', { message: "The message's domain or URI is not this app's" })
  if (parsed.chainId !== FARCASTER_CHAIN_ID)
    throw new ApiError('invalid_data', { message: 'A Sign In With Farcaster message names chain 10' })
  const resources = parseSiweMessage(message).resources ?? []
  if (!resources.includes(`farcaster://fid/${fid}`))
    throw new ApiError('invalid_data', { message: 'The message does not sign in this fid' })
  const now = ctx.now()
  if (parsed.expirationTime && parsed.expirationTime.getTime() <= now)
    throw new ApiError('invalid_data', { message: 'The message has expired' })
  if (parsed.notBefore && parsed.notBefore.getTime() > now)
    throw new ApiError('invalid_data', { message: 'The message is not valid yet' })

  const client = clientFor(settings.rpcUrl)
  const custody = await readCustodyAddress({ client, idRegistryAddress: settings.idRegistryAddress, fid })
  if (!custody) throw new ApiError('invalid_credentials', { message: 'This Farcaster ID is not registered' })
  if (!isAddressEqual(parsed.address, custody))
    throw new ApiError('invalid_credentials', {
      message: 'The signer is not the custody address of this Farcaster ID',
    })

  let valid: boolean
  try {
    // 'eoa' first recovers locally, so an ordinary custody key costs no RPC call; a signature that
    // does not recover to the custody address is then asked of the address's contract (EIP-1271).
    valid = await client.verifyMessage({ address: custody, message, signature, mode: 'eoa' })
  } catch (error) {
    if (
      error instanceof HttpRequestError ||
      error instanceof RpcRequestError ||
      error instanceof TimeoutError
    )
      throw new ApiError('service_unavailable', {
        message: 'The chain could not be reached to verify the signature',
      })
    valid = false
  }
  if (!valid) throw new ApiError('invalid_signature')
  return custody
}

function clientFor(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl)
  if (!client) {
    client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) })
    clients.set(rpcUrl, client)
  }
  return client
}
