import { loginWithSms, sendSmsCode } from '../../client/actions/loginWithSms'
import { type CodeLogin, useCodeLogin } from './useCodeLogin'

export type UseLoginWithSmsReturnType = CodeLogin<'phoneNumber'>

/**
 * Headless SMS login: build your own form around it.
 *
 * @example
 * const { sendCode, loginWithCode, state } = useLoginWithSms()
 * await sendCode({ phoneNumber: '+14155550100' })
 * await loginWithCode({ code })
 */
export function useLoginWithSms(): UseLoginWithSmsReturnType {
  return useCodeLogin('useLoginWithSms', 'phoneNumber', sendSmsCode, loginWithSms)
}
