import type { SatchelClient } from '../createSatchelClient'
import type { AuthenticatedUser, LoginMode } from '../types'
import { getCodeFlow, rememberCodeFlow } from './codeFlow'

export type SendSmsCodeParameters = { phoneNumber: string }

/**
 * Texts a 6-digit login code to a phone number (E.164 such as `+14155550100`, or a number the server
 * can place).
 *
 * @example
 * await sendSmsCode(client, { phoneNumber: '+14155550100' })
 */
export async function sendSmsCode(
  client: SatchelClient,
  { phoneNumber }: SendSmsCodeParameters,
): Promise<void> {
  const answer = await client.request({
    method: 'POST',
    path: '/api/v1/passwordless_sms/init',
    body: { phoneNumber },
  })
  rememberCodeFlow(client, 'sms', phoneNumber, answer)
}

export type LoginWithSmsParameters = { phoneNumber: string; code: string; mode?: LoginMode | undefined }

/**
 * Signs in with the code sent by {@link sendSmsCode} (from this client: the code works only with the
 * flow of the init that sent it).
 *
 * @example
 * await loginWithSms(client, { phoneNumber: '+14155550100', code: '123456' })
 */
export async function loginWithSms(
  client: SatchelClient,
  { phoneNumber, code, mode = 'login-or-sign-up' }: LoginWithSmsParameters,
): Promise<AuthenticatedUser> {
  const path = '/api/v1/passwordless_sms/authenticate'
  const sessionPublicKey = await client.getSessionPublicKey()
  const answer = await client.request({
    method: 'POST',
    path,
    body: {
      phoneNumber,
      code: code.trim(),
      ...getCodeFlow(client, 'sms', phoneNumber),
      mode,
      sessionPublicKey,
    },
  })
  return client.completeLogin(answer, path)
}
