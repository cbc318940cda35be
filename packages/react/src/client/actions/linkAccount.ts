import type { SatchelClient } from '../createSatchelClient'
import type { SatchelUser } from '../types'
import { codeProof } from './codeFlow'
import { submitLinkRequest } from './submitLinkRequest'

const linked = (client: SatchelClient, feature: string, path: string, body: Record<string, unknown>) =>
  submitLinkRequest(client, { feature, path, body })

/**
 * Adds an email address to the signed-in user, with the code sent by `sendEmailCode`.
 *
 * @example
 * await linkEmail(client, { email: 'ada@example.com', code: '123456' })
 */
export function linkEmail(
  client: SatchelClient,
  { email, code }: { email: string; code: string },
): Promise<SatchelUser> {
  return linked(
    client,
    'Linking an email',
    '/api/v1/passwordless/link',
    codeProof(client, 'email', email, code),
  )
}

/**
 * Adds a phone number to the signed-in user, with the code sent by `sendSmsCode`.
 *
 * @example
 * await linkPhone(client, { phoneNumber: '+14155550100', code: '123456' })
 */
export function linkPhone(
  client: SatchelClient,
  { phoneNumber, code }: { phoneNumber: string; code: string },
): Promise<SatchelUser> {
  return linked(
    client,
    'Linking a phone',
    '/api/v1/passwordless_sms/link',
    codeProof(client, 'sms', phoneNumber, code),
  )
}

export type UnlinkAccountParameters =
  | { type: 'email'; email: string }
  | { type: 'phone'; phoneNumber: string }
  | { type: 'passkey'; credentialId: string }
  /** A social account: its provider (`google`) and its `subject` as the linked account lists it. */
  | { type: 'oauth'; provider: string; subject: string }
  /**
   * An external wallet linked with Sign-In with Ethereum (or Solana): its `address` as the linked
   * account lists it, and its `chainType` (default `ethereum`).
   */
  | { type: 'wallet'; address: string; chainType?: 'ethereum' | 'solana' | undefined }

/**
 * Removes a way in from the signed-in user; the last one cannot be removed (`cannot_unlink_last_account`).
 * Removing a passkey that is also a second factor needs a fresh MFA verification.
 *
 * @example
 * await unlinkAccount(client, { type: 'email', email: 'old@example.com' })
 * await unlinkAccount(client, { type: 'wallet', address: '0x…' }) // e.g. one linked over WalletConnect
 */
export function unlinkAccount(client: SatchelClient, account: UnlinkAccountParameters): Promise<SatchelUser> {
  switch (account.type) {
    case 'email':
      return linked(client, 'Unlinking an email', '/api/v1/passwordless/unlink', { email: account.email })
    case 'phone':
      return linked(client, 'Unlinking a phone', '/api/v1/passwordless_sms/unlink', {
        phoneNumber: account.phoneNumber,
      })
    case 'passkey':
      return linked(client, 'Unlinking a passkey', '/api/v1/passkeys/unlink', {
        credentialId: account.credentialId,
      })
    case 'oauth':
      return linked(client, `Unlinking a ${account.provider} account`, '/api/v1/oauth/unlink', {
        provider: account.provider,
        subject: account.subject,
      })
    case 'wallet':
      // The server keeps Ethereum addresses lowercased and Solana ones as written (base58 is case-sensitive).
      return account.chainType === 'solana'
        ? linked(client, 'Unlinking a Solana wallet', '/api/v1/siws/unlink', { address: account.address })
        : linked(client, 'Unlinking a wallet', '/api/v1/siwe/unlink', { address: account.address })
  }
}
