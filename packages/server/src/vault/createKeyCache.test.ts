import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createKeyCache, getAccountCacheId } from './createKeyCache'
import type { AccountParameters } from './types'

const account = (privateKey: Uint8Array) => ({ address: '0xabc', publicKey: '0x04' as const, privateKey })

describe('createKeyCache', () => {
  it('keeps the private key sealed and opens it only for the length of a call', () => {
    const cache = createKeyCache({ maxEntries: 10 })
    const key = randomBytes(32)
    const entry = cache.set('id', account(key))
    expect(Buffer.from(entry.sealedPrivateKey).includes(key)).toBe(false)
    let seen: Uint8Array | undefined
    const copy = cache.withPrivateKey(entry, (opened) => {
      seen = opened
      return Uint8Array.from(opened)
    })
    expect(Buffer.from(copy).equals(key)).toBe(true)
    expect(seen && [...seen]).toEqual(Array(32).fill(0)) // zeroed after use
  })

  it('evicts the least recently used entry beyond its bound', () => {
    const cache = createKeyCache({ maxEntries: 2 })
    cache.set('a', account(randomBytes(32)))
    cache.set('b', account(randomBytes(32)))
    cache.get('a') // a is now more recent than b
    cache.set('c', account(randomBytes(32)))
    expect(cache.size).toBe(2)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('c')).toBeDefined()
  })

  it('cannot open an entry of another cache (each process has its own sealing key)', () => {
    const entry = createKeyCache({ maxEntries: 1 }).set('id', account(randomBytes(32)))
    expect(() => createKeyCache({ maxEntries: 1 }).withPrivateKey(entry, () => 1)).toThrow()
  })
})

describe('getAccountCacheId', () => {
  const base: AccountParameters = {
    rootId: 'root_1',
    sealedVaultShare: Uint8Array.of(1, 2, 3),
    authShare: Uint8Array.of(4, 5, 6),
    chainType: 'ethereum',
    index: 0,
  }

  it('changes when any field that selects the key changes', () => {
    const ids = new Set([
      getAccountCacheId(base),
      getAccountCacheId({ ...base, rootId: 'root_2' }),
      getAccountCacheId({ ...base, sealedVaultShare: Uint8Array.of(1, 2, 4) }),
      getAccountCacheId({ ...base, authShare: Uint8Array.of(4, 5, 7) }),
      getAccountCacheId({ ...base, chainType: 'solana' }),
      getAccountCacheId({ ...base, index: 1 }),
      // The same bytes split differently between fields must not collide.
      getAccountCacheId({
        ...base,
        sealedVaultShare: Uint8Array.of(1, 2),
        authShare: Uint8Array.of(3, 4, 5, 6),
      }),
    ])
    expect(ids.size).toBe(7)
    expect(getAccountCacheId({ ...base })).toBe(getAccountCacheId(base))
  })
})
