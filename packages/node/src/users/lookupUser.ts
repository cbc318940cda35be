import { requestJson } from '../api/requestJson'
import { toQuery } from '../api/toQuery'
import type { SatchelNodeContext } from '../types'
import { type AdminUser, toAdminUser } from './toAdminUser'

/** One identifier to find a user by; `q` is any of them, told apart by its shape. */
export type LookupUserParameters =
  | { email: string }
  | { phone: string }
  | { walletAddress: string }
  | { customJwtSubject: string }
  | { oauthProvider: string; oauthSubject: string }
  | { q: string }

/**
 * The app's user behind an email, phone (any common form), wallet address (linked or embedded),
 * custom-JWT subject or OAuth subject (`GET /api/v1/users/lookup`).
 *
 * @throws {ApiError} `user_does_not_exist` when nobody holds it.
 * @example
 * const user = await lookupUser(context, { walletAddress: '0x...' })
 */
export async function lookupUser(
  context: SatchelNodeContext,
  parameters: LookupUserParameters,
): Promise<AdminUser> {
  return requestJson(
    context,
    { method: 'GET', path: `/api/v1/users/lookup?${toQuery(parameters)}` },
    toAdminUser,
  )
}
