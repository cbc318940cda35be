import { ApiError } from '@satchel/core'
import { z } from 'zod'
import { emailSchema, normalizePhone, phoneSchema } from '../otp/codeSchemas'
import { normalizeWalletAddress } from './normalizeWalletAddress'
import type { LinkedAccountInput } from './usersRepository'

/** One account of `POST /api/v1/users`, as the contract names it. */
export const adminAccountSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('email'), address: emailSchema }).strict(),
  z.object({ type: z.literal('phone'), number: phoneSchema }).strict(),
  z
    .object({
      type: z.literal('wallet'),
      address: z.string().min(32).max(64),
      chain_type: z.enum(['ethereum', 'solana']),
    })
    .strict(),
  z.object({ type: z.literal('custom_jwt'), subject: z.string().min(1).max(255) }).strict(),
  z
    .object({
      type: z.literal('oauth'),
      provider: z.string().regex(/^[a-z][a-z0-9]{1,31}$/, 'a provider name'),
      subject: z.string().min(1).max(255),
      email: emailSchema.optional(),
    })
    .strict(),
])

export type AdminAccount = z.infer<typeof adminAccountSchema>

/**
 * The stored account for one the admin API was given: the type and subject its login method would
 * store, so the person who later signs in with it is found as this user.
 *
 * @example
 * toLinkedAccountInput({ type: 'email', address: 'ada@example.com' })
 * // { type: 'email', subject: 'ada@example.com', details: { address: 'ada@example.com' } }
 */
export function toLinkedAccountInput(account: AdminAccount): LinkedAccountInput {
  switch (account.type) {
    case 'email':
      return { type: 'email', subject: account.address, details: { address: account.address } }
    case 'phone': {
      const number = normalizePhone(account.number)
      return { type: 'phone', subject: number, details: { number } }
    }
    case 'wallet': {
      const wallet = normalizeWalletAddress(account.address, 'linked_accounts.address')
      if (wallet.chainType !== account.chain_type)
        throw new ApiError('invalid_data', {
          message: `Invalid request data: linked_accounts.address (not a ${account.chain_type} address)`,
        })
      return {
        type: 'wallet',
        subject: wallet.subject,
        details: { address: account.address, chain_type: account.chain_type },
      }
    }
    case 'custom_jwt':
      return { type: 'custom_auth', subject: account.subject, details: { custom_user_id: account.subject } }
    case 'oauth':
      return {
        type: `${account.provider}_oauth`,
        subject: account.subject,
        details: { subject: account.subject, email: account.email ?? null },
      }
  }
}
