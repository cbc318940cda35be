import { requestApi } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'
import { toWallet, type Wallet } from './toWallet'

export type CreateWalletParameters = {
  /** The app's user to make the wallet for. */
  userId: string
  chainType: 'ethereum' | 'solana'
  /** Derive the user's next wallet of this chain type instead of answering the first. */
  createAdditional?: boolean | undefined
  /** A retry with the same key answers the first call's wallet instead of deriving another. */
  idempotencyKey?: string | undefined
}

export type CreateWalletReturnType = { wallet: Wallet; created: boolean }

/**
 * Makes a user's embedded wallet ahead of their first visit (`POST /api/v1/wallets` with the app
 * secret): their first wallet of the chain type, made once and answered again afterwards
 * (`created: false`), or the next one with `createAdditional`. The keys stay with the server's vault;
 * only the user (or a signer they delegate to) can sign with it.
 *
 * @example
 * const { wallet } = await createWallet(context, { userId, chainType: 'ethereum' })
 */
export async function createWallet(
  context: SatchelNodeContext,
  { userId, chainType, createAdditional, idempotencyKey }: CreateWalletParameters,
): Promise<CreateWalletReturnType> {
  const { status, body } = await requestApi(context, {
    method: 'POST',
    path: '/api/v1/wallets',
    body: {
      user_id: userId,
      chain_type: chainType,
      ...(createAdditional !== undefined && { create_additional: createAdditional }),
    },
    idempotencyKey,
  })
  return { wallet: toWallet(body), created: status === 201 }
}
