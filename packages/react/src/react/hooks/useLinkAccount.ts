import { useMemo } from 'react'
import {
  linkEmail,
  linkPhone,
  type UnlinkAccountParameters,
  unlinkAccount,
} from '../../client/actions/linkAccount'
import { sendEmailCode } from '../../client/actions/loginWithEmail'
import { sendSmsCode } from '../../client/actions/loginWithSms'
import type { SatchelUser } from '../../client/types'
import { useSatchelClient } from '../context'

export type UseLinkAccountReturnType = {
  sendEmailCode: (parameters: { email: string }) => Promise<void>
  linkEmail: (parameters: { email: string; code: string }) => Promise<SatchelUser>
  sendSmsCode: (parameters: { phoneNumber: string }) => Promise<void>
  linkPhone: (parameters: { phoneNumber: string; code: string }) => Promise<SatchelUser>
  unlinkAccount: (account: UnlinkAccountParameters) => Promise<SatchelUser>
}

/**
 * Adds ways in to the signed-in user (an account owned by someone else is `linked_to_another_user`)
 * or removes them (never the last one). The user in `useSatchel()` updates after each.
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
      unlinkAccount: (account) => unlinkAccount(client, account),
    }),
    [client],
  )
}
