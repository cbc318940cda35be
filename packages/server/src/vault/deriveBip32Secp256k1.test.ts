import { randomBytes } from 'node:crypto'
import { HDKey } from '@scure/bip32'
import { bytesToHex, hexToBytes } from 'viem'
import { describe, expect, it } from 'vitest'
import { deriveBip32Secp256k1 } from './deriveBip32Secp256k1'

// BIP-32 test vector 1 (= SLIP-0010 test vector 1 for secp256k1), private keys and chain codes.
const seed = hexToBytes('0x000102030405060708090a0b0c0d0e0f')
const vector1 = [
  [
    'm',
    'e8f32e723decf4051aefac8e2c93c9c5b214313817cdb01a1494b917c8436b35',
    '873dff81c02f525623fd1fe5167eac3a55a049de3d314bb42ee227ffed37d508',
  ],
  [
    "m/0'",
    'edb2e14f9ee77d26dd93b4ecede8d16ed408ce149b6cd80b0715a2d911a0afea',
    '47fdacbd0f1097043b78c63c20c34ef4ed9a111d980047ad16282c7ae6236141',
  ],
  [
    "m/0'/1",
    '3c6cb8d0f6a264c91ea8b5030fadaa8e538b020f0a387421a12de9319dc93368',
    '2a7857631386ba23dacac34180dd1983734e444fdbf774041578e9b6adb37c19',
  ],
  [
    "m/0'/1/2'",
    'cbce0d719ecf7431d88e6a89fa1483e02e35092af60c042b1df2ff59fa424dca',
    '04466b9cc8e161e966409ca52986c584f07e9dc81f735db683c3ff6ec7b1503f',
  ],
  [
    "m/0'/1/2'/2",
    '0f479245fb19a38a1954c5c7c0ebab2f9bdfd96a17563ef28a6a4b1a2a764ef4',
    'cfb71883f01676f587d023cc53a35bc7f88f724b1f8c2892ac1275ac822a3edd',
  ],
  [
    "m/0'/1/2'/2/1000000000",
    '471b76e389e528d6de6d816857e012c5455051cad6660850e58372a6c3e6e7c8',
    'c783e67b921d2beb8f6b389cc646d7263b4145701dadd2161548a8b078e65e9e',
  ],
] as const

describe('deriveBip32Secp256k1', () => {
  it.each(vector1)('matches BIP-32 test vector 1 at %s', (path, privateKey, chainCode) => {
    const derived = deriveBip32Secp256k1(seed, path)
    expect(bytesToHex(derived.privateKey)).toBe(`0x${privateKey}`)
    expect(bytesToHex(derived.chainCode)).toBe(`0x${chainCode}`)
  })

  it('agrees with @scure/bip32 on random seeds along the EVM account path', () => {
    for (let index = 0; index < 25; index++) {
      const randomSeed = new Uint8Array(randomBytes(64))
      const path = `m/44'/60'/0'/0/${index * 7919}`
      const reference = HDKey.fromMasterSeed(randomSeed).derive(path)
      const derived = deriveBip32Secp256k1(randomSeed, path)
      expect(derived.privateKey).toEqual(reference.privateKey)
      expect(derived.chainCode).toEqual(reference.chainCode)
    }
  })

  it('accepts h as the hardened marker', () => {
    expect(deriveBip32Secp256k1(seed, 'm/0h/1').privateKey).toEqual(
      deriveBip32Secp256k1(seed, "m/0'/1").privateKey,
    )
  })

  it.each(['0/1', 'm/x', "m/2147483648'", 'm//1'])('refuses the malformed path %s', (path) => {
    expect(() => deriveBip32Secp256k1(seed, path)).toThrow()
  })
})
