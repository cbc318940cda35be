// Schemas of the vault server's requests and answers, applied after decodeWire. They check shapes
// only; the meaning (lengths, ranges, curve points, typed-data types) is checked once, by the local
// vault that both modes run, so the two modes refuse the same things with the same errors.
import type { Hex } from 'viem'
import { z } from 'zod'
import { INVALID_HASH_MESSAGE, isDigestHex } from './prepareSignRequest'

const bytes = z.instanceof(Uint8Array)
const hex = z.custom<Hex>((value) => typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value))
const chainType = z.enum(['ethereum', 'solana'])

const accountFields = {
  rootId: z.string(),
  sealedVaultShare: bytes,
  authShare: bytes,
  chainType,
  index: z.number(),
}

export const createRootRequestSchema = z.object({ rootId: z.string() })

export const getAccountRequestSchema = z.object(accountFields)

export const signRequestSchema = z.object({
  ...accountFields,
  request: z.discriminatedUnion('method', [
    z.object({ method: z.literal('personal_sign'), message: bytes }),
    z.object({
      method: z.literal('eth_signTypedData_v4'),
      typedData: z.object({
        types: z.record(z.string(), z.unknown()),
        primaryType: z.string(),
        domain: z
          .looseObject({
            chainId: z.union([z.number(), z.bigint()]).optional(),
            name: z.string().optional(),
            salt: hex.optional(),
            verifyingContract: hex.optional(),
            version: z.string().optional(),
          })
          .optional(),
        message: z.record(z.string(), z.unknown()),
      }),
    }),
    // The unsigned serialized transaction: the server parses it back and the vault re-serializes
    // and hashes it itself.
    z.object({ method: z.literal('eth_signTransaction'), serializedTransaction: hex }),
    z.object({
      method: z.literal('secp256k1_sign'),
      hash: z.custom<Hex>(isDigestHex, { error: INVALID_HASH_MESSAGE }),
    }),
    z.object({ method: z.literal('solana_signMessage'), message: bytes }),
  ]),
})

export const exportRequestSchema = z.object({
  ...accountFields,
  what: z.enum(['mnemonic', 'private_key']),
  // `d` is kept so that the vault can refuse a private JWK, as it does in-process.
  recipientPublicKey: z.object({
    kty: z.string().optional(),
    crv: z.string().optional(),
    x: z.string().optional(),
    y: z.string().optional(),
    d: z.string().optional(),
  }),
})

export const createRootResponseSchema = z.object({ sealedVaultShare: bytes, authShare: bytes })

export const getAccountResponseSchema = z.object({ address: z.string(), publicKey: hex })

export const signResponseSchema = z.discriminatedUnion('method', [
  z.object({ method: z.enum(['personal_sign', 'eth_signTypedData_v4', 'secp256k1_sign']), signature: hex }),
  z.object({ method: z.literal('eth_signTransaction'), signedTransaction: hex }),
  z.object({ method: z.literal('solana_signMessage'), signature: bytes }),
])

export const exportResponseSchema = z.object({ ciphertext: z.string() })

export const pingResponseSchema = z.object({ ok: z.literal(true) })

export const errorResponseSchema = z.object({ error: z.string(), code: z.string() })
