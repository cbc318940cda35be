const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * Decodes Bitcoin-alphabet base58 (Solana addresses and signatures), or undefined when a character
 * is outside the alphabet. Small inputs only: the conversion is quadratic in the length.
 *
 * @example
 * decodeBase58('11111111111111111111111111111111') // 32 zero bytes
 */
export function decodeBase58(text: string): Uint8Array | undefined {
  const bytes: number[] = [] // little-endian digits in base 256
  for (const char of text) {
    let carry = ALPHABET.indexOf(char)
    if (carry < 0) return undefined
    for (let i = 0; i < bytes.length; i++) {
      carry += (bytes[i] ?? 0) * 58
      bytes[i] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  // Each leading '1' is one leading zero byte.
  let zeros = 0
  while (text[zeros] === '1') zeros++
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes.reverse()])
}
