import { base58 } from '@scure/base'
import { bytesToHex, type Hex } from 'viem'
import { publicKeyToAddress } from 'viem/accounts'
import { deriveBip32Secp256k1 } from './deriveBip32Secp256k1'
import { deriveSlip10Ed25519 } from './deriveSlip10Ed25519'
import { getEd25519PublicKey } from './signEd25519'
import { getSecp256k1PublicKey } from './signSecp256k1'
import type { ChainType } from './types'

export type DerivedAccountKey = {
  /** 32 bytes; the caller zeroes it after use. */
  privateKey: Uint8Array
  publicKey: Hex
  address: string
}

/** The derivation path of account `index` on a chain type. */
export function getDerivationPath(chainType: ChainType, index: number): string {
  return chainType === 'ethereum' ? `m/44'/60'/0'/0/${index}` : `m/44'/501'/${index}'/0'`
}

/**
 * The key of account `index` from a BIP-39 seed: EVM at m/44'/60'/0'/0/i (BIP-32 secp256k1,
 * the path MetaMask and most wallets use), Solana at m/44'/501'/i'/0' (SLIP-0010 ed25519, the
 * path Phantom and Solflare use), so an exported seed phrase shows the same accounts elsewhere.
 *
 * @example
 * const { address } = deriveAccountKey(seed, 'ethereum', 0) // '0xf39F...' for 'test ... junk'
 */
export function deriveAccountKey(seed: Uint8Array, chainType: ChainType, index: number): DerivedAccountKey {
  const path = getDerivationPath(chainType, index)
  if (chainType === 'solana') {
    const { privateKey, chainCode } = deriveSlip10Ed25519(seed, path)
    chainCode.fill(0)
    const publicKey = getEd25519PublicKey(privateKey)
    return { privateKey, publicKey: bytesToHex(publicKey), address: base58.encode(publicKey) }
  }
  const { privateKey, chainCode } = deriveBip32Secp256k1(seed, path)
  chainCode.fill(0)
  const publicKey = bytesToHex(getSecp256k1PublicKey(privateKey, false))
  return { privateKey, publicKey, address: publicKeyToAddress(publicKey) }
}
