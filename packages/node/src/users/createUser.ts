import { requestJson } from '../api/requestJson'
import { snakeize } from '../api/snakeize'
import type { SatchelNodeContext } from '../types'
import { type AdminUser, toAdminUser } from './toAdminUser'

/** A way in the person will sign in with. */
export type CreateUserAccount =
  | { type: 'email'; address: string }
  | { type: 'phone'; number: string }
  | { type: 'wallet'; address: string; chainType: 'ethereum' | 'solana' }
  | { type: 'custom_jwt'; subject: string }
  | { type: 'oauth'; provider: string; subject: string; email?: string }

export type CreateUserParameters = {
  linkedAccounts: readonly CreateUserAccount[]
  /** Wallets made now, found by the person at their first login. */
  wallets?: ReadonlyArray<'ethereum' | 'solana'>
}

/**
 * Makes a user ahead of their first login (`POST /api/v1/users`): whoever first signs in with any
 * of the accounts is this user, and finds the pregenerated wallets.
 *
 * @throws {ApiError} `linked_to_another_user` when someone already holds one of the accounts.
 * @example
 * const user = await createUser(context, { linkedAccounts: [{ type: 'email', address: 'ada@example.com' }], wallets: ['ethereum'] })
 */
export async function createUser(
  context: SatchelNodeContext,
  parameters: CreateUserParameters,
): Promise<AdminUser> {
  const body = snakeize({
    linkedAccounts: parameters.linkedAccounts,
    wallets: (parameters.wallets ?? []).map((chainType) => ({ chainType })),
  })
  return requestJson(context, { method: 'POST', path: '/api/v1/users', body }, toAdminUser)
}
