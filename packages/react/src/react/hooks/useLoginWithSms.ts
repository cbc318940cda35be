import { useCallback } from 'react'
import { loginWithSms, sendSmsCode } from '../../client/actions/loginWithSms'
import type { AuthenticatedUser } from '../../client/types'
import { useSatchelClient } from '../context'
import { type CodeLoginState, useCodeLogin } from './useCodeLogin'

export type UseLoginWithSmsReturnType = {
  sendCode: (parameters: { phoneNumber: string }) => Promise<void>
  /** Signs in with the code; the number is the one the code was sent to unless given. */
  loginWithCode: (parameters: {
    code: string
    phoneNumber?: string | undefined
  }) => Promise<AuthenticatedUser>
  state: CodeLoginState
}

/**
 * Headless SMS login: build your own form around it.
 *
 * @example
 * const { sendCode, loginWithCode, state } = useLoginWithSms()
 * await sendCode({ phoneNumber: '+14155550100' })
 * await loginWithCode({ code })
 */
export function useLoginWithSms(): UseLoginWithSmsReturnType {
  const client = useSatchelClient('useLoginWithSms')
  const { state, sendCode, loginWithCode } = useCodeLogin(
    useCallback((phoneNumber: string) => sendSmsCode(client, { phoneNumber }), [client]),
    useCallback((phoneNumber: string, code: string) => loginWithSms(client, { phoneNumber, code }), [client]),
  )
  return {
    state,
    sendCode: useCallback(({ phoneNumber }: { phoneNumber: string }) => sendCode(phoneNumber), [sendCode]),
    loginWithCode: useCallback(
      ({ code, phoneNumber }: { code: string; phoneNumber?: string | undefined }) =>
        loginWithCode(code, phoneNumber),
      [loginWithCode],
    ),
  }
}
