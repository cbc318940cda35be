import { base58 } from '@scure/base'

/**
 * Decodes Bitcoin-alphabet base58 (Solana addresses and signatures), or undefined when it is not
 * base58 (a character outside the alphabet).
 *
 * @example
 * decodeBase58('11111111111111111111111111111111') // 32 zero bytes
 */
export function decodeBase58(text: string): Uint8Array | undefined {
  try {
    return base58.decode(text)
  } catch {
    return undefined
  }
}
