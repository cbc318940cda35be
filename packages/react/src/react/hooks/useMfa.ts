import { useMemo } from 'react'
import {
  type BackupCodes,
  generateBackupCodes,
  getBackupCodeCount,
  verifyMfaWithBackupCode,
} from '../../client/actions/backupCodes'
import { enrollPasskeyMfa } from '../../client/actions/enrollPasskeyMfa'
import {
  enrollMfa,
  initTotpEnrollment,
  type MfaMethod,
  sendMfaSmsCode,
  verifyMfa,
} from '../../client/actions/mfa'
import { type UnenrollMfaParameters, unenrollMfa } from '../../client/actions/unenrollMfa'
import { verifyPasskeyMfa } from '../../client/actions/verifyPasskeyMfa'
import type { SatchelUser } from '../../client/types'
import { useSatchelClient } from '../context'
import { useSatchel } from './useSatchel'

export type UseMfaReturnType = {
  /** The methods the user has enrolled. */
  methods: readonly string[]
  initTotpEnrollment: () => Promise<{ secret: string; otpauthUri: string }>
  sendSmsCode: (parameters?: { phoneNumber?: string | undefined }) => Promise<void>
  /** Finishes an enrolment; a first authenticator answers the first backup codes (show them once). */
  enroll: (parameters: { method: MfaMethod; code: string }) => Promise<{ backupCodes: BackupCodes }>
  /** Verifies a code; wallet requests then carry the MFA token for 15 minutes. */
  verify: (parameters: { method: MfaMethod; code: string }) => Promise<void>
  /** Makes some of the user's linked passkeys a second factor. */
  enrollPasskey: (parameters: { credentialIds: readonly string[] }) => Promise<SatchelUser>
  /** Passes passkey MFA (the browser's passkey prompt); wallet requests then carry the MFA token. */
  verifyPasskey: () => Promise<void>
  /** Removes a second factor (verify one first: the server asks for a fresh MFA token). */
  unenroll: (parameters: UnenrollMfaParameters) => Promise<SatchelUser>
  /** 10 new backup codes, replacing the old ones (verify a second factor first). */
  generateBackupCodes: () => Promise<BackupCodes>
  /** How many backup codes are left unused. */
  getBackupCodeCount: () => Promise<{ remaining: number }>
  /** Passes MFA with a backup code instead of a code from the app or a text (the code is spent). */
  verifyBackupCode: (parameters: { code: string }) => Promise<void>
}

/**
 * Multi-factor authentication: enrol an authenticator app, a phone or a passkey, remove one, and verify before sensitive
 * actions (signing, export) when the app requires it.
 *
 * @example
 * const { initTotpEnrollment, enroll } = useMfa()
 * const { otpauthUri } = await initTotpEnrollment()
 * await enroll({ method: 'totp', code })
 */
export function useMfa(): UseMfaReturnType {
  const client = useSatchelClient('useMfa')
  const { user } = useSatchel()
  const actions = useMemo(
    () => ({
      initTotpEnrollment: () => initTotpEnrollment(client),
      sendSmsCode: (parameters: { phoneNumber?: string | undefined } = {}) =>
        sendMfaSmsCode(client, parameters),
      enroll: (parameters: { method: MfaMethod; code: string }) => enrollMfa(client, parameters),
      verify: (parameters: { method: MfaMethod; code: string }) => verifyMfa(client, parameters),
      enrollPasskey: (parameters: { credentialIds: readonly string[] }) =>
        enrollPasskeyMfa(client, parameters),
      verifyPasskey: () => verifyPasskeyMfa(client),
      unenroll: (parameters: UnenrollMfaParameters) => unenrollMfa(client, parameters),
      generateBackupCodes: () => generateBackupCodes(client),
      getBackupCodeCount: () => getBackupCodeCount(client),
      verifyBackupCode: (parameters: { code: string }) => verifyMfaWithBackupCode(client, parameters),
    }),
    [client],
  )
  return { ...actions, methods: user?.mfaMethods ?? [] }
}
