import { ApiError } from '@satchel/core'
import { base58 } from '@scure/base'
import { isAddress } from 'viem'

export type NormalizedWalletAddress = { subject: string; chainType: 'ethereum' | 'solana' }

/**
 * A wallet address as accounts store it: an EVM address lower-cased (as SIWE stores it), a Solana
 * address as written (base58 is case-sensitive; it must decode to a 32-byte key). `undefined` when
 * it is neither.
 *
 * @example
 * readWalletAddress('0xAbC...') // { subject: '0xabc...', chainType: 'ethereum' }
 */
export function readWalletAddress(address: string): NormalizedWalletAddress | undefined {
  if (isAddress(address, { strict: false })) return { subject: address.toLowerCase(), chainType: 'ethereum' }
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return undefined
  try {
    return base58.decode(address).length === 32 ? { subject: address, chainType: 'solana' } : undefined
  } catch {
    return undefined
  }
}

/**
 * {@link readWalletAddress}, or `invalid_data` naming `field` for anything else.
 *
 * @example
 * normalizeWalletAddress('nope', 'wallet_address') // throws invalid_data
 */
export function normalizeWalletAddress(address: string, field: string): NormalizedWalletAddress {
  const found = readWalletAddress(address)
  if (!found) throw new ApiError('invalid_data', { message: `${field}: not an EVM or Solana address` })
  return found
}
