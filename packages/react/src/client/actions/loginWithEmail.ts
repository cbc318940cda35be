import type { SatchelClient } from '../createSatchelClient'
import type { AuthenticatedUser, LoginMode } from '../types'
import { codeProof, sendCode } from './codeFlow'
import { submitLoginRequest } from './submitLoginRequest'

export type SendEmailCodeParameters = { email: string }

/**
 * Sends a 6-digit login code to an email address (valid 10 minutes, 5 attempts).
 *
 * @example
 * await sendEmailCode(client, { email: 'ada@example.com' })
 */
export function sendEmailCode(client: SatchelClient, { email }: SendEmailCodeParameters): Promise<void> {
  return sendCode(client, 'email', '/api/v1/passwordless/init', email)
}

export type LoginWithEmailParameters = { email: string; code: string; mode?: LoginMode | undefined }

/**
 * Signs in with the code sent by {@link sendEmailCode} (from this client: the code works only with
 * the flow of the init that sent it).
 *
 * @example
 * const { user, isNewUser } = await loginWithEmail(client, { email: 'ada@example.com', code: '123456' })
 */
export function loginWithEmail(
  client: SatchelClient,
  { email, code, mode = 'login-or-sign-up' }: LoginWithEmailParameters,
): Promise<AuthenticatedUser> {
  return submitLoginRequest(client, {
    path: '/api/v1/passwordless/authenticate',
    body: { ...codeProof(client, 'email', email, code), mode },
  })
}
