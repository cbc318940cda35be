const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * The bytes of a base58 string (Bitcoin's alphabet, as Solana writes addresses and signatures).
 *
 * @throws {Error} `Invalid base58 character` for a character outside the alphabet.
 * @example
 * decodeBase58('11111111111111111111111111111111').length // 32 (the system program's address)
 */
export function decodeBase58(text: string): Uint8Array {
  const bytes: number[] = []
  for (const char of text) {
    let carry = ALPHABET.indexOf(char)
    if (carry < 0) throw new Error(`Invalid base58 character ${JSON.stringify(char)}`)
    for (let index = 0; index < bytes.length; index++) {
      carry += (bytes[index] ?? 0) * 58
      bytes[index] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  // Each leading '1' is a leading zero byte.
  for (const char of text) {
    if (char !== '1') break
    bytes.push(0)
  }
  return Uint8Array.from(bytes.reverse())
}
