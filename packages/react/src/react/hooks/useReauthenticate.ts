import { useMemo } from 'react'
import { getStepUpMethods, type StepUpMethods } from '../../client/actions/getStepUpMethods'
import { sendEmailCode } from '../../client/actions/loginWithEmail'
import { sendSmsCode } from '../../client/actions/loginWithSms'
import type { InjectedProvider } from '../../client/actions/loginWithWallet'
import {
  type ReauthenticateReturnType,
  reauthenticateWithEmail,
  reauthenticateWithPasskey,
  reauthenticateWithSms,
  reauthenticateWithWallet,
} from '../../client/actions/reauthenticate'
import { useSatchelClient } from '../context'
import { useSatchel } from './useSatchel'

export type UseReauthenticateReturnType = {
  /** How the signed-in user can confirm it is them: second factors, else login methods to prove again. */
  methods: StepUpMethods
  sendEmailCode: (parameters: { email: string }) => Promise<void>
  sendSmsCode: (parameters: { phoneNumber: string }) => Promise<void>
  withEmail: (parameters: { email: string; code: string }) => Promise<ReauthenticateReturnType>
  withSms: (parameters: { phoneNumber: string; code: string }) => Promise<ReauthenticateReturnType>
  withPasskey: () => Promise<ReauthenticateReturnType>
  withWallet: (parameters: { provider: InjectedProvider }) => Promise<ReauthenticateReturnType>
}

/**
 * "Confirm it's you" for a user without a second factor, when an action fails with
 * `StepUpRequiredError` (`reason: 'reauthentication'`): prove one of the user's login methods again,
 * then retry the action within 5 minutes. A user with MFA verifies it with `useMfa()` instead.
 *
 * @example
 * const { methods, sendEmailCode, withEmail } = useReauthenticate()
 * await sendEmailCode({ email })
 * await withEmail({ email, code })
 * await exportWallet()
 */
export function useReauthenticate(): UseReauthenticateReturnType {
  const client = useSatchelClient('useReauthenticate')
  const { user } = useSatchel()
  const actions = useMemo(
    () => ({
      sendEmailCode: (parameters: { email: string }) => sendEmailCode(client, parameters),
      sendSmsCode: (parameters: { phoneNumber: string }) => sendSmsCode(client, parameters),
      withEmail: (parameters: { email: string; code: string }) => reauthenticateWithEmail(client, parameters),
      withSms: (parameters: { phoneNumber: string; code: string }) =>
        reauthenticateWithSms(client, parameters),
      withPasskey: () => reauthenticateWithPasskey(client),
      withWallet: (parameters: { provider: InjectedProvider }) =>
        reauthenticateWithWallet(client, parameters),
    }),
    [client],
  )
  const methods = useMemo(() => (user ? getStepUpMethods(user) : { mfa: [], reauthenticate: [] }), [user])
  return { ...actions, methods }
}
