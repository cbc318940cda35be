import type { AccountParameters } from './types'
import { VaultError } from './VaultError'

/** Solana's path hardens the index, so 2^31 - 1 is the largest index both chains can derive. */
export const MAX_ACCOUNT_INDEX = 0x7fffffff
const MAX_ROOT_ID_LENGTH = 256
const MAX_SHARE_BYTES = 1024

/**
 * Checks the fields that select a key before anything is opened, so a bad request fails with a
 * clear `invalid_request` naming the field, and never reaches the key shares.
 *
 * @example
 * assertAccountParameters({ rootId, sealedVaultShare, authShare, chainType: 'ethereum', index: 0 })
 */
export function assertAccountParameters(input: AccountParameters): void {
  assertRootId(input.rootId)
  for (const name of ['sealedVaultShare', 'authShare'] as const) {
    const value: unknown = input[name]
    if (!(value instanceof Uint8Array) || value.length === 0 || value.length > MAX_SHARE_BYTES) {
      throw new VaultError('invalid_request', { message: `${name} must be bytes` })
    }
  }
  if (input.chainType !== 'ethereum' && input.chainType !== 'solana') {
    throw new VaultError('invalid_request', { message: 'chainType must be ethereum or solana' })
  }
  if (!Number.isSafeInteger(input.index) || input.index < 0 || input.index > MAX_ACCOUNT_INDEX) {
    throw new VaultError('invalid_request', {
      message: `index must be an integer from 0 to ${MAX_ACCOUNT_INDEX}`,
    })
  }
}

/** A root id is the sealing's associated data: a non-empty string of at most 256 characters. */
export function assertRootId(rootId: unknown): asserts rootId is string {
  if (typeof rootId !== 'string' || rootId.length === 0 || rootId.length > MAX_ROOT_ID_LENGTH) {
    throw new VaultError('invalid_request', {
      message: `rootId must be a string of 1 to ${MAX_ROOT_ID_LENGTH} characters`,
    })
  }
}
