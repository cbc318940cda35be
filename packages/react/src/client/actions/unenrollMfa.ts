import type { SatchelClient } from '../createSatchelClient'
import type { SatchelUser } from '../types'
import { getUser } from './getUser'
import { requireFeature } from './requireFeature'

export type UnenrollMfaParameters = { method: 'totp' | 'sms' | 'passkey' }

const paths: Record<UnenrollMfaParameters['method'], string> = {
  totp: '/api/v1/mfa/totp/unenroll',
  sms: '/api/v1/mfa/passwordless_sms/unenroll',
  passkey: '/api/v1/mfa/passkeys/unenroll',
}

/**
 * Removes a second factor. The server always asks for a fresh MFA token (verify with any enrolled
 * method first: `missing_or_invalid_mfa` otherwise), so a stolen session cannot switch MFA off. The
 * user in the client's state updates.
 *
 * @example
 * await verifyMfa(client, { method: 'totp', code })
 * await unenrollMfa(client, { method: 'sms' })
 */
export async function unenrollMfa(
  client: SatchelClient,
  { method }: UnenrollMfaParameters,
): Promise<SatchelUser> {
  await requireFeature('Multi-factor authentication', () =>
    client.request({ method: 'POST', path: paths[method], body: {}, auth: true, signed: {} }),
  )
  return getUser(client)
}
