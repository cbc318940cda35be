import { useMemo } from 'react'
import {
  enrollMfa,
  initTotpEnrollment,
  type MfaMethod,
  sendMfaSmsCode,
  verifyMfa,
} from '../../client/actions/mfa'
import { useSatchelClient } from '../context'
import { useSatchel } from './useSatchel'

export type UseMfaReturnType = {
  /** The methods the user has enrolled. */
  methods: readonly string[]
  initTotpEnrollment: () => Promise<{ secret: string; otpauthUri: string }>
  sendSmsCode: (parameters?: { phoneNumber?: string | undefined }) => Promise<void>
  enroll: (parameters: { method: MfaMethod; code: string }) => Promise<void>
  /** Verifies a code; wallet requests then carry the MFA token for 15 minutes. */
  verify: (parameters: { method: MfaMethod; code: string }) => Promise<void>
}

/**
 * Multi-factor authentication: enrol an authenticator app or a phone, and verify before sensitive
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
    }),
    [client],
  )
  return { ...actions, methods: user?.mfaMethods ?? [] }
}
