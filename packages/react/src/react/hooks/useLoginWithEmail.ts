import { useCallback } from 'react'
import { loginWithEmail, sendEmailCode } from '../../client/actions/loginWithEmail'
import type { AuthenticatedUser } from '../../client/types'
import { useSatchelClient } from '../context'
import { type CodeLoginState, useCodeLogin } from './useCodeLogin'

export type UseLoginWithEmailReturnType = {
  sendCode: (parameters: { email: string }) => Promise<void>
  /** Signs in with the code; the email is the one the code was sent to unless given. */
  loginWithCode: (parameters: { code: string; email?: string | undefined }) => Promise<AuthenticatedUser>
  state: CodeLoginState
}

/**
 * Headless email login: build your own form around it.
 *
 * @example
 * const { sendCode, loginWithCode, state } = useLoginWithEmail()
 * await sendCode({ email })
 * await loginWithCode({ code })
 */
export function useLoginWithEmail(): UseLoginWithEmailReturnType {
  const client = useSatchelClient('useLoginWithEmail')
  const { state, sendCode, loginWithCode } = useCodeLogin(
    useCallback((email: string) => sendEmailCode(client, { email }), [client]),
    useCallback((email: string, code: string) => loginWithEmail(client, { email, code }), [client]),
  )
  return {
    state,
    sendCode: useCallback(({ email }: { email: string }) => sendCode(email), [sendCode]),
    loginWithCode: useCallback(
      ({ code, email }: { code: string; email?: string | undefined }) => loginWithCode(code, email),
      [loginWithCode],
    ),
  }
}
