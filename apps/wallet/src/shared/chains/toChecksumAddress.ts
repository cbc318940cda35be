import { normalizeTransaction } from '@satchel/core'

/**
 * An address in its EIP-55 mixed-case form, as wallets and explorers show it (log topics carry it in
 * lower case), so the same address always reads the same. Core checksums addresses while normalising a
 * transaction; that is reused here rather than a second keccak implementation.
 *
 * @example
 * toChecksumAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8') // '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
 */
export function toChecksumAddress(address: string): string {
  try {
    return normalizeTransaction({ to: address }).to ?? address
  } catch {
    return address
  }
}
