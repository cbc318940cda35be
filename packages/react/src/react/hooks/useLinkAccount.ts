import { useMemo } from 'react'
import {
  linkEmail,
  linkPhone,
  type UnlinkAccountParameters,
  unlinkAccount,
} from '../../client/actions/linkAccount'
import { type StartOAuthLinkParameters, startOAuthLink } from '../../client/actions/linkOAuth'
import { linkPasskey } from '../../client/actions/linkPasskey'
import { type LinkWalletParameters, linkWallet } from '../../client/actions/linkWallet'
import { sendEmailCode } from '../../client/actions/loginWithEmail'
import { sendSmsCode } from '../../client/actions/loginWithSms'
import type { SatchelUser } from '../../client/types'
import { useSatchelClient } from '../context'

export type UseLinkAccountReturnType = {
  sendEmailCode: (parameters: { email: string }) => Promise<void>
  linkEmail: (parameters: { email: string; code: string }) => Promise<SatchelUser>
  sendSmsCode: (parameters: { phoneNumber: string }) => Promise<void>
  linkPhone: (parameters: { phoneNumber: string; code: string }) => Promise<SatchelUser>
  /** Makes a new passkey for the signed-in user (the browser's passkey prompt). */
  linkPasskey: (parameters?: { displayName?: string | undefined }) => Promise<SatchelUser>
  /**
   * Links a social account: by redirect (resolves undefined as the page leaves; `<SatchelProvider>`
   * finishes on return), or with `popup: true` resolves with the updated user.
   */
  linkOAuth: (parameters: StartOAuthLinkParameters) => Promise<SatchelUser | undefined>
  unlinkAccount: (account: UnlinkAccountParameters) => Promise<SatchelUser>
  /** Links an Ethereum wallet by its EIP-1193 provider (injected, or a WalletConnect session's) with SIWE. */
  linkWallet: (parameters: LinkWalletParameters) => Promise<SatchelUser>
}

/**
 * Adds ways in to the signed-in user — an email, a phone, a passkey, a social account (an account
 * owned by someone else is `linked_to_another_user`) — or removes them (never the last one). The user
 * in `useSatchel()` updates after each.
 *
 * @example
 * const { sendEmailCode, linkEmail } = useLinkAccount()
 * await sendEmailCode({ email })
 * await linkEmail({ email, code })
 */
export function useLinkAccount(): UseLinkAccountReturnType {
  const client = useSatchelClient('useLinkAccount')
  return useMemo(
    () => ({
      sendEmailCode: (parameters) => sendEmailCode(client, parameters),
      linkEmail: (parameters) => linkEmail(client, parameters),
      sendSmsCode: (parameters) => sendSmsCode(client, parameters),
      linkPhone: (parameters) => linkPhone(client, parameters),
      linkPasskey: (parameters) => linkPasskey(client, parameters),
      linkOAuth: (parameters) => startOAuthLink(client, parameters),
      unlinkAccount: (account) => unlinkAccount(client, account),
      linkWallet: (parameters) => linkWallet(client, parameters),
    }),
    [client],
  )
}
