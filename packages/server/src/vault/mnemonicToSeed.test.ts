import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { bytesToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { mnemonicToSeed } from './mnemonicToSeed'

describe('mnemonicToSeed', () => {
  it('matches the Trezor BIP-39 vector (entropy 00..00, passphrase TREZOR)', async () => {
    const mnemonic = entropyToMnemonic(new Uint8Array(16), wordlist)
    expect(mnemonic).toBe(
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    )
    expect(bytesToHex(await mnemonicToSeed(mnemonic, 'TREZOR'))).toBe(
      '0xc55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
    )
  })

  it('gives the same seed as @scure/bip39, passphrase normalised to NFKD', async () => {
    const mnemonic = entropyToMnemonic(crypto.getRandomValues(new Uint8Array(16)), wordlist)
    expect(await mnemonicToSeed(mnemonic)).toEqual(mnemonicToSeedSync(mnemonic))
    // "é" composed (U+00E9) and decomposed (e + U+0301) are the same passphrase.
    expect(await mnemonicToSeed(mnemonic, '\u00e9')).toEqual(mnemonicToSeedSync(mnemonic, 'e\u0301'))
  })
})
