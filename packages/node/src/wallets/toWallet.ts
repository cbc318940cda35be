import { camelize } from '@satchel/core/admin'
import { z } from 'zod'
import type { SignerPublicKey } from '../signers/createSignerKey'

const walletJsonSchema = z.object({
  id: z.string(),
  address: z.string(),
  chain_type: z.enum(['ethereum', 'solana']),
  owner_id: z.string(),
  policy_ids: z.array(z.string()),
  additional_signers: z.array(
    z.object({
      signer_id: z.string(),
      signer_public_key: z.object({
        kty: z.literal('EC'),
        crv: z.literal('P-256'),
        x: z.string(),
        y: z.string(),
      }),
      policy_ids: z.array(z.string()),
    }),
  ),
  created_at: z.number(),
})

/** A delegated signer of a wallet: an app backend's key, with the policies that bind what it signs. */
export type WalletSigner = {
  readonly signerId: string
  readonly signerPublicKey: SignerPublicKey
  readonly policyIds: readonly string[]
}

/** An embedded wallet of one of the app's users. */
export type Wallet = {
  readonly id: string
  readonly address: string
  readonly chainType: 'ethereum' | 'solana'
  /** The user who owns it. */
  readonly ownerId: string
  /** Policies that bind every signature of the wallet. */
  readonly policyIds: readonly string[]
  readonly additionalSigners: readonly WalletSigner[]
  /** Milliseconds since the epoch. */
  readonly createdAt: number
}

/**
 * The API's wallet answer, checked and camelCased.
 *
 * @example
 * const wallet = toWallet((await requestApi(context, { method: 'GET', path })).body)
 */
export function toWallet(answer: unknown): Wallet {
  return camelize(walletJsonSchema.parse(answer))
}
