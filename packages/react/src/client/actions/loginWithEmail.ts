import type { SatchelClient } from '../createSatchelClient'
import type { AuthenticatedUser, LoginMode } from '../types'
import { getCodeFlow, rememberCodeFlow } from './codeFlow'

export type SendEmailCodeParameters = { email: string }

/**
 * Sends a 6-digit login code to an email address (valid 10 minutes, 5 attempts).
 *
 * @example
 * await sendEmailCode(client, { email: 'ada@example.com' })
 */
export async function sendEmailCode(
  client: SatchelClient,
  { email }: SendEmailCodeParameters,
): Promise<void> {
  const answer = await client.request({ method: 'POST', path: '/api/v1/passwordless/init', body: { email } })
  rememberCodeFlow(client, 'email', email, answer)
}

export type LoginWithEmailParameters = { email: string; code: string; mode?: LoginMode | undefined }

/**
 * Signs in with the code sent by {@link sendEmailCode} (from this client: the code works only with
 * the flow of the init that sent it).
 *
 * @example
 * const { user, isNewUser } = await loginWithEmail(client, { email: 'ada@example.com', code: '123456' })
 */
export async function loginWithEmail(
  client: SatchelClient,
  { email, code, mode = 'login-or-sign-up' }: LoginWithEmailParameters,
): Promise<AuthenticatedUser> {
  const path = '/api/v1/passwordless/authenticate'
  const sessionPublicKey = await client.getSessionPublicKey()
  const answer = await client.request({
    method: 'POST',
    path,
    body: { email, code: code.trim(), ...getCodeFlow(client, 'email', email), mode, sessionPublicKey },
  })
  return client.completeLogin(answer, path)
}
