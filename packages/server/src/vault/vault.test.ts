// The vault's behaviour, run twice: in-process (createLocalVault) and as a separate server reached
// over a Unix socket (createRemoteVault <-> createVaultServer). Both modes must pass the same suite.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ed25519 } from '@noble/curves/ed25519'
import { mnemonicToEntropy, validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { compactDecrypt, exportJWK, generateKeyPair } from 'jose'
import {
  bytesToHex,
  type Hex,
  hexToBytes,
  keccak256,
  parseTransaction,
  recoverAddress,
  recoverTransactionAddress,
  type TransactionSerializable,
  type TransactionSerialized,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CreateLocalVaultParameters, createLocalVault } from './createLocalVault'
import { createRemoteVault } from './createRemoteVault'
import { createVaultServer } from './createVaultServer'
import type { KeyShares, Vault } from './types'
import { VaultError } from './VaultError'

const JUNK = 'test test test test test test test test test test test junk'
const JUNK_KEY_0: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const junkAccount = privateKeyToAccount(JUNK_KEY_0)
const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'

type Started = { vault: Vault; close(): Promise<void> }
type Mode = { name: string; start(parameters: CreateLocalVaultParameters): Promise<Started> }

const modes: Mode[] = [
  {
    name: 'in-process (createLocalVault)',
    start: async (parameters) => ({ vault: createLocalVault(parameters), close: async () => {} }),
  },
  {
    name: 'separate process (createRemoteVault -> createVaultServer over a Unix socket)',
    start: async (parameters) => {
      const dir = await mkdtemp(join(tmpdir(), 'satchel-vault-'))
      const socketPath = join(dir, 'vault.sock')
      const sharedSecret = randomBytes(32).toString('hex')
      const server = await createVaultServer({ ...parameters, sharedSecret, socketPath })
      return {
        vault: createRemoteVault({ socketPath, sharedSecret }),
        close: async () => {
          await server.close()
          await rm(dir, { recursive: true, force: true })
        },
      }
    },
  },
]

describe.each(modes)('the vault, $name', ({ start }) => {
  const kek = new Uint8Array(randomBytes(32))
  // createRoot's entropy source: the CSPRNG unless a test queued known entropy.
  let nextEntropy: Uint8Array | undefined
  const entropySource = (size: number) => {
    const queued = nextEntropy
    nextEntropy = undefined
    return queued ?? new Uint8Array(randomBytes(size))
  }
  const started: Started[] = []
  let vault: Vault
  let junk: KeyShares

  const startVault = async (parameters: CreateLocalVaultParameters) => {
    const next = await start(parameters)
    started.push(next)
    return next.vault
  }
  const createRootFrom = async (mnemonic: string, rootId: string): Promise<KeyShares> => {
    nextEntropy = mnemonicToEntropy(mnemonic, wordlist)
    return { rootId, ...(await vault.createRoot({ rootId })) }
  }

  beforeAll(async () => {
    vault = await startVault({ keyEncryptionKey: kek, randomBytes: entropySource })
    junk = await createRootFrom(JUNK, 'wallet_junk')
  })
  afterAll(async () => {
    for (const { close } of started) await close()
  })

  describe('roots and accounts', () => {
    it('creates a root from fresh entropy: two distinct shares, a valid 12-word phrase', async () => {
      const a = { rootId: 'wallet_a', ...(await vault.createRoot({ rootId: 'wallet_a' })) }
      const b = { rootId: 'wallet_b', ...(await vault.createRoot({ rootId: 'wallet_b' })) }
      expect(a.authShare).toHaveLength(33)
      expect(a.authShare).not.toEqual(b.authShare)
      const mnemonic = await exportAndDecrypt(vault, {
        ...a,
        what: 'mnemonic',
        chainType: 'ethereum',
        index: 0,
      })
      expect(mnemonic.split(' ')).toHaveLength(12)
      expect(validateMnemonic(mnemonic, wordlist)).toBe(true)
      const [addressA, addressB] = await Promise.all(
        [a, b].map((shares) => vault.getAccount({ ...shares, chainType: 'ethereum', index: 0 })),
      )
      expect(addressA?.address).not.toBe(addressB?.address)
    })

    it("derives the Trezor vector root (entropy 00..00) as 'abandon ... about' with its known addresses", async () => {
      nextEntropy = new Uint8Array(16)
      const shares = { rootId: 'wallet_trezor', ...(await vault.createRoot({ rootId: 'wallet_trezor' })) }
      expect(
        await exportAndDecrypt(vault, { ...shares, what: 'mnemonic', chainType: 'ethereum', index: 0 }),
      ).toBe(ABANDON)
      expect(await vault.getAccount({ ...shares, chainType: 'ethereum', index: 0 })).toMatchObject({
        address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      })
      expect(await vault.getAccount({ ...shares, chainType: 'solana', index: 0 })).toMatchObject({
        address: 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
      })
    })

    it("derives 'test ... junk' at m/44'/60'/0'/0/i as 0xf39F... and 0x7099..., with their public keys", async () => {
      expect(await vault.getAccount({ ...junk, chainType: 'ethereum', index: 0 })).toEqual({
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        publicKey: junkAccount.publicKey,
      })
      expect(await vault.getAccount({ ...junk, chainType: 'ethereum', index: 1 })).toMatchObject({
        address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      })
    })

    it('answers concurrent first requests for one account with the same account', async () => {
      const shares = { rootId: 'wallet_burst', ...(await vault.createRoot({ rootId: 'wallet_burst' })) }
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => vault.getAccount({ ...shares, chainType: 'solana', index: 2 })),
      )
      expect(new Set(answers.map((answer) => answer.address)).size).toBe(1)
    })

    it.each([
      [{ index: -1 }, 'index must be an integer from 0 to 2147483647'],
      [{ index: 1.5 }, 'index must be an integer from 0 to 2147483647'],
      [{ index: 2 ** 31 }, 'index must be an integer from 0 to 2147483647'],
      [{ rootId: '' }, 'rootId must be a string of 1 to 256 characters'],
    ])('refuses %o with invalid_request', async (change, message) => {
      await expect(
        vault.getAccount({ ...junk, chainType: 'ethereum', index: 0, ...change }),
      ).rejects.toMatchObject({
        code: 'invalid_request',
        message,
      })
    })
  })

  describe('EVM signatures', () => {
    const base = () => ({ ...junk, chainType: 'ethereum' as const, index: 0 })

    it('personal_sign gives the EIP-191 signature viem verifies, byte for byte what viem signs', async () => {
      const message = new TextEncoder().encode('Sign in to Satchel')
      const result = await vault.sign({ ...base(), request: { method: 'personal_sign', message } })
      if (result.method !== 'personal_sign') throw new Error(`unexpected ${result.method}`)
      expect(result.signature).toMatch(/^0x[0-9a-f]{130}$/)
      expect(
        await verifyMessage({
          address: junkAccount.address,
          message: { raw: message },
          signature: result.signature,
        }),
      ).toBe(true)
      expect(result.signature).toBe(await junkAccount.signMessage({ message: { raw: message } }))
    })

    it('eth_signTypedData_v4 gives the EIP-712 signature viem verifies (bigint values included)', async () => {
      const typedData = {
        domain: { name: 'Satchel', version: '1', chainId: 1, verifyingContract: junkAccount.address },
        types: {
          Transfer: [
            { name: 'to', type: 'address' },
            { name: 'amount', type: 'uint256' },
            { name: 'memo', type: 'string' },
          ],
        },
        primaryType: 'Transfer',
        message: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: 10n ** 24n, memo: 'rent' },
      } as const
      const result = await vault.sign({ ...base(), request: { method: 'eth_signTypedData_v4', typedData } })
      if (result.method !== 'eth_signTypedData_v4') throw new Error(`unexpected ${result.method}`)
      expect(
        await verifyTypedData({ ...typedData, address: junkAccount.address, signature: result.signature }),
      ).toBe(true)
      expect(result.signature).toBe(await junkAccount.signTypedData(typedData))
    })

    it('refuses typed data that does not match its types', async () => {
      const typedData = {
        types: { Mail: [{ name: 'amount', type: 'uint8' }] },
        primaryType: 'Mail',
        message: { amount: 300n },
      }
      await expect(
        vault.sign({ ...base(), request: { method: 'eth_signTypedData_v4', typedData } }),
      ).rejects.toMatchObject({ code: 'invalid_request', message: 'The typed data is not valid' })
    })

    it.each<[string, TransactionSerializable]>([
      [
        'EIP-1559',
        {
          chainId: 8453,
          nonce: 7,
          to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          value: 10n ** 15n,
          gas: 21_000n,
          maxFeePerGas: 2_000_000_000n,
          maxPriorityFeePerGas: 1_000_000n,
        },
      ],
      [
        'EIP-2930',
        {
          type: 'eip2930',
          chainId: 1,
          nonce: 0,
          to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          gas: 50_000n,
          gasPrice: 3_000_000_000n,
          data: '0xa9059cbb',
          accessList: [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', storageKeys: [] }],
        },
      ],
      [
        'legacy (EIP-155)',
        {
          type: 'legacy',
          chainId: 31337,
          nonce: 1,
          to: junkAccount.address,
          value: 1n,
          gas: 21_000n,
          gasPrice: 10n,
        },
      ],
    ])('eth_signTransaction signs an %s transaction exactly as viem does', async (_, transaction) => {
      const result = await vault.sign({ ...base(), request: { method: 'eth_signTransaction', transaction } })
      if (result.method !== 'eth_signTransaction') throw new Error(`unexpected ${result.method}`)
      expect(result.signedTransaction).toBe(await junkAccount.signTransaction(transaction))
      // The vault types it as plain Hex; viem wants its serialized-transaction template type.
      const serializedTransaction = result.signedTransaction as TransactionSerialized
      expect(await recoverTransactionAddress({ serializedTransaction })).toBe(junkAccount.address)
      const parsed = parseTransaction(result.signedTransaction)
      expect([parsed.chainId, parsed.nonce, parsed.to?.toLowerCase()]).toEqual([
        transaction.chainId,
        transaction.nonce,
        transaction.to?.toLowerCase(),
      ])
    })

    it.each<[string, TransactionSerializable]>([
      [
        'blob (type 3)',
        {
          type: 'eip4844',
          chainId: 1,
          to: junkAccount.address,
          maxFeePerGas: 1n,
          maxFeePerBlobGas: 1n,
          blobVersionedHashes: [`0x01${'00'.repeat(31)}`],
        },
      ],
      [
        'set-code (type 4)',
        {
          type: 'eip7702',
          chainId: 1,
          maxFeePerGas: 1n,
          authorizationList: [
            {
              address: junkAccount.address,
              chainId: 1,
              nonce: 0,
              r: `0x${'11'.repeat(32)}`,
              s: `0x${'22'.repeat(32)}`,
              yParity: 0,
            },
          ],
        },
      ],
    ])('refuses a %s transaction with "Unsupported transaction type"', async (_, transaction) => {
      await expect(
        vault.sign({ ...base(), request: { method: 'eth_signTransaction', transaction } }),
      ).rejects.toMatchObject({
        code: 'unsupported_transaction_type',
        message: 'Unsupported transaction type',
      })
    })

    it('refuses a transaction without a chain id (its signature would replay on every chain)', async () => {
      const transaction = { type: 'legacy', to: junkAccount.address, value: 1n, gasPrice: 1n } as const
      await expect(
        vault.sign({ ...base(), request: { method: 'eth_signTransaction', transaction } }),
      ).rejects.toMatchObject({
        code: 'invalid_request',
        message: 'The transaction must include its chainId',
      })
    })

    it('secp256k1_sign signs the raw digest: it recovers to the account', async () => {
      const hash = keccak256(new TextEncoder().encode('raw digest'))
      const result = await vault.sign({ ...base(), request: { method: 'secp256k1_sign', hash } })
      if (result.method !== 'secp256k1_sign') throw new Error(`unexpected ${result.method}`)
      expect(await recoverAddress({ hash, signature: result.signature })).toBe(junkAccount.address)
      expect(result.signature).toBe(await junkAccount.sign({ hash }))
    })

    it.each(['0x1234', `0x${'zz'.repeat(32)}`])(
      'refuses secp256k1_sign of %s, which is not 32 bytes of hex',
      async (hash) => {
        await expect(
          vault.sign({ ...base(), request: { method: 'secp256k1_sign', hash: hash as Hex } }),
        ).rejects.toMatchObject({
          code: 'invalid_request',
          message: 'hash must be 32 bytes of 0x-prefixed hex',
        })
      },
    )

    it('refuses an EVM method on a Solana account, and the reverse', async () => {
      const message = Uint8Array.of(1)
      await expect(
        vault.sign({ ...junk, chainType: 'solana', index: 0, request: { method: 'personal_sign', message } }),
      ).rejects.toMatchObject({
        code: 'unsupported_method',
        message: 'personal_sign is not available for solana accounts',
      })
      await expect(
        vault.sign({
          ...junk,
          chainType: 'ethereum',
          index: 0,
          request: { method: 'solana_signMessage', message },
        }),
      ).rejects.toMatchObject({
        code: 'unsupported_method',
        message: 'solana_signMessage is not available for ethereum accounts',
      })
    })
  })

  describe('Solana signatures', () => {
    it('solana_signMessage gives a 64-byte ed25519 signature that verifies with the account key', async () => {
      const account = await vault.getAccount({ ...junk, chainType: 'solana', index: 0 })
      const message = new TextEncoder().encode('Sign in to Satchel on Solana')
      const result = await vault.sign({
        ...junk,
        chainType: 'solana',
        index: 0,
        request: { method: 'solana_signMessage', message },
      })
      if (result.method !== 'solana_signMessage') throw new Error(`unexpected ${result.method}`)
      expect(result.signature).toBeInstanceOf(Uint8Array)
      expect(result.signature).toHaveLength(64)
      expect(ed25519.verify(result.signature, message, hexToBytes(account.publicKey))).toBe(true)
      expect(decodeBase58(account.address)).toEqual(hexToBytes(account.publicKey))
      // Another index is another key.
      const other = await vault.getAccount({ ...junk, chainType: 'solana', index: 1 })
      expect(ed25519.verify(result.signature, message, hexToBytes(other.publicKey))).toBe(false)
    })
  })

  describe('key shares', () => {
    const shareFragments = (shares: KeyShares) => [
      Buffer.from(shares.sealedVaultShare).toString('base64'),
      Buffer.from(shares.authShare).toString('base64'),
      Buffer.from(shares.sealedVaultShare).toString('hex'),
      Buffer.from(shares.authShare).toString('hex'),
    ]
    const expectCleanRefusal = async (attempt: Promise<unknown>, message: string) => {
      const error = await attempt.then(
        () => undefined,
        (caught: unknown) => caught,
      )
      expect(error).toBeInstanceOf(VaultError)
      expect(error).toMatchObject({ code: 'invalid_key_shares', message })
      const rendered = JSON.stringify({ error, message: String(error) })
      for (const fragment of shareFragments(junk)) expect(rendered).not.toContain(fragment)
    }

    it('refuses a tampered sealed share, a wrong root id or a foreign auth share, without secret material', async () => {
      const other = { rootId: 'wallet_other', ...(await vault.createRoot({ rootId: 'wallet_other' })) }
      const tampered = Uint8Array.from(junk.sealedVaultShare)
      tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 0x80
      const account = { chainType: 'ethereum' as const, index: 5 }
      await expectCleanRefusal(
        vault.getAccount({ ...junk, ...account, sealedVaultShare: tampered }),
        'The key shares could not be opened',
      )
      await expectCleanRefusal(
        vault.getAccount({ ...junk, ...account, rootId: 'wallet_other' }),
        'The key shares could not be opened',
      )
      await expectCleanRefusal(
        vault.getAccount({ ...junk, ...account, authShare: other.authShare }),
        'The key shares do not belong together',
      )
    })

    it('never answers from its cache to a request whose shares differ from the cached ones', async () => {
      await vault.getAccount({ ...junk, chainType: 'ethereum', index: 0 }) // cached now
      const wrongAuth = Uint8Array.from(junk.authShare)
      wrongAuth[0] = (wrongAuth[0] ?? 0) ^ 0x01
      await expectCleanRefusal(
        vault.sign({
          ...junk,
          authShare: wrongAuth,
          chainType: 'ethereum',
          index: 0,
          request: { method: 'personal_sign', message: Uint8Array.of(1) },
        }),
        'The key shares do not belong together',
      )
    })

    it('cannot be opened by a vault with another key-encryption key', async () => {
      const stranger = await startVault({ keyEncryptionKey: new Uint8Array(randomBytes(32)) })
      await expectCleanRefusal(
        stranger.getAccount({ ...junk, chainType: 'ethereum', index: 0 }),
        'The key shares could not be opened',
      )
    })

    it('keeps its own copy of the key-encryption key', async () => {
      const key = new Uint8Array(randomBytes(32))
      const keeper = await startVault({ keyEncryptionKey: key })
      const shares = { rootId: 'wallet_copy', ...(await keeper.createRoot({ rootId: 'wallet_copy' })) }
      key.fill(0)
      await expect(keeper.getAccount({ ...shares, chainType: 'ethereum', index: 0 })).resolves.toHaveProperty(
        'address',
      )
    })
  })

  describe('export', () => {
    it('encrypts the EVM private key to the recipient as a JWE (ECDH-ES, A256GCM)', async () => {
      const { ciphertext, header } = await exportWithHeader(vault, {
        ...junk,
        what: 'private_key',
        chainType: 'ethereum',
        index: 0,
      })
      expect(header).toMatchObject({ alg: 'ECDH-ES', enc: 'A256GCM' })
      expect(ciphertext).toBe(JUNK_KEY_0)
    })

    it('encrypts the Solana secret key as base58 of seed || public key, matching the address', async () => {
      const account = await vault.getAccount({ ...junk, chainType: 'solana', index: 0 })
      const secret = decodeBase58(
        await exportAndDecrypt(vault, { ...junk, what: 'private_key', chainType: 'solana', index: 0 }),
      )
      expect(secret).toHaveLength(64)
      expect(ed25519.getPublicKey(secret.subarray(0, 32))).toEqual(hexToBytes(account.publicKey))
      expect(bytesToHex(secret.subarray(32))).toBe(account.publicKey)
    })

    it('encrypts the mnemonic', async () => {
      expect(
        await exportAndDecrypt(vault, { ...junk, what: 'mnemonic', chainType: 'solana', index: 0 }),
      ).toBe(JUNK)
    })

    it('refuses a recipient key that is not a P-256 public JWK', async () => {
      const { publicKey, privateKey } = await generateKeyPair('ECDH-ES', { crv: 'P-256', extractable: true })
      const publicJwk = await exportJWK(publicKey)
      const privateJwk = await exportJWK(privateKey)
      const ed = await exportJWK((await generateKeyPair('EdDSA', { extractable: true })).publicKey)
      const offCurve = { ...publicJwk, y: publicJwk.x }
      for (const recipientPublicKey of [privateJwk, ed, offCurve, { kty: 'EC', crv: 'P-256' }]) {
        await expect(
          vault.export({ ...junk, what: 'private_key', chainType: 'ethereum', index: 0, recipientPublicKey }),
        ).rejects.toMatchObject({
          code: 'invalid_recipient_key',
          message: 'The recipient key must be a P-256 public JWK',
        })
      }
    })
  })
})

