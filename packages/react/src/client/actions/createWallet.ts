import { NotAuthenticatedError } from '../../errors/errors'
import type { SatchelClient } from '../createSatchelClient'
import { parseWallet } from '../parse'
import type { ChainType, SatchelWallet } from '../types'

export type CreateWalletParameters = {
  /** Default `ethereum`. */
  chainType?: ChainType | undefined
  /** Makes a retried call create one wallet, not two. Default: a fresh random key per call. */
  idempotencyKey?: string | undefined
}
export type CreateWalletReturnType = SatchelWallet

/**
 * Creates an embedded wallet for the signed-in user. The wallets status goes `creating`, then `ready`
 * with the new wallet, or `error`.
 *
 * @example
 * const wallet = await createWallet(client, { chainType: 'ethereum' })
 */
export async function createWallet(
  client: SatchelClient,
  parameters: CreateWalletParameters = {},
): Promise<CreateWalletReturnType> {
  if (client.getState().status !== 'authenticated')
    throw new NotAuthenticatedError({ action: 'createWallet' })
  client.dispatch({ type: 'wallets_creating' })
  try {
    const answer = await client.request({
      method: 'POST',
      path: '/api/v1/wallets',
      body: { chainType: parameters.chainType ?? 'ethereum' },
      headers: { 'satchel-idempotency-key': parameters.idempotencyKey ?? crypto.randomUUID() },
      auth: true,
    })
    const wallet = parseWallet(answer, '/api/v1/wallets')
    client.dispatch({ type: 'wallet_created', wallet })
    return wallet
  } catch (error) {
    client.dispatch({
      type: 'wallets_failed',
      error: error instanceof Error ? error : new Error(String(error)),
    })
    throw error
  }
}
