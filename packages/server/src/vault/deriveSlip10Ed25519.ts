import { createHmac } from 'node:crypto'

const HARDENED_OFFSET = 0x80000000

export type DeriveSlip10Ed25519ReturnType = { privateKey: Uint8Array; chainCode: Uint8Array }

/**
 * SLIP-0010 key derivation for ed25519 from a BIP-39 seed. Ed25519 has only hardened children, so
 * every path segment must end with `'` (or `h`); a non-hardened segment is refused rather than
 * silently hardened, since that would derive a key other than the one the path names.
 * The caller owns the returned buffers and should zero them after use.
 *
 * @example
 * const { privateKey } = deriveSlip10Ed25519(seed, "m/44'/501'/0'/0'") // Solana account 0
 */
export function deriveSlip10Ed25519(seed: Uint8Array, path: string): DeriveSlip10Ed25519ReturnType {
  const indexes = parseHardenedPath(path)
  let node = createHmac('sha512', 'ed25519 seed').update(seed).digest()
  for (const index of indexes) {
    const data = Buffer.alloc(37)
    node.copy(data, 1, 0, 32) // 0x00 || key || ser32(index)
    data.writeUInt32BE(index, 33)
    const child = createHmac('sha512', node.subarray(32)).update(data).digest()
    data.fill(0)
    node.fill(0)
    node = child
  }
  const result = {
    privateKey: Uint8Array.from(node.subarray(0, 32)),
    chainCode: Uint8Array.from(node.subarray(32)),
  }
  node.fill(0)
  return result
}

function parseHardenedPath(path: string): number[] {
  const segments = path.split('/')
  if (segments[0] !== 'm') throw new Error('A derivation path starts with m')
  return segments.slice(1).map((segment) => {
    const match = /^(\d+)['h]$/.exec(segment)
    const value = match?.[1] === undefined ? Number.NaN : Number(match[1])
    if (!Number.isSafeInteger(value) || value >= HARDENED_OFFSET) {
      throw new Error("Ed25519 derivation paths take hardened indexes only (e.g. 0')")
    }
    return value + HARDENED_OFFSET
  })
}