async function exportWithHeader(
  vault: Vault,
  input: Omit<Parameters<Vault['export']>[0], 'recipientPublicKey'>,
): Promise<{ ciphertext: string; header: unknown }> {
  const { publicKey, privateKey } = await generateKeyPair('ECDH-ES', { crv: 'P-256', extractable: true })
  const { ciphertext } = await vault.export({ ...input, recipientPublicKey: await exportJWK(publicKey) })
  const { plaintext, protectedHeader } = await compactDecrypt(ciphertext, privateKey)
  return { ciphertext: new TextDecoder().decode(plaintext), header: protectedHeader }
}

async function exportAndDecrypt(
  vault: Vault,
  input: Omit<Parameters<Vault['export']>[0], 'recipientPublicKey'>,
): Promise<string> {
  return (await exportWithHeader(vault, input)).ciphertext
}

function decodeBase58(text: string): Uint8Array {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  let value = 0n
  for (const char of text) {
    const digit = alphabet.indexOf(char)
    if (digit < 0) throw new Error('not base58')
    value = value * 58n + BigInt(digit)
  }
  const body =
    value === 0n
      ? []
      : [...hexToBytes(`0x${value.toString(16).padStart(Math.ceil(value.toString(16).length / 2) * 2, '0')}`)]
  const zeros = text.length - text.replace(/^1+/, '').length
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body])
}
