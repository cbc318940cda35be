const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
// Multicodec prefix of an Ed25519 public key (varint 0xed).
const ed25519Prefix = [0xed, 0x01]
const ed25519KeyLength = 32
// A did:key of an Ed25519 key is 48 base58 characters; anything much longer is not one and would only
// cost BigInt arithmetic.
const maxEncodedLength = 64

function decodeBase58(text: string): Uint8Array | undefined {
  if (text.length === 0 || text.length > maxEncodedLength) return undefined
  let value = 0n
  for (const character of text) {
    const digit = base58Alphabet.indexOf(character)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  // Each leading '1' stands for a leading zero byte.
  for (const character of text) {
    if (character !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

/**
 * The Ed25519 public key inside a `did:key` (the `iss` of a WalletConnect client's relay JWT), or
 * undefined when the string is not an Ed25519 did:key.
 *
 * @example
 * decodeDidKey('did:key:z6MkodHZwneVRShtaLf8JKYkxpDGp1vGZnpGmdBpX8M2exxH') // Uint8Array(32)
 */
export function decodeDidKey(did: string): Uint8Array | undefined {
  const prefix = 'did:key:z'
  if (!did.startsWith(prefix)) return undefined
  const bytes = decodeBase58(did.slice(prefix.length))
  if (!bytes || bytes.length !== ed25519Prefix.length + ed25519KeyLength) return undefined
  if (bytes[0] !== ed25519Prefix[0] || bytes[1] !== ed25519Prefix[1]) return undefined
  return bytes.slice(ed25519Prefix.length)
}
