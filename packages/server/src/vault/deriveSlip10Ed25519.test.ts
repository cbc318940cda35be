import { bytesToHex, hexToBytes } from 'viem'
import { describe, expect, it } from 'vitest'
import { deriveSlip10Ed25519 } from './deriveSlip10Ed25519'
import { getEd25519PublicKey } from './signEd25519'

// SLIP-0010 test vector 1 for ed25519.
const seed = hexToBytes('0x000102030405060708090a0b0c0d0e0f')
const vector1 = [
  [
    'm',
    '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
  ],
  [
    "m/0'",
    '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69',
  ],
  [
    "m/0'/1'",
    'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
    'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14',
  ],
  [
    "m/0'/1'/2'",
    '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9',
    '2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c',
  ],
  [
    "m/0'/1'/2'/2'",
    '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662',
    '8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc',
  ],
  [
    "m/0'/1'/2'/2'/1000000000'",
    '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
    '68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230',
  ],
] as const

describe('deriveSlip10Ed25519', () => {
  it.each(vector1)('matches SLIP-0010 ed25519 test vector 1 at %s', (path, privateKey, chainCode) => {
    const derived = deriveSlip10Ed25519(seed, path)
    expect(bytesToHex(derived.privateKey)).toBe(`0x${privateKey}`)
    expect(bytesToHex(derived.chainCode)).toBe(`0x${chainCode}`)
  })

  it('gives the vector public keys (without SLIP-0010 leading 00)', () => {
    expect(bytesToHex(getEd25519PublicKey(deriveSlip10Ed25519(seed, 'm').privateKey))).toBe(
      '0xa4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
    )
    expect(bytesToHex(getEd25519PublicKey(deriveSlip10Ed25519(seed, "m/0'").privateKey))).toBe(
      '0x8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
    )
  })

  it('refuses a non-hardened segment instead of deriving another key', () => {
    expect(() => deriveSlip10Ed25519(seed, "m/44'/501'/0'/0")).toThrow(/hardened indexes only/)
  })
})
