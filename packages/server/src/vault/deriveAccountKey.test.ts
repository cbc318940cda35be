import { mnemonicToSeedSync } from '@scure/bip39'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { deriveAccountKey, getDerivationPath } from './deriveAccountKey'

const junk = mnemonicToSeedSync('test test test test test test test test test test test junk')
const abandon = mnemonicToSeedSync(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
)

describe('deriveAccountKey', () => {
  it("derives the well-known EVM accounts of 'test ... junk' at m/44'/60'/0'/0/i", () => {
    const first = deriveAccountKey(junk, 'ethereum', 0)
    expect(first.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(bytesToHex(first.privateKey)).toBe(
      '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    )
    expect(first.publicKey).toBe(privateKeyToAccount(bytesToHex(first.privateKey)).publicKey)
    expect(deriveAccountKey(junk, 'ethereum', 1).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  })

  it("derives the known EVM and Solana addresses of 'abandon ... about'", () => {
    expect(deriveAccountKey(abandon, 'ethereum', 0).address).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    )
    const solana = deriveAccountKey(abandon, 'solana', 0)
    expect(solana.address).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
    expect(solana.publicKey).toMatch(/^0x[0-9a-f]{64}$/)
    expect(deriveAccountKey(abandon, 'solana', 1).address).not.toBe(solana.address)
  })

  it('uses the paths MetaMask and Phantom use', () => {
    expect(getDerivationPath('ethereum', 3)).toBe("m/44'/60'/0'/0/3")
    expect(getDerivationPath('solana', 3)).toBe("m/44'/501'/3'/0'")
  })
})
