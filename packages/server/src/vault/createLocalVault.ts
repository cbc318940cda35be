import { getRandomValues } from 'node:crypto'
import { base58 } from '@scure/base'
import { entropyToMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { hexToBytes } from 'viem'
import { createSealingKey, type SealingKey } from '../platform/crypto/sealingKey'
import { assertAccountParameters, assertRootId } from './assertAccountParameters'
import { type CachedAccount, createKeyCache, getAccountCacheId } from './createKeyCache'
import { deriveAccountKey } from './deriveAccountKey'
import { encryptToRecipient, importRecipientKey } from './encryptToRecipient'
import { mnemonicToSeed } from './mnemonicToSeed'
import { prepareSignRequest } from './prepareSignRequest'
import { openRootEntropy, ROOT_ENTROPY_BYTES, splitRootEntropy } from './rootSecret'
import { signEd25519 } from './signEd25519'
import { signSecp256k1 } from './signSecp256k1'
import type { AccountParameters, Vault } from './types'
import { VaultError } from './VaultError'

export type CreateLocalVaultParameters = {
  /**
   * The vault's key-encryption key: 32 bytes, kept apart from the database (env or KMS). During a KEK
   * rotation, a ring whose `previous` key still opens the shares not yet re-sealed.
   */
  keyEncryptionKey: SealingKey
  /** How many derived account keys to keep, sealed, in memory. Default 10,000 (about 2 MB). */
  cacheSize?: number | undefined
  /** Tests only: the entropy source of `createRoot`, to derive from known entropy. Default: the CSPRNG. */
  randomBytes?: ((size: number) => Uint8Array) | undefined
}

/**
 * The key vault, in-process. Stateless apart from a sealed in-memory cache: `createRoot` hands back
 * the two shares for the caller to store, and every other call brings them back.
 *
 * @example
 * const vault = createLocalVault({ keyEncryptionKey: kek })
 * const shares = { rootId: wallet.id, ...(await vault.createRoot({ rootId: wallet.id })) }
 * const { address } = await vault.getAccount({ ...shares, chainType: 'ethereum', index: 0 })
 * const { signature } = await vault.sign({
 *   ...shares, chainType: 'ethereum', index: 0, request: { method: 'personal_sign', message },
 * })
 */
export function createLocalVault(parameters: CreateLocalVaultParameters): Vault {
  if (!(parameters.keyEncryptionKey instanceof Uint8Array) || parameters.keyEncryptionKey.length !== 32) {
    throw new Error('The vault key-encryption key must be 32 bytes')
  }
  const cacheSize = parameters.cacheSize ?? 10_000
  if (!Number.isSafeInteger(cacheSize) || cacheSize < 0) throw new Error('cacheSize must be a whole number')
  // A private copy: the caller zeroing or reusing its buffer must not change the vault's key.
  const keyEncryptionKey = createSealingKey(parameters.keyEncryptionKey, parameters.keyEncryptionKey.previous)
  const randomBytes = parameters.randomBytes ?? ((size: number) => getRandomValues(new Uint8Array(size)))
  const cache = createKeyCache({ maxEntries: cacheSize })
  // Concurrent first requests for one account share a single derivation instead of each paying PBKDF2.
  const pending = new Map<string, Promise<CachedAccount>>()

  async function withEntropy<T>(
    input: AccountParameters,
    use: (entropy: Uint8Array) => Promise<T>,
  ): Promise<T> {
    const entropy = await openRootEntropy(keyEncryptionKey, input)
    try {
      return await use(entropy)
    } finally {
      entropy.fill(0)
    }
  }

  async function loadAccount(input: AccountParameters): Promise<CachedAccount> {
    assertAccountParameters(input)
    const id = getAccountCacheId(input)
    const cached = cache.get(id)
    if (cached) return cached
    let derivation = pending.get(id)
    if (!derivation) {
      derivation = withEntropy(input, async (entropy) => {
        // The mnemonic is a JS string and cannot be zeroed; it lives only until the seed is made.
        const seed = await mnemonicToSeed(entropyToMnemonic(entropy, wordlist))
        const derived = deriveAccountKey(seed, input.chainType, input.index)
        seed.fill(0)
        try {
          return cache.set(id, derived)
        } finally {
          derived.privateKey.fill(0)
        }
      }).finally(() => pending.delete(id))
      pending.set(id, derivation)
    }
    return derivation
  }

  return {
    async ping() {},

    async createRoot({ rootId }) {
      assertRootId(rootId)
      const entropy = randomBytes(ROOT_ENTROPY_BYTES)
      if (entropy.length !== ROOT_ENTROPY_BYTES) throw new VaultError('internal_error')
      try {
        return await splitRootEntropy(keyEncryptionKey, rootId, entropy)
      } finally {
        entropy.fill(0)
      }
    },

    async getAccount(input) {
      const account = await loadAccount(input)
      return { address: account.address, publicKey: account.publicKey }
    },

    async sign(input) {
      // The request is checked and hashed first: a malformed request never opens the shares.
      assertAccountParameters(input)
      const prepared = prepareSignRequest(input.chainType, input.request)
      const account = await loadAccount(input)
      if (prepared.curve === 'ed25519') {
        return prepared.finish(
          cache.withPrivateKey(account, (key) =>
            signEd25519(prepared.message, key, hexToBytes(account.publicKey)),
          ),
        )
      }
      return prepared.finish(cache.withPrivateKey(account, (key) => signSecp256k1(prepared.digest, key)))
    },

    async export(input) {
      if (input.what !== 'mnemonic' && input.what !== 'private_key') {
        throw new VaultError('invalid_request', { message: 'what must be mnemonic or private_key' })
      }
      assertAccountParameters(input)
      const recipient = await importRecipientKey(input.recipientPublicKey)
      let plaintext: Uint8Array
      if (input.what === 'mnemonic') {
        plaintext = await withEntropy(input, async (entropy) =>
          new TextEncoder().encode(entropyToMnemonic(entropy, wordlist)),
        )
      } else {
        const account = await loadAccount(input)
        plaintext = cache.withPrivateKey(account, (key) => encodePrivateKey(input.chainType, key, account))
      }
      try {
        return { ciphertext: await encryptToRecipient(plaintext, recipient) }
      } finally {
        plaintext.fill(0)
      }
    },
  }
}

/** `0x` + hex for EVM; base58 of seed || public key (64 bytes) for Solana, as Solana wallets import it. */
function encodePrivateKey(
  chainType: AccountParameters['chainType'],
  key: Uint8Array,
  account: CachedAccount,
) {
  if (chainType === 'ethereum') return new TextEncoder().encode(`0x${Buffer.from(key).toString('hex')}`)
  const secretKey = new Uint8Array(64)
  secretKey.set(key)
  secretKey.set(hexToBytes(account.publicKey), 32)
  try {
    return new TextEncoder().encode(base58.encode(secretKey))
  } finally {
    secretKey.fill(0)
  }
}
