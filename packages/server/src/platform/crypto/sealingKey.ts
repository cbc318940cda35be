import { createHash } from 'node:crypto'

/**
 * A sealing key, possibly with the keys it replaces. During a key rotation a server holds the new key
 * (which seals) and the previous one (which still opens what it sealed), until `satchel keys rotate`
 * has re-sealed every stored value under the new key and the previous one is removed.
 * A plain 32-byte key is a ring of one.
 */
export type SealingKey = Uint8Array & { readonly previous?: readonly Uint8Array[] }

/**
 * The ring of `current` and `previous`: seals under `current`, opens under either. The keys are
 * copied, so the caller may zero its own.
 *
 * @example
 * const key = createSealingKey(newKey, [oldKey])
 * open(key, sealedUnderOldKey, aad) // opens; seal(key, ...) seals under newKey
 */
export function createSealingKey(current: Uint8Array, previous: readonly Uint8Array[] = []): SealingKey {
  const copies = previous.map((key) => Uint8Array.from(key))
  return Object.assign(Uint8Array.from(current), { previous: copies })
}

/**
 * A key's public id: the first 4 bytes of SHA-256 over a label and the key. It names a key in a sealed
 * value and in messages; it reveals nothing that helps find the key (a 256-bit preimage).
 */
export function sealingKeyId(key: Uint8Array): Buffer {
  return createHash('sha256').update('satchel sealing key id\0').update(key).digest().subarray(0, 4)
}
