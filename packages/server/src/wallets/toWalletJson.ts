import { z } from 'zod'
import type { WalletRecord, WalletSignerRecord } from './walletsRepository'

export const walletSignerJsonSchema = z.object({
  signer_id: z.string(),
  signer_public_key: z.object({ kty: z.string(), crv: z.string(), x: z.string(), y: z.string() }),
  policy_ids: z.array(z.string()),
})

/** A wallet as the API answers it; `created_at` is unix milliseconds. */
export const walletJsonSchema = z.object({
  id: z.string(),
  address: z.string(),
  chain_type: z.enum(['ethereum', 'solana']),
  owner_id: z.string(),
  policy_ids: z.array(z.string()),
  additional_signers: z.array(walletSignerJsonSchema),
  created_at: z.number(),
})

export type WalletJson = z.infer<typeof walletJsonSchema>

/**
 * The API's shape of a wallet with its live delegated signers.
 *
 * @example
 * toWalletJson(wallet, signers) // { id, address, chain_type, owner_id, policy_ids, additional_signers, created_at }
 */
export function toWalletJson(wallet: WalletRecord, signers: readonly WalletSignerRecord[]): WalletJson {
  return {
    id: wallet.id,
    address: wallet.address,
    chain_type: wallet.chainType,
    owner_id: wallet.userId,
    policy_ids: wallet.policyIds,
    additional_signers: signers
      .filter((signer) => signer.walletId === wallet.id)
      .map((signer) => ({
        signer_id: signer.id,
        signer_public_key: {
          kty: signer.publicKey.kty ?? 'EC',
          crv: signer.publicKey.crv ?? 'P-256',
          x: signer.publicKey.x ?? '',
          y: signer.publicKey.y ?? '',
        },
        policy_ids: signer.policyIds,
      })),
    created_at: wallet.createdAt.getTime(),
  }
}
