import { createHash, randomBytes } from 'node:crypto'
import type { Hex } from 'viem'
import { open, seal } from '../platform/crypto/seal'
import type { AccountParameters } from './types'

/** One derived account: the public part in the clear, the private key sealed. */
export type CachedAccount = {
  readonly id: string
  readonly address: string
  readonly publicKey: Hex
  readonly sealedPrivateKey: Uint8Array
}

export type KeyCache = {
  get(id: string): CachedAccount | undefined
  /** Seals `privateKey` (which the caller still owns and zeroes) and stores the account. */
  set(id: string, account: { address: string; publicKey: Hex; privateKey: Uint8Array }): CachedAccount
  /** Opens the account's key for the length of `use`, then zeroes it. */
  withPrivateKey<T>(account: CachedAccount, use: (privateKey: Uint8Array) => T): T
  readonly size: number
}

export type CreateKeyCacheParameters = { maxEntries: number }

/**
 * An in-memory LRU of derived account keys, so a signature does not pay for PBKDF2 and derivation.
 * Keys are sealed (AES-256-GCM) under a random key that lives only in this process, so a heap
 * snapshot or swap page holds no key in the clear except during one signature; nothing is written
 * to disk. Entries are found by {@link getAccountCacheId}, a hash of the full key shares: only a
 * caller holding the very shares that were opened before can reach an entry.
 *
 * @example
 * const cache = createKeyCache({ maxEntries: 10_000 })
 * const entry = cache.get(id) ?? cache.set(id, derived)
 * const signature = cache.withPrivateKey(entry, (key) => signSecp256k1(digest, key))
 */
export function createKeyCache({ maxEntries }: CreateKeyCacheParameters): KeyCache {
  const processKey = randomBytes(32)
  const entries = new Map<string, CachedAccount>()
  return {
    get(id) {
      const entry = entries.get(id)
      if (entry) {
        // Map keeps insertion order: re-inserting makes this the most recently used entry.
        entries.delete(id)
        entries.set(id, entry)
      }
      return entry
    },
    set(id, account) {
      const entry: CachedAccount = {
        id,
        address: account.address,
        publicKey: account.publicKey,
        sealedPrivateKey: seal(processKey, account.privateKey, id),
      }
      entries.delete(id)
      entries.set(id, entry)
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next()
        if (oldest.done) break
        entries.delete(oldest.value)
      }
      return entry
    },
    withPrivateKey(account, use) {
      const privateKey = open(processKey, account.sealedPrivateKey, account.id)
      try {
        return use(privateKey)
      } finally {
        privateKey.fill(0)
      }
    },
    get size() {
      return entries.size
    },
  }
}

/**
 * The cache id of one account: SHA-256 over every field that selects the key, each length-prefixed
 * so that no two different inputs share an encoding.
 *
 * @example
 * getAccountCacheId({ rootId, sealedVaultShare, authShare, chainType: 'ethereum', index: 0 })
 */
export function getAccountCacheId(input: AccountParameters): string {
  const hash = createHash('sha256').update('satchel-vault-account-v1')
  for (const part of [
    Buffer.from(input.rootId, 'utf8'),
    input.sealedVaultShare,
    input.authShare,
    Buffer.from(input.chainType, 'utf8'),
    Buffer.from(String(input.index), 'utf8'),
  ]) {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(part.length)
    hash.update(length).update(part)
  }
  return hash.digest('base64url')
}
