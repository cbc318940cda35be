import { randomBytes } from 'node:crypto'
import { combine } from 'shamir-secret-sharing'
import { describe, expect, it } from 'vitest'
import { open, seal } from '../platform/crypto/seal'
import { openRootEntropy, splitRootEntropy } from './rootSecret'
import { VaultError } from './VaultError'

const vaultKek = randomBytes(32)
const apiKey = randomBytes(32)

describe('splitRootEntropy / openRootEntropy', () => {
  it('rebuilds the entropy from both shares and the vault key', async () => {
    const entropy = new Uint8Array(randomBytes(16))
    const shares = await splitRootEntropy(vaultKek, 'root_1', entropy)
    expect(await openRootEntropy(vaultKek, { rootId: 'root_1', ...shares })).toEqual(entropy)
  })

  it('the database alone (sealed vault share + sealed auth share) cannot rebuild the key', async () => {
    const entropy = new Uint8Array(randomBytes(16))
    const { sealedVaultShare, authShare } = await splitRootEntropy(vaultKek, 'root_1', entropy)
    // What the API stores: both shares sealed, the keys kept elsewhere.
    const row = { sealedVaultShare, sealedAuthShare: seal(apiKey, authShare, 'root_1') }
    const hex = Buffer.from(entropy).toString('hex')
    expect(Buffer.from(row.sealedVaultShare).toString('hex')).not.toContain(hex)
    expect(Buffer.from(row.sealedAuthShare).toString('hex')).not.toContain(hex)
    // Without the vault's KEK the vault share does not open...
    expect(() => open(randomBytes(32), row.sealedVaultShare, 'root_1')).toThrow()
    await expect(
      openRootEntropy(randomBytes(32), { rootId: 'root_1', sealedVaultShare, authShare }),
    ).rejects.toThrow('The key shares could not be opened')
    // ...and even with the API key, the auth share alone does not combine to the entropy.
    const auth = new Uint8Array(open(apiKey, row.sealedAuthShare, 'root_1'))
    await expect(combine([auth])).rejects.toThrow()
    const guess = new Uint8Array(randomBytes(auth.length))
    guess[guess.length - 1] = (auth[auth.length - 1] ?? 0) ^ 1 // a share with another x coordinate
    expect((await combine([auth, guess])).subarray(0, 16)).not.toEqual(entropy)
  })

  it('the vault share alone, opened with the KEK, does not combine to the entropy either', async () => {
    const entropy = new Uint8Array(randomBytes(16))
    const { sealedVaultShare, authShare } = await splitRootEntropy(vaultKek, 'root_1', entropy)
    const vaultShare = new Uint8Array(open(vaultKek, sealedVaultShare, 'root_1'))
    expect(Buffer.from(vaultShare).includes(Buffer.from(entropy))).toBe(false)
    await expect(combine([vaultShare])).rejects.toThrow()
    const other = await splitRootEntropy(vaultKek, 'root_1', new Uint8Array(randomBytes(16)))
    await expect(
      openRootEntropy(vaultKek, { rootId: 'root_1', sealedVaultShare, authShare: other.authShare }),
    ).rejects.toThrow('The key shares do not belong together')
    expect(authShare).toHaveLength(33)
  })

  it('refuses a wrong root id or a tampered share with a clean error', async () => {
    const entropy = new Uint8Array(randomBytes(16))
    const shares = await splitRootEntropy(vaultKek, 'root_1', entropy)
    const attempts = [
      { rootId: 'root_2', ...shares },
      { rootId: 'root_1', ...shares, sealedVaultShare: flip(shares.sealedVaultShare, 20) },
      { rootId: 'root_1', ...shares, authShare: flip(shares.authShare, 3) },
    ]
    for (const attempt of attempts) {
      const error = await openRootEntropy(vaultKek, attempt).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(VaultError)
      expect(error).toMatchObject({ code: 'invalid_key_shares' })
      expect(String(error)).not.toContain(Buffer.from(entropy).toString('hex'))
    }
  })

  it('accepts shares handed over as Buffers (as PostgreSQL drivers return bytea)', async () => {
    const entropy = new Uint8Array(randomBytes(16))
    const shares = await splitRootEntropy(vaultKek, 'root_1', entropy)
    const fromDatabase = {
      rootId: 'root_1',
      sealedVaultShare: Buffer.from(shares.sealedVaultShare),
      authShare: Buffer.from(shares.authShare),
    }
    expect(await openRootEntropy(vaultKek, fromDatabase)).toEqual(entropy)
  })
})

function flip(bytes: Uint8Array, at: number): Uint8Array {
  const copy = Uint8Array.from(bytes)
  copy[at] = (copy[at] ?? 0) ^ 0x01
  return copy
}
