import { loginWithEmail, sendEmailCode } from '../../client/actions/loginWithEmail'
import { type CodeLogin, useCodeLogin } from './useCodeLogin'

export type UseLoginWithEmailReturnType = CodeLogin<'email'>

/**
 * Headless email login: build your own form around it.
 *
 * @example
 * const { sendCode, loginWithCode, state } = useLoginWithEmail()
 * await sendCode({ email })
 * await loginWithCode({ code })
 */
export function useLoginWithEmail(): UseLoginWithEmailReturnType {
  return useCodeLogin('useLoginWithEmail', 'email', sendEmailCode, loginWithEmail)
}
