import { MFA_VERIFICATION_TTL_SECONDS } from '@satchel/core'
import type { SatchelClient } from '../createSatchelClient'
import { readString } from '../parse'
import { type BackupCodes, readBackupCodes } from './backupCodes'
import { getUser } from './getUser'
import { requireFeature } from './requireFeature'

const feature = 'Multi-factor authentication'

/** The MFA methods a user can enrol. */
export type MfaMethod = 'totp' | 'sms'

const prefix = (method: MfaMethod) =>
  method === 'totp' ? '/api/v1/mfa/totp' : '/api/v1/mfa/passwordless_sms'

/**
 * Starts enrolling an authenticator app: answers the secret and the `otpauth://` URI to show as a QR code.
 *
 * @example
 * const { otpauthUri } = await initTotpEnrollment(client)
 */
export async function initTotpEnrollment(
  client: SatchelClient,
): Promise<{ secret: string; otpauthUri: string }> {
  const path = '/api/v1/mfa/totp/init'
  const answer = await requireFeature(feature, () =>
    client.request({ method: 'POST', path, body: {}, auth: true, signed: {} }),
  )
  return { secret: readString(answer, 'secret', path), otpauthUri: readString(answer, 'otpauthUri', path) }
}

/**
 * Sends an SMS code for MFA (to enrol `phoneNumber`, or to verify with the enrolled one).
 *
 * @example
 * await sendMfaSmsCode(client, { phoneNumber: '+14155550100' })
 */
export async function sendMfaSmsCode(
  client: SatchelClient,
  { phoneNumber }: { phoneNumber?: string | undefined } = {},
): Promise<void> {
  await requireFeature(feature, () =>
    client.request({
      method: 'POST',
      path: '/api/v1/mfa/passwordless_sms/init',
      body: phoneNumber ? { phoneNumber } : {},
      auth: true,
      signed: {},
    }),
  )
}

/**
 * Finishes enrolling `method` with the first code it produced. A first authenticator answers the
 * user's first MFA backup codes (`backupCodes`, empty otherwise): show them this once.
 *
 * @example
 * const { backupCodes } = await enrollMfa(client, { method: 'totp', code: '123456' })
 */
export async function enrollMfa(
  client: SatchelClient,
  { method, code }: { method: MfaMethod; code: string },
): Promise<{ backupCodes: BackupCodes }> {
  const answer = await requireFeature(feature, () =>
    client.request({
      method: 'POST',
      path: `${prefix(method)}/enroll`,
      body: { code: code.trim() },
      auth: true,
      // An MFA change: signed, with the existing factor verified first when there is one.
      signed: {},
    }),
  )
  await getUser(client)
  return { backupCodes: readBackupCodes(answer) }
}

/**
 * Verifies a code for sensitive actions: the client then sends the MFA token with wallet requests for
 * the next 15 minutes.
 *
 * @example
 * await verifyMfa(client, { method: 'totp', code: '123456' })
 */
export async function verifyMfa(
  client: SatchelClient,
  { method, code }: { method: MfaMethod; code: string },
): Promise<void> {
  const path = `${prefix(method)}/verify`
  const answer = await requireFeature(feature, () =>
    client.request({ method: 'POST', path, body: { code: code.trim() }, auth: true }),
  )
  client.setMfaToken(readString(answer, 'token', path), Date.now() + MFA_VERIFICATION_TTL_SECONDS * 1000)
}
