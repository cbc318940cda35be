import type { SatchelClient } from '../createSatchelClient'
import type { AuthenticatedUser, LoginMode } from '../types'
import { codeProof, sendCode } from './codeFlow'
import { submitLoginRequest } from './submitLoginRequest'

export type SendSmsCodeParameters = { phoneNumber: string }

/**
 * Texts a 6-digit login code to a phone number (E.164 such as `+14155550100`, or a number the server
 * can place).
 *
 * @example
 * await sendSmsCode(client, { phoneNumber: '+14155550100' })
 */
export function sendSmsCode(client: SatchelClient, { phoneNumber }: SendSmsCodeParameters): Promise<void> {
  return sendCode(client, 'sms', '/api/v1/passwordless_sms/init', phoneNumber)
}

export type LoginWithSmsParameters = { phoneNumber: string; code: string; mode?: LoginMode | undefined }

/**
 * Signs in with the code sent by {@link sendSmsCode} (from this client: the code works only with the
 * flow of the init that sent it).
 *
 * @example
 * await loginWithSms(client, { phoneNumber: '+14155550100', code: '123456' })
 */
export function loginWithSms(
  client: SatchelClient,
  { phoneNumber, code, mode = 'login-or-sign-up' }: LoginWithSmsParameters,
): Promise<AuthenticatedUser> {
  return submitLoginRequest(client, {
    path: '/api/v1/passwordless_sms/authenticate',
    body: { ...codeProof(client, 'sms', phoneNumber, code), mode },
  })
}
