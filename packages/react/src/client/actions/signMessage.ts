import { UnexpectedResponseError } from '../../errors/errors'
import type { SatchelClient } from '../createSatchelClient'
import { isHex } from '../parse'
import { type WalletSelector, walletRpc } from './walletRpc'

export type SignMessageParameters = WalletSelector & {
  /** Text is signed as UTF-8; `{ raw }` signs these bytes (0x-hex or a Uint8Array). */
  message: string | { raw: `0x${string}` | Uint8Array }
}
export type SignMessageReturnType = `0x${string}`

function toHex(bytes: Uint8Array): `0x${string}` {
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/**
 * Signs a message with EIP-191 (`personal_sign`) using an embedded wallet.
 *
 * @example
 * const signature = await signMessage(client, { message: 'Hello from Satchel' })
 */
export async function signMessage(
  client: SatchelClient,
  { message, wallet }: SignMessageParameters,
): Promise<SignMessageReturnType> {
  const params =
    typeof message === 'string'
      ? { message, encoding: 'utf-8' }
      : { message: typeof message.raw === 'string' ? message.raw : toHex(message.raw), encoding: 'hex' }
  const data = await walletRpc(client, { wallet, method: 'personal_sign', params })
  if (!isHex(data.signature))
    throw new UnexpectedResponseError({ path: '/api/v1/wallets/:id/rpc', field: 'data.signature' })
  return data.signature
}
